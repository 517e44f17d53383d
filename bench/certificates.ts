/**
 * `npm run bench:certificates`: generate the certificates of 10,000 learners in 400 schools (published results) as
 * one background job on the real server in its own process (the rows, then one print-ready PDF per school), beside
 * the raw page rate of the same certificate drawn by the same library in this process during the same run.
 *
 *   npm run bench:certificates [-- --learners 10000 --port 3206]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:certificates
 *
 * Target: 10,000 certificates in ≤ 60 s. Traffic stays on 127.0.0.1; the run stops by itself (the job
 * is given at most 600 s).
 */
import os from 'node:os';
import { defaultConfig } from '../server/features/certificates/config.js';
import { CertificateDocument, type CertificatePrint } from '../server/features/certificates/pdf.js';
import { olympiadIdOf, requestJson, signInStaff } from './lib/http.js';
import { startServer, stopAfter } from './lib/server.js';
import { arg } from './lib/args.js';

const learners = arg('learners', 10_000);
const port = arg('port', 3206);
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const threads = process.env.PDF_THREADS ?? String(os.availableParallelism());

const sample = (n: number): CertificatePrint => ({
  kind: n % 3 ? 'gold' : 'participation',
  learnerName: `Zoë Müller-Nel ${n}`,
  schoolName: 'Hoërskool Bench 1',
  grade: 10,
  awardLabel: n % 3 ? 'Gold' : 'Participation',
  score: 42,
  maxScore: 50,
  percent: 84,
  percentile: 96,
  rank: 3,
  olympiadTitle: 'Certificate benchmark olympiad',
  issuedAt: new Date(),
  code: `BENCH${String(n).padStart(7, '2')}`.slice(0, 12),
  verifyUrl: `http://127.0.0.1:${port}/verify/BENCH2222222`,
});

/**
 * Certificates/s drawn and saved by the same renderer in this process for `ms`: school-sized documents of 25 pages,
 * without the database or storage (the raw rate the job's own rate is compared with).
 */
async function rawRate(ms: number): Promise<number> {
  const config = defaultConfig();
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < ms) {
    const doc = await CertificateDocument.create(config, new Map(), 'bench');
    for (let i = 0; i < 25; i++) await doc.add(sample(n++));
    await doc.save();
  }
  return n / ((performance.now() - start) / 1000);
}

interface Job {
  status: string;
  done: number;
  total: number;
  phase: string | null;
  error: string | null;
}

async function main() {
  console.log(
    `Certificate benchmark: ${learners} learners in ${Math.round(learners / 25)} schools, one generation job, on 127.0.0.1`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
      `load ${os.loadavg()[0]!.toFixed(1)}; database: ${database}`,
  );
  await rawRate(1500); // warm up (fonts parsed, code compiled), as the server is by its first school
  const rawBefore = await rawRate(5000);
  const seeded = performance.now();
  const server = await startServer({
    port,
    startTimeoutMs: 600_000,
    env: {
      BENCH_CERTIFICATE_LEARNERS: String(learners),
      MAIL_SENDER: 'false',
      PDF_THREADS: threads,
    },
  });
  console.log(`server up with the seed in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const callOff = stopAfter(server, 600, 'bench:certificates');
  try {
    const auth = await signInStaff(server.url, 'overlord');
    const olympiadId = await olympiadIdOf(server.url, 'geo-certificates', auth);
    const t0 = performance.now();
    const started = await requestJson<{ job: { id: number } }>(
      server.url,
      'POST',
      `/certificates/generate?olympiadId=${olympiadId}`,
      undefined,
      auth,
    );
    if (started.status !== 202) throw new Error(`generate answered ${started.status}: ${JSON.stringify(started.body)}`);
    let job: Job = { status: 'queued', done: 0, total: learners, phase: null, error: null };
    let rowsDone: number | null = null;
    while (job.status !== 'done' && job.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 500));
      const status = await requestJson<{ job: Job }>(
        server.url,
        'GET',
        `/certificates/get-generation-status?olympiadId=${olympiadId}`,
        undefined,
        auth,
      );
      job = status.body.job;
      if (rowsDone == null && job.phase === 'pdf') rowsDone = (performance.now() - t0) / 1000;
    }
    const seconds = (performance.now() - t0) / 1000;
    const rawAfter = await rawRate(5000);
    const raw = (rawBefore + rawAfter) / 2;
    const status = await requestJson<{ schools: { total: number; generated: number }; certificates: number }>(
      server.url,
      'GET',
      `/certificates/get-generation-status?olympiadId=${olympiadId}`,
      undefined,
      auth,
    );
    const made = status.body.certificates;
    const rate = made / seconds;
    console.log(`\n== certificates (${database}, ${threads} drawing threads) ==`);
    console.log(
      `job: ${job.status}${job.error ? ` (${job.error})` : ''}; ${made} certificates, ` +
        `${status.body.schools.generated} of ${status.body.schools.total} schools' PDFs`,
    );
    console.log(
      `time: ${seconds.toFixed(1)} s, the rows in ${rowsDone?.toFixed(1) ?? '?'} s ` +
        `(target ≤ 60 s for 10,000: ${seconds <= 60 * (learners / 10_000) ? 'met' : 'NOT met'})`,
    );
    console.log(
      `certificates/s: ${rate.toFixed(0)} against the raw rate ${raw.toFixed(0)}/s of the renderer ` +
        `(before ${rawBefore.toFixed(0)}, after ${rawAfter.toFixed(0)}) = ${((100 * rate) / raw).toFixed(0)} %`,
    );
    if (job.status !== 'done' || made !== learners) process.exitCode = 1;
  } finally {
    callOff();
    await server.stop();
  }
}

await main();
