/**
 * `npm run bench:reports`: the report calls on a large olympiad (decision 038). The real server in its own process
 * seeds `geo-reports` (BENCH_REPORT_LEARNERS, by default 100,000 learners in 2,000 schools, 95,000 attempts and
 * 2,850,000 answers, about 3,000,000), then each call below is timed one request at a time and with 4 at once,
 * beside the bare route (a constant JSON answer, bench/lib/bare-route.ts) measured the same way in the same run: the
 * machine's floor for one HTTP round trip through the server.
 *
 *   npm run bench:reports [-- --learners 100000 --requests 60 --port 3207]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:reports
 *
 * Target: each call ≤ 300 ms p99 (the run exits 1 when one misses it). Calls answering 404 are listed as not built on this branch and
 * skipped. Traffic stays on 127.0.0.1.
 */
import os from 'node:os';
import { requestJson, run, signInStaff } from './lib/http.js';
import { startServer } from './lib/server.js';
import { fmt, summarize } from './lib/stats.js';
import { arg } from './lib/args.js';

const learners = arg('learners', 100_000);
const requests = arg('requests', 60);
const port = arg('port', 3207);
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Who calls it. */
  as: 'overlord' | 'admin';
}

/**
 * The calls measured, as [name, request] pairs; `{o}` is the benchmark olympiad's id. Extend the list as report
 * routes arrive.
 */
export const calls: Array<[string, Call]> = [
  ['overview (one olympiad)', { method: 'POST', path: '/olympiad/reports/overview/{o}', as: 'admin' }],
  ['overview (every olympiad)', { method: 'POST', path: '/olympiad/reports/overview', as: 'overlord' }],
  ['graph data', { method: 'POST', path: '/olympiad/reports/graph-data/{o}', body: {}, as: 'admin' }],
  ['feedback, page 1', { method: 'GET', path: '/olympiad/reports/feedback/{o}?pageSize=25', as: 'admin' }],
  [
    'feedback, one school',
    { method: 'GET', path: '/olympiad/reports/feedback/{o}?pageSize=25&grade=10&rating=5', as: 'admin' },
  ],
  ['dashboard user', { method: 'GET', path: '/dashboard/user?section=admin&olympiadId={o}', as: 'admin' }],
  ['search, a learner', { method: 'GET', path: '/api/search/?q=rep-4242', as: 'overlord' }],
  ['search, a school name', { method: 'GET', path: '/api/search/?q=Report%20School%201234', as: 'overlord' }],
  ['activity log, a day', { method: 'GET', path: '/api/activity-log/?timeWindow=day', as: 'overlord' }],
  ['activity log, all', { method: 'GET', path: '/api/activity-log/?timeWindow=all', as: 'overlord' }],
  [
    'learner login activity',
    { method: 'GET', path: '/api/learner-login-activity/?olympiadId={o}&timeWindow=week', as: 'overlord' },
  ],
];

/** `n` requests, `concurrency` at a time; latencies in ms and the statuses seen. */
async function measure(n: number, concurrency: number, send: () => Promise<number>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let left = n;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        const status = await send();
        latencies.push(performance.now() - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { ...summarize(latencies), statuses };
}

function line(label: string, s: Awaited<ReturnType<typeof measure>>) {
  const bad = [...s.statuses].filter(([code]) => code !== 200);
  return (
    `${label.padEnd(30)} p50 ${fmt(s.p50).padStart(7)} ms   p99 ${fmt(s.p99).padStart(7)} ms   max ${fmt(s.max).padStart(7)} ms` +
    (bad.length ? `   non-200: ${bad.map(([c, k]) => `${c}×${k}`).join(', ')}` : '')
  );
}

async function main() {
  console.log(
    `Report benchmark: ${learners.toLocaleString('en')} learners (${Math.round(learners / 50).toLocaleString('en')} schools, ` +
      `~${(learners * 0.95 * 30).toLocaleString('en')} answers); ${database}; ${requests} requests per call, one at a ` +
      `time and 4 at once; ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => fmt(l))
        .join(' ')} (a shared machine: other work runs beside it)`,
  );
  const t0 = performance.now();
  const server = await startServer({
    port,
    env: { BENCH_REPORT_LEARNERS: String(learners), MAIL_SENDER: 'false' },
    startTimeoutMs: 30 * 60_000,
  });
  try {
    console.log(`seeded and started in ${fmt((performance.now() - t0) / 1000)} s`);
    const headers = {
      overlord: await signInStaff(server.url, 'overlord'),
      admin: await signInStaff(server.url, 'admin'),
    };
    const board = await requestJson<{ olympiads: Array<{ id: number; varName: string }> }>(
      server.url,
      'GET',
      '/dashboard/user?section=overlord',
      undefined,
      headers.overlord,
    );
    const olympiad = board.body.olympiads.find((o) => o.varName === 'geo-reports');
    if (!olympiad) throw new Error('the benchmark olympiad geo-reports is missing');
    const send = (c: Call) => async () => {
      const res = await requestJson(
        server.url,
        c.method,
        c.path.replaceAll('{o}', String(olympiad.id)),
        c.body === undefined ? undefined : JSON.stringify(c.body),
        headers[c.as],
      );
      return res.status;
    };
    const bare = async () => (await requestJson(server.url, 'GET', '/api/bench/bare-json')).status;
    await measure(20, 4, bare);
    // Each figure as it is measured: a call that stalls is named by where the output stops.
    const missed: string[] = [];
    for (const concurrency of [1, 4]) {
      console.log(`${concurrency === 1 ? 'one at a time' : '4 at once'}:`);
      console.log('  ' + line('bare route (the floor)', await measure(requests, concurrency, bare)));
      for (const [name, call] of calls) {
        const probe = await send(call)();
        if (probe === 404) {
          console.log(`  ${name.padEnd(30)} not built on this branch (404): skipped`);
          continue;
        }
        await measure(3, 1, send(call)); // warm: plans, caches, JIT
        const measured = await measure(requests, concurrency, send(call));
        console.log('  ' + line(name, measured));
        if (measured.p99 > 300 || [...measured.statuses.keys()].some((code) => code !== 200))
          missed.push(`${name} (${concurrency === 1 ? 'one at a time' : '4 at once'})`);
      }
    }
    const passed = missed.length === 0;
    console.log(
      `${passed ? 'PASS' : 'FAIL'}  each call ≤ 300 ms p99, every answer 200${passed ? '' : `: not ${missed.join(', ')}`}`,
    );
    if (!passed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

run(main);
