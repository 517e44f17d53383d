/**
 * Watch-page benchmark: 1,000 simulated viewers poll the Watch call (GET website/api/watch) on 127.0.0.1, each
 * once a second (five times as often as the page does), beside the same viewers polling a bare route (a constant
 * answer of the same shape, registered by bench/lib/server-entry.ts) measured in the same run, in alternating windows so that whatever
 * else the machine does weighs on both alike. Then both saturated (the viewers with no pause). It prints the
 * request rate, p50/p99 latency and how many times the figures were read from the database (the distinct
 * `refreshedAt` values seen): one per refresh interval, however many viewers.
 *
 *   npm run bench:watch [-- --viewers 1000 --interval-ms 1000 --seconds 20 --windows 4 --saturate-seconds 6]
 *   DATABASE_URL=postgres://… npx tsx bench/watch.ts   (runs against PostgreSQL instead of PGlite)
 *
 * Then the exam with and without side load (bench/lib/side-load.ts): learners signed in to geo-bench save answers
 * with think time, as bench:exam's learners do (--exam-learners 1000 at --exam-think-ms 10000 ±50 %: the 100 saves/s
 * bench:exam offers by default), through short alternating windows (--exam-window-seconds 5) without and with each
 * side load of --exam-side (default viewers,overview), --exam-windows 8 of each; each side load runs in a process of
 * its own, started once, warmed, then switched on for its windows (bench/lib/side-load.ts):
 *  - viewers (1,000 viewers polling while bench:exam runs change its save p99 by less than 10 %): --viewers
 *    viewers polling at the Watch page's own interval (--exam-viewer-interval-ms 5000) as a browser does (compressed,
 *    revalidating with the ETag), bench/lib/viewers.ts;
 *  - overview (an overview request during bench:exam changes its save p99 by less than 10 %): the admin
 *    reading geo-bench's overview and graph data and the overlord the overview of every olympiad, one round every
 *    --exam-overview-interval-ms (1000), with the report figures kept --report-refresh-seconds (5; production's
 *    default is 30, so every window holds refreshes), bench/lib/overview-reader.ts.
 *    --exam-report-learners n also seeds geo-reports with n learners (bench:reports' olympiad; its attempts and
 *    answers) and reads its overview and graph data too: a large olympiad's figures refreshed while the exam runs.
 * It prints the save p50/p99 without and with each, each window's p99, and PASS at a p99 change below 10 % (FAIL
 * above, INCONCLUSIVE when the saves were 10 % faster with it: noise; bench/lib/side-load.ts). --exam-only skips
 * the sections before it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:watch -- --exam-only --exam-side overview \
 *     --exam-report-learners 20000
 *
 * Bounded in time: every window ends at its deadline (a request still out then is waited for, at most 30 s).
 */
import os from 'node:os';
import { olympiadIdOf, requestJson, run, signInStaff } from './lib/http.js';
import { startServer } from './lib/server.js';
import { type SideLoad, examWithSideLoads, sideProcess } from './lib/side-load.js';
import { closedLoop, fmt, summarize } from './lib/stats.js';
import { arg } from './lib/args.js';

const viewers = arg('viewers', 1000);
const intervalMs = arg('interval-ms', 1000);
const seconds = arg('seconds', 20);
const windows = Math.max(1, arg('windows', 4));
const saturateSeconds = arg('saturate-seconds', 6);
const port = arg('port', 3205);
const refreshSeconds = arg('refresh-seconds', 5);
const examLearners = arg('exam-learners', 1000);
const examThinkMs = arg('exam-think-ms', 10_000);
const examWindows = Math.max(1, arg('exam-windows', 8));
const examWindowSeconds = arg('exam-window-seconds', 5);
const examViewerIntervalMs = arg('exam-viewer-interval-ms', 5000);
const examOverviewIntervalMs = arg('exam-overview-interval-ms', 1000);
const reportRefreshSeconds = arg('report-refresh-seconds', 5);
const examReportLearners = arg('exam-report-learners', 0);
const examSides = (() => {
  const i = process.argv.indexOf('--exam-side');
  return (i > 0 ? process.argv[i + 1]! : 'viewers,overview').split(',');
})();
const examOnly = process.argv.includes('--exam-only');
const skipExam = process.argv.includes('--no-exam');
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
    env: {
      WATCH_REFRESH_SECONDS: String(refreshSeconds),
      REPORT_REFRESH_SECONDS: String(reportRefreshSeconds),
      MAIL_SENDER: 'false',
      ...(skipExam ? {} : { BENCH_LEARNERS: String(examLearners), BENCH_LEARNER_PASSWORDS: 'generated' }),
      ...(examReportLearners > 0 ? { BENCH_REPORT_LEARNERS: String(examReportLearners) } : {}),
    },
    startTimeoutMs: 30 * 60_000,
  });
  try {
    if (!examOnly) await watchAlone(server.url);
    if (!skipExam) {
      const sides: SideLoad[] = [];
      if (examSides.includes('viewers')) sides.push(viewersSide(server.url));
      if (examSides.includes('overview')) sides.push(await overviewSide(server.url));
      const changes = await examWithSideLoads(
        server.url,
        {
          learners: examLearners,
          thinkMs: examThinkMs,
          windowsPerSide: examWindows,
          windowSeconds: examWindowSeconds,
          warmSeconds: Math.max(3, examViewerIntervalMs / 1000),
        },
        sides,
      );
      console.log(
        `load average at the end: ${os
          .loadavg()
          .map((l) => fmt(l))
          .join(' ')} (a shared machine: both sides of each comparison ran in alternating windows of one run)`,
      );
      if (changes.some((c) => Math.abs(c) >= 10)) process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

/** The Watch page's viewers (bench/lib/viewers.ts), at the page's own interval. */
function viewersSide(url: string): SideLoad {
  return {
    label: `${viewers} viewers`,
    describe: `${viewers} Watch-page viewers polling every ${examViewerIntervalMs} ms`,
    start: () => sideProcess('bench/lib/viewers.ts', [url, String(viewers), String(examViewerIntervalMs)]),
  };
}

/** The admin's overview and graph data and the overlord's overview of every olympiad (bench/lib/overview-reader.ts). */
async function overviewSide(url: string): Promise<SideLoad> {
  const admin = await signInStaff(url, 'admin');
  const overlord = await signInStaff(url, 'overlord');
  const names = examReportLearners > 0 ? ['geo-bench', 'geo-reports'] : ['geo-bench'];
  const ids = await Promise.all(names.map((name) => olympiadIdOf(url, name, admin)));
  const calls = [
    ...ids.flatMap((id) => [
      { path: `/olympiad/reports/overview/${id}`, ...admin },
      { path: `/olympiad/reports/graph-data/${id}`, ...admin },
    ]),
    { path: '/olympiad/reports/overview', ...overlord },
  ];
  // The first round reads every figure: the ramp lets it end, so the window measures the steady state.
  const first = performance.now();
  for (const call of calls) await requestJson(url, 'POST', call.path, '{}', { authorization: call.authorization });
  console.log(`  (the first overview round, every figure read: ${fmt(performance.now() - first, 0)} ms)`);
  return {
    label: 'the overview',
    describe:
      `${calls.length} report calls (overview and graph data of ${names.join(' and ')}, every olympiad's overview) ` +
      `one after another every ${examOverviewIntervalMs} ms; figures kept ${reportRefreshSeconds} s`,
    start: () =>
      sideProcess('bench/lib/overview-reader.ts', [url, String(examOverviewIntervalMs), JSON.stringify(calls)]),
  };
}

/** The Watch call beside the bare route: polling, then saturated. */
async function watchAlone(url: string) {
  const server = { url };
  {
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
    if (process.env.DATABASE_URL == null) {
      console.log(
        'note: the load generator shares this machine’s cores with the server; on PGlite the database runs on the ' +
          'server’s own event loop',
      );
    }
  }
}

run(main);
