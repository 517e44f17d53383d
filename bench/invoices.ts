/**
 * `npm run bench:invoices`: issue the invoices of 2,000 schools of one olympiad as one background job (a PDF, a
 * stored attachment and a queued mail each), on the real server in its own process, beside the raw rate of the
 * same PDF made by the same library in this process during the same run.
 *
 *   npm run bench:invoices [-- --schools 2000 --port 3205]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:invoices
 *
 * Targets: the whole job ≤ 60 s, and its PDFs/s at least 50 % of the raw rate. Traffic stays on
 * 127.0.0.1; the run stops by itself (the job is given at most 300 s).
 */
import os from 'node:os';
import { invoicePdf, type InvoiceDocument } from '../server/features/finance/invoices/pdf.js';
import { olympiadIdOf, requestJson, signInStaff } from './lib/http.js';
import { startServer, stopAfter } from './lib/server.js';
import { arg } from './lib/args.js';

const schools = arg('schools', 2000);
const port = arg('port', 3205);
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** A document like the ones the job issues. */
const sample: InvoiceDocument = {
  kind: 'invoice',
  documentNumber: 'BENCH-2026-00001',
  creditsDocumentNumber: null,
  replacedByDocumentNumber: null,
  issuedAt: new Date(),
  dueOn: '2026-12-31',
  currency: 'ZAR',
  lines: [
    {
      description: 'Invoice benchmark olympiad: entry fee per learner',
      quantity: 3,
      unitCents: 3500,
      amountCents: 10500,
    },
  ],
  subtotalCents: 10500,
  vatRateBp: 1500,
  vatCents: 1575,
  totalCents: 12075,
  schoolsPO: null,
  paymentReference: 'BENCH00001',
  olympiadTitle: 'Invoice benchmark olympiad',
  billTo: {
    schoolName: 'Bench School 1',
    emisNumber: '777777771',
    address: '1 School Street, Pretoria',
    town: 'Pretoria',
    province: 'Gauteng',
    contactName: 'Teacher Bench School 1',
    contactEmail: 'bench-teacher-1@example.org',
  },
  seller: {
    legalName: 'Bench Olympiad Trust NPC',
    registrationNumber: null,
    vatNumber: '4000000001',
    address: '1 Bench Road, Johannesburg, 2001',
    email: null,
    phone: null,
    bankName: 'First National Bank',
    bankAccountName: 'Bench Olympiad Trust NPC',
    bankAccountNumber: '62000000001',
    bankBranchCode: '250655',
    bankSwift: null,
    footer: 'Benchmark invoices.',
  },
};

/** PDFs/s of the same document with the same library, in this process, for `ms`. */
async function rawRate(ms: number): Promise<number> {
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < ms) {
    await invoicePdf(sample);
    n++;
  }
  return n / ((performance.now() - start) / 1000);
}

async function main() {
  console.log(
    `Invoice benchmark: ${schools} schools, one issue-all job (PDF + stored attachment + queued mail each), on 127.0.0.1`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; database: ${database}`,
  );
  const rawBefore = await rawRate(4000);
  const server = await startServer({ port, env: { BENCH_INVOICE_SCHOOLS: String(schools), MAIL_SENDER: 'false' } });
  const callOff = stopAfter(server, 300, 'bench:invoices');
  try {
    const auth = await signInStaff(server.url, 'overlord');
    const olympiadId = await olympiadIdOf(server.url, 'geo-invoices', auth);
    const t0 = performance.now();
    const started = await requestJson<{ job: { id: number } }>(
      server.url,
      'POST',
      `/invoice/api/issue-all?olympiadId=${olympiadId}&mail=true`,
      undefined,
      auth,
    );
    if (started.status !== 202)
      throw new Error(`issue-all answered ${started.status}: ${JSON.stringify(started.body)}`);
    let job = { status: 'queued', done: 0, total: schools, issued: 0, failed: 0 };
    while (job.status !== 'done' && job.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 500));
      job = (
        await requestJson<{ job: typeof job }>(
          server.url,
          'GET',
          `/invoice/api/issue-all/${started.body.job.id}`,
          undefined,
          auth,
        )
      ).body.job;
    }
    const seconds = (performance.now() - t0) / 1000;
    const rawAfter = await rawRate(4000);
    const raw = (rawBefore + rawAfter) / 2;
    const rate = job.issued / seconds;
    const invoices = await requestJson<{ total: number }>(
      server.url,
      'GET',
      `/invoice/api/?olympiadId=${olympiadId}&pageSize=1`,
      undefined,
      auth,
    );
    console.log(`\n== invoices (${database}) ==`);
    console.log(
      `job: ${job.status}, ${job.issued} issued, ${job.failed} failed; ${invoices.body.total} invoices stored`,
    );
    console.log(`time: ${seconds.toFixed(1)} s (target ≤ 60 s: ${seconds <= 60 ? 'met' : 'NOT met'})`);
    console.log(
      `PDFs/s: ${rate.toFixed(1)} against the raw rate ${raw.toFixed(1)}/s (before ${rawBefore.toFixed(1)}, after ${rawAfter.toFixed(1)}) ` +
        `= ${((100 * rate) / raw).toFixed(1)} % (target ≥ 50 %: ${rate >= raw / 2 ? 'met' : 'NOT met'})`,
    );
    if (job.issued !== schools || job.failed !== 0) process.exitCode = 1;
  } finally {
    callOff();
    await server.stop();
  }
}

await main();
