/**
 * Learner import benchmark: a real 10,000-row xlsx, written with exceljs, uploaded and
 * checked (preview, which keeps the checked rows as a held import), then started and polled until the
 * background job has loaded every row into one school, all or nothing (decision 021). Prints the times;
 * the bar is at most 10 s end to end (upload + check + job).
 *
 *   npm run bench:import [-- --rows 10000]
 *   DATABASE_URL=postgres://… npm run bench:import   (PostgreSQL instead of PGlite)
 */
import ExcelJS from 'exceljs';
import { signInStaff } from './lib/http.js';
import { startServer } from './lib/server.js';
import { arg } from './lib/args.js';

const rowCount = arg('rows', 10_000);
const port = arg('port', 3251);

const firstNames = [
  'Lerato',
  'Thabo',
  'Zoë',
  'Anaïs',
  'Sipho',
  'Johan',
  'Nomsa',
  'Pieter',
  'Aisha',
  'Kagiso',
  'Chloé',
  'Ruan',
];
const lastNames = [
  'Khumalo',
  "O'Neill",
  'du Plessis',
  'Nkosi',
  'van der Merwe',
  'Mokoena',
  'Dlamini',
  'Naidoo',
  'Müller',
  'Botha',
];

async function workbook(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Learners');
  sheet.addRow(['First name', 'Surname', 'Grade']);
  for (let i = 0; i < rows; i++) {
    sheet.addRow([`${firstNames[i % firstNames.length]} ${i}`, lastNames[(i * 7) % lastNames.length], 7 + (i % 6)]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function post(url: string, auth: { authorization: string }, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'learners.xlsx');
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', body: form, headers: auth });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body, ms: performance.now() - started };
}

async function main() {
  const file = await workbook(rowCount);
  console.log(
    `Learner import benchmark: ${rowCount.toLocaleString('en')} rows, xlsx of ${(file.length / 1024).toFixed(0)} KiB`,
  );
  const server = await startServer({ port });
  try {
    const teacher = await signInStaff(server.url, 'teacher');
    const olympiad = (await (await fetch(`${server.url}/website/api/olympiad/geo-demo`)).json()) as {
      olympiad: { id: number };
    };
    const q = `?olympiadId=${olympiad.olympiad.id}`;

    const started = performance.now();
    const preview = await post(`${server.url}/learner/v-rest/import/preview${q}`, teacher, file);
    console.log(
      `preview (upload + read + check every row): ${(preview.ms / 1000).toFixed(2)} s — ${preview.body.valid} valid, ${preview.body.invalid} invalid`,
    );
    const importId = preview.body.importId as number | null;
    if (preview.status !== 200 || importId == null)
      throw new Error(`preview answered ${preview.status}: ${JSON.stringify(preview.body).slice(0, 300)}`);
    const jobStart = performance.now();
    const auth = teacher;
    const start = await fetch(`${server.url}/learner/v-rest/import/${importId}/start`, {
      method: 'POST',
      headers: auth,
    });
    if (start.status !== 202) throw new Error(`start answered ${start.status}: ${await start.text()}`);
    let job: { status: string; done: number; total: number; created: number | null; message: string | null };
    let polls = 0;
    let lastShown = -1;
    for (;;) {
      const res = await fetch(`${server.url}/learner/v-rest/import/${importId}`, { headers: auth });
      job = ((await res.json()) as { job: typeof job }).job;
      polls++;
      const tenth = Math.floor((10 * job.done) / Math.max(job.total, 1));
      if (job.status === 'running' && tenth !== lastShown) {
        lastShown = tenth;
        console.log(`  job: ${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')}`);
      }
      if (job.status === 'done' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (job.status !== 'done') throw new Error(`the import failed: ${job.message}`);
    const jobSeconds = (performance.now() - jobStart) / 1000;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `import job (credentials + one transaction, polled ${polls} times): ${jobSeconds.toFixed(2)} s — ${job.created} learners created`,
    );
    const slips = performance.now();
    const pdf = await fetch(`${server.url}/learner/v-rest/slips.pdf${q}`, {
      headers: teacher,
    });
    const bytes = (await pdf.arrayBuffer()).byteLength;
    console.log(
      `sign-in slips PDF for the school: ${((performance.now() - slips) / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(2)} MiB`,
    );
    console.log(
      `${seconds <= 10 ? 'PASS' : 'FAIL'}: ${rowCount.toLocaleString('en')}-row import end to end (upload, check, job) in ${seconds.toFixed(2)} s (bar: 10 s)`,
    );
    if (seconds > 10) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
