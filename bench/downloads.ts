/**
 * `npm run bench:downloads`: one teacher asks for the sign-in slips of a large school many times at once (decision
 * 065). The real server in its own process; the teacher loads the school through the learner import, as a teacher
 * does (a real xlsx of `--learners` rows, 500 by default, uploaded, checked and saved by the import job), then fires
 * `--parallel` (100) slip-PDF requests at once while `/api/health` is asked every ~20 ms, and another teacher asks
 * for their own school's slips in the middle of it. Beside it, in the same run: the health check with nothing else
 * going on (the machine's own floor) and one slip PDF alone.
 *
 *   npm run bench:downloads [-- --learners 500 --parallel 100 --port 3261]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:downloads
 *
 * Targets: the health check's p99 during the storm ≤ 200 ms; every slip request answered with a PDF or at once with
 * 429 and Retry-After in the one error shape; the other teacher's slips served. The run exits 1 when one fails.
 * Traffic stays on 127.0.0.1; the run stops by itself (a watchdog ends it after 10 minutes).
 */
import os from 'node:os';
import ExcelJS from 'exceljs';
import { requestJson, run, signInStaff } from './lib/http.js';
import { startServer, stopAfter } from './lib/server.js';
import { fmt, summarize } from './lib/stats.js';
import { arg } from './lib/args.js';

const learners = arg('learners', 500);
const parallel = arg('parallel', 100);
const port = arg('port', 3261);
const targetP99 = arg('target', 200);
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

async function workbook(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Learners');
  sheet.addRow(['First name', 'Surname', 'Grade']);
  const first = ['Zoë', 'Thabo', 'Anaïs', 'Sipho', 'Lerato', 'Pieter', 'Nomsa', 'Chloé'];
  const last = ['Khumalo', "O'Neill", 'du Plessis', 'Nkosi', 'van der Merwe', 'Müller'];
  for (let i = 0; i < rows; i++)
    sheet.addRow([`${first[i % first.length]} ${i}`, last[(i * 7) % last.length], 7 + (i % 6)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The teacher loads `rows` learners into their school through the import (preview, start, the job). */
async function importLearners(url: string, auth: { authorization: string }, q: string, rows: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await workbook(rows))]), 'learners.xlsx');
  const preview = await fetch(`${url}/learner/v-rest/import/preview${q}`, {
    method: 'POST',
    body: form,
    headers: auth,
  });
  const body = (await preview.json()) as { importId?: number; valid?: number };
  if (preview.status !== 200 || body.importId == null) throw new Error(`import preview answered ${preview.status}`);
  const start = await fetch(`${url}/learner/v-rest/import/${body.importId}/start`, { method: 'POST', headers: auth });
  if (start.status !== 202) throw new Error(`import start answered ${start.status}`);
  for (let i = 0; i < 600; i++) {
    const res = await requestJson<{ job: { status: string; message: string | null } }>(
      url,
      'GET',
      `/learner/v-rest/import/${body.importId}`,
      undefined,
      auth,
    );
    if (res.body.job.status === 'done') return;
    if (res.body.job.status === 'failed') throw new Error(`the import failed: ${res.body.job.message}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the import did not finish in 2 minutes');
}

interface Slips {
  status: number;
  ms: number;
  pdf: boolean;
  retryAfter: boolean;
  oneShape: boolean;
}

async function slips(url: string, q: string, auth: { authorization: string }): Promise<Slips> {
  const t = performance.now();
  const res = await fetch(`${url}/learner/v-rest/slips.pdf${q}`, { headers: auth });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t;
  const pdf =
    res.status === 200 &&
    res.headers.get('content-type') === 'application/pdf' &&
    bytes.subarray(0, 5).toString() === '%PDF-';
  let oneShape = false;
  if (res.status === 429) {
    const body = JSON.parse(bytes.toString()) as Record<string, unknown>;
    oneShape = body.success === false && body.code === 'rate_limited' && body.message === body.error;
  }
  return { status: res.status, ms, pdf, retryAfter: Number(res.headers.get('retry-after')) >= 1, oneShape };
}

/** Asks /api/health every `everyMs` until `until` settles; answers each answer's time in ms. */
async function pollHealth(url: string, everyMs: number, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await requestJson(url, 'GET', '/api/health');
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    times.push(ms);
    await new Promise((r) => setTimeout(r, Math.max(0, everyMs - ms)));
  }
  return times;
}

/** The served PDFs' times: each when there are a few, else their spread. */
const pdfTimes = (ms: number[]) =>
  ms.length <= 5
    ? `${ms.map((t) => fmt(t, 0)).join(', ')} ms`
    : `p50 ${fmt(summarize(ms).p50, 0)} ms, max ${fmt(summarize(ms).max, 0)} ms`;

const spread = (times: number[]) => {
  const s = summarize(times);
  return `p50 ${fmt(s.p50).padStart(6)} ms   p99 ${fmt(s.p99).padStart(7)} ms   max ${fmt(s.max).padStart(7)} ms   (${s.count} checks)`;
};

async function main() {
  console.log(
    `Download benchmark: ${parallel} slip PDFs at once by one teacher of a ${learners}-learner school; ${database}; ` +
      `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => fmt(l))
        .join(' ')} (a shared machine: other work runs beside it)`,
  );
  const server = await startServer({ port, env: { MAIL_SENDER: 'false' } });
  const cancel = stopAfter(server, 600, 'bench:downloads');
  try {
    const teacher = await signInStaff(server.url, 'teacher');
    const teacher2 = await signInStaff(server.url, 'teacher2');
    const found = (await (await fetch(`${server.url}/website/api/olympiad/geo-demo`)).json()) as {
      olympiad: { id: number };
    };
    const q = `?olympiadId=${found.olympiad.id}`;
    const t0 = performance.now();
    await importLearners(server.url, teacher, q, learners);
    console.log(`${learners} learners imported by the teacher in ${fmt((performance.now() - t0) / 1000)} s`);

    // The machine's own floor: the health check with nothing else going on.
    const quiet = await pollHealth(server.url, 20, new Promise((r) => setTimeout(r, 3000)));
    console.log(`health, quiet:            ${spread(quiet)}`);
    // One slip PDF alone (twice: the first warms the drawing thread and its fonts).
    await slips(server.url, q, teacher);
    const alone = await slips(server.url, q, teacher);
    if (!alone.pdf) throw new Error(`one slip PDF answered ${alone.status}`);
    const size = (await (await fetch(`${server.url}/learner/v-rest/slips.pdf${q}`, { headers: teacher })).arrayBuffer())
      .byteLength;
    console.log(`one slip PDF alone:       ${fmt(alone.ms)} ms, ${fmt(size / 1024 / 1024, 2)} MiB`);

    // The storm: `parallel` at once by one teacher, another teacher's download in the middle of it.
    const stormStart = performance.now();
    const storm = Promise.all(Array.from({ length: parallel }, () => slips(server.url, q, teacher)));
    const other = new Promise((r) => setTimeout(r, 50)).then(() => slips(server.url, q, teacher2));
    const [answers, otherAnswer, during] = await Promise.all([
      storm,
      other,
      pollHealth(server.url, 20, Promise.all([storm, other])),
    ]);
    const stormMs = performance.now() - stormStart;
    const served = answers.filter((a) => a.pdf);
    const refused = answers.filter((a) => a.status === 429);
    const odd = answers.filter((a) => !a.pdf && a.status !== 429);
    const refusedWell = refused.every((a) => a.retryAfter && a.oneShape);
    console.log(`health, during the storm: ${spread(during)}`);
    console.log(
      `slips: ${served.length} served (PDF time ${pdfTimes(served.map((a) => a.ms))}), ${refused.length} refused ` +
        `with 429 (p99 ${fmt(summarize(refused.map((a) => a.ms)).p99)} ms), ${odd.length} other; ` +
        `every answer in ${fmt(stormMs / 1000, 2)} s`,
    );
    console.log(`the other teacher's slips: ${otherAnswer.status}, ${fmt(otherAnswer.ms)} ms`);

    const p99 = summarize(during).p99;
    const checks: Array<[boolean, string]> = [
      [
        p99 <= targetP99,
        `health p99 during the storm ≤ ${targetP99} ms (${fmt(p99)} ms; quiet ${fmt(summarize(quiet).p99)} ms)`,
      ],
      [
        odd.length === 0 && served.length > 0 && refusedWell,
        `every slip request a PDF or a 429 with Retry-After in the one error shape (${served.length} + ${refused.length} of ${parallel})`,
      ],
      [otherAnswer.pdf, `the other teacher's slips served during the storm (${otherAnswer.status})`],
    ];
    for (const [ok, what] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
    if (checks.some(([ok]) => !ok)) process.exitCode = 1;
  } finally {
    cancel();
    await server.stop();
  }
}

run(main);
