/**
 * Watch-page benchmark: 1,000 simulated viewers poll the Watch call (GET website/api/watch) on 127.0.0.1, each
 * once a second (five times as often as the page does), beside the same viewers polling a bare route (a constant
 * answer of the same shape, BENCH_BARE_ROUTE=1) measured in the same run, in alternating windows so that whatever
 * else the machine does weighs on both alike. Then both saturated (the viewers with no pause). It prints the
 * request rate, p50/p99 latency and how many times the figures were read from the database (the distinct
 * `refreshedAt` values seen): one per refresh interval, however many viewers.
 *
 *   npm run bench:watch [-- --viewers 1000 --interval-ms 1000 --seconds 20 --windows 4 --saturate-seconds 6]
 *   DATABASE_URL=postgres://… npx tsx bench/watch.ts   (runs against PostgreSQL instead of PGlite)
 *
 * Bounded in time: every window ends at its deadline (a request still out then is waited for, at most 30 s).
 */
import os from 'node:os';
import { requestJson } from './lib/http.js';
import { startServer } from './lib/server.js';
import { closedLoop, fmt, summarize } from './lib/stats.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const viewers = arg('viewers', 1000);
const intervalMs = arg('interval-ms', 1000);
const seconds = arg('seconds', 20);
const windows = Math.max(1, arg('windows', 4));
const saturateSeconds = arg('saturate-seconds', 6);
const port = arg('port', 3205);
const refreshSeconds = arg('refresh-seconds', 5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  latencies: number[];
  errors: number;
  elapsedMs: number;
  refreshes: Set<string>;
}
const emptySample = (): Sample => ({ latencies: [], errors: 0, elapsedMs: 0, refreshes: new Set() });

/** One request, recorded into `into`. */
async function hit(url: string, path: string, into: Sample) {
  const t = performance.now();
  try {
    const res = await requestJson<{ refreshedAt?: string }>(url, 'GET', path);
    into.latencies.push(performance.now() - t);
    if (res.status !== 200) into.errors++;
    else if (res.body?.refreshedAt) into.refreshes.add(res.body.refreshedAt);
  } catch {
    into.errors++;
  }
}

/** `viewers` pollers, each at its own phase, every `intervalMs` (at once again if a request took longer). */
async function poll(url: string, path: string, windowSeconds: number, into: Sample) {
  const start = performance.now();
  const deadline = start + windowSeconds * 1000;
  await Promise.all(
    Array.from({ length: viewers }, async (_, i) => {
      let next = start + (i / viewers) * intervalMs;
      while (next < deadline) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() >= deadline) break;
        await hit(url, path, into);
        next += intervalMs;
      }
    }),
  );
  into.elapsedMs += performance.now() - start;
}

function report(label: string, s: Sample, counted = false) {
  const stats = summarize(s.latencies);
  const rate = stats.count / (s.elapsedMs / 1000);
  console.log(
    `${label.padEnd(24)} ${fmt(rate).padStart(8)} req/s   p50 ${fmt(stats.p50).padStart(6)} ms   p99 ${fmt(stats.p99).padStart(7)} ms   ` +
      `max ${fmt(stats.max).padStart(7)} ms   errors ${s.errors}` +
      (counted ? `   database reads ${s.refreshes.size}` : ''),
  );
  return { rate, p99: stats.p99 };
}

async function main() {
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `Watch benchmark: ${viewers} viewers polling every ${intervalMs} ms, ${windows} × ${seconds / windows} s windows ` +
      `alternating with the bare route; then ${saturateSeconds} s each saturated; ${database}; ` +
      `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => fmt(l))
        .join(' ')}`,
  );
  const server = await startServer({
    port,
    env: { BENCH_BARE_ROUTE: '1', WATCH_REFRESH_SECONDS: String(refreshSeconds), MAIL_SENDER: 'false' },
  });
  try {
    // Warm both paths before measuring, at full concurrency, so that every viewer's connection is open and the
    // JIT has compiled both: the windows measure the steady state, not the connection storm.
    await closedLoop(viewers, 3, () => hit(server.url, '/website/api/watch', emptySample()));
    await closedLoop(viewers, 3, () => hit(server.url, '/api/bench/bare-json', emptySample()));

    const watch = emptySample();
    const bare = emptySample();
    const windowSeconds = seconds / windows;
    // Alternating, and in turn first, so that neither always follows the other.
    for (let w = 0; w < windows; w++) {
      const pair = [
        () => poll(server.url, '/website/api/watch', windowSeconds, watch),
        () => poll(server.url, '/api/bench/bare-json', windowSeconds, bare),
      ];
      for (const run of w % 2 ? pair.reverse() : pair) await run();
    }
    console.log(`polling (${viewers} viewers, one request each per ${intervalMs} ms):`);
    const w = report('  Watch call', watch, true);
    const b = report('  bare route', bare);
    console.log(
      `  Watch / bare: rate ${fmt((w.rate / b.rate) * 100)} %, p99 ${fmt(w.p99)} ms vs ${fmt(b.p99)} ms; ` +
        `the figures were read ${watch.refreshes.size} times in ${fmt(watch.elapsedMs / 1000)} s ` +
        `(one per ${refreshSeconds} s refresh, for ${watch.latencies.length} answers)`,
    );

    const watchSat = emptySample();
    const bareSat = emptySample();
    for (let i = 0; i < 2; i++) {
      watchSat.elapsedMs += (
        await closedLoop(viewers, saturateSeconds / 2, () => hit(server.url, '/website/api/watch', watchSat))
      ).elapsedMs;
      bareSat.elapsedMs += (
        await closedLoop(viewers, saturateSeconds / 2, () => hit(server.url, '/api/bench/bare-json', bareSat))
      ).elapsedMs;
    }
    console.log(`saturated (${viewers} viewers, no pause):`);
    const ws = report('  Watch call', watchSat, true);
    const bs = report('  bare route', bareSat);
    console.log(`  Watch / bare: rate ${fmt((ws.rate / bs.rate) * 100)} %`);
    if (database === 'pglite') {
      console.log(
        'note: the load generator shares this machine’s cores with the server; on PGlite the database runs on the ' +
          'server’s own event loop',
      );
    }
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
