/**
 * Upload-bomb benchmark: the real server (its own process, 127.0.0.1) receives N concurrent hostile uploads
 * (a 1,000,000-row xlsx, a ~400 KB xlsx that unpacks to 400 MB, and the same with a zip that lies about the
 * size) to the learner and question imports, while /api/health is polled every 20 ms. Prints the health
 * latency (p50/p99/max) beside the same measured with no uploads, and each upload's status and time, beside
 * the machine's own cost of reading each file in this process (the limit the server's work stands on).
 * Bounded: a fixed number of uploads, each with a 30 s timeout; it stops by itself.
 *
 *   npm run bench:upload [-- --uploads 12]
 */
import { readSpreadsheet } from '../server/platform/spreadsheet/reader.mjs';
import { bombXlsx, manyRowsXlsx } from '../server/platform/spreadsheet/test-files.js';
import { signInStaff } from './lib/http.js';
import { startServer } from './lib/server.js';
import { fmt, percentile } from './lib/stats.js';
import { arg } from './lib/args.js';

const uploads = arg('uploads', 12);
const port = arg('port', 3261);

async function pollHealth(url: string, stop: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    samples.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  return samples;
}

const line = (label: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label}: n=${sorted.length} p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms, max ${fmt(sorted.at(-1) ?? NaN)} ms`;
};

async function main() {
  const files = {
    'million-rows': manyRowsXlsx(1_000_000),
    bomb: bombXlsx(400),
    'lying-bomb': bombXlsx(400, true),
  };
  console.log(
    `Upload-bomb benchmark: ${uploads} concurrent uploads; files: ${Object.entries(files)
      .map(([k, v]) => `${k} ${(v.length / 1024).toFixed(0)} KiB`)
      .join(', ')}`,
  );
  // The machine's own cost: each file read in this process with the server's reader and caps.
  for (const [name, bytes] of Object.entries(files)) {
    const started = performance.now();
    const result = await readSpreadsheet(bytes, { maxRows: 20_000 });
    console.log(
      `  in-process read of ${name}: ${fmt(performance.now() - started, 0)} ms → ${result.ok ? 'ok' : result.status}`,
    );
  }
  const server = await startServer({ port });
  try {
    const admin = await signInStaff(server.url, 'admin');
    const teacher = await signInStaff(server.url, 'teacher');
    const olympiad = (await (await fetch(`${server.url}/website/api/olympiad/geo-demo`)).json()) as {
      olympiad: { id: number };
    };
    const mod = await fetch(`${server.url}/question-module/v-rest/`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ olympiadId: olympiad.olympiad.id, title: 'Bench' }),
    });
    const moduleId = ((await mod.json()) as { module: { id: number } }).module.id;
    const targets = [
      {
        name: 'learners',
        auth: teacher,
        url: `${server.url}/learner/v-rest/import/preview?olympiadId=${olympiad.olympiad.id}`,
      },
      { name: 'questions', auth: admin, url: `${server.url}/question/v-rest/import?questionModuleId=${moduleId}` },
    ];

    let quiet = false;
    const baseline = await (async () => {
      setTimeout(() => (quiet = true), 3000);
      return pollHealth(server.url, () => quiet);
    })();
    console.log(line('health, no uploads', baseline));

    // The forms are built before the clock starts, so the client's own copying does not count as latency.
    const names = Object.keys(files) as Array<keyof typeof files>;
    const forms = Array.from({ length: uploads }, (_, i) => {
      const name = names[i % names.length]!;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(files[name])]), `${name}.xlsx`);
      return form;
    });
    let done = false;
    const health = pollHealth(server.url, () => done);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: uploads }, async (_, i) => {
        const name = names[i % names.length]!;
        const target = targets[i % targets.length]!;
        const form = forms[i]!;
        const t = performance.now();
        try {
          const res = await fetch(target.url, {
            method: 'POST',
            body: form,
            headers: target.auth,
            signal: AbortSignal.timeout(30_000),
          });
          const body = (await res.json()) as { code?: string };
          return {
            name,
            target: target.name,
            status: res.status,
            code: body.code,
            ms: performance.now() - t,
          };
        } catch (error) {
          return { name, target: '?', status: 0, code: String(error), ms: performance.now() - t };
        }
      }),
    );
    done = true;
    const samples = await health;
    console.log(`all ${uploads} uploads answered in ${fmt(performance.now() - started, 0)} ms`);
    for (const r of results)
      console.log(`  ${r.name} → ${r.target}: ${r.status} ${r.code ?? ''} in ${fmt(r.ms, 0)} ms`);
    console.log(line('health, during the uploads', samples));
    const max = Math.max(...samples);
    console.log(`${max < 200 ? 'PASS' : 'FAIL'}: /api/health max ${fmt(max)} ms during the uploads (bar: 200 ms)`);
    if (max >= 200) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
