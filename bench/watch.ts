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
 * Then the exam with and without viewers (issue 14: 1,000 viewers polling while bench:exam runs change its save p99
 * by less than 10 %): learners signed in to geo-bench save answers with think time, as bench:exam's learners do
 * (--exam-learners 1000 at --exam-think-ms 10000 ±50 %: the 100 saves/s bench:exam offers by default), through
 * --exam-windows alternating windows without and with 1,000 viewers polling at the Watch page's own interval
 * (--exam-viewer-interval-ms 5000; each viewer window starts after one interval, once every viewer polls). The
 * viewers run in a process of their own (bench/lib/viewers.ts), so they never queue in the learners' sockets. It
 * prints the save p50/p99 of both and their difference. --exam-only skips the sections before it.
 *
 * Bounded in time: every window ends at its deadline (a request still out then is waited for, at most 30 s).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import readline from 'node:readline';
import { requestJson, run } from './lib/http.js';
import { newRecorder, runLearner } from './lib/learner.js';
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
const examLearners = arg('exam-learners', 1000);
const examThinkMs = arg('exam-think-ms', 10_000);
const examWindows = Math.max(2, arg('exam-windows', 6));
const examWindowSeconds = arg('exam-window-seconds', 10);
const examViewerIntervalMs = arg('exam-viewer-interval-ms', 5000);
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

interface Save {
  at: number;
  ms: number;
  ok: boolean;
}

/** Runs `count` tasks, `width` at a time. */
async function inBatches<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** 1,000 viewers in their own process for `seconds`; resolves once they have started, and again when done. */
function startViewers(url: string, seconds: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/viewers.ts', url, String(viewers), String(examViewerIntervalMs), String(seconds)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout });
  let onStarted: () => void = () => {};
  const started = new Promise<void>((r) => (onStarted = r));
  const done = new Promise<{ requests: number; errors: number; p50: number; p99: number }>((resolve, reject) => {
    let last = '';
    lines.on('line', (line) => {
      if (line === 'started') onStarted();
      else last = line;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(last)) : reject(new Error(`viewers exited ${code}`))));
  });
  return { started, done };
}

/** The exam's saves through alternating windows without and with the viewers; prints both p99s. */
async function examWithViewers(url: string) {
  console.log(
    `exam with and without viewers: ${examLearners} learners saving every ${examThinkMs} ms ±50 % ` +
      `(${fmt(examLearners / (examThinkMs / 1000), 0)} saves/s offered), ${examWindows} × ${examWindowSeconds} s ` +
      `windows alternating, ${viewers} viewers polling every ${examViewerIntervalMs} ms in the windows with them`,
  );
  const rec = newRecorder();
  const sessions = (
    await inBatches(examLearners, 50, (i) =>
      runLearner({
        baseUrl: () => url,
        olympiad: 'geo-bench',
        username: `bench-${i + 1}`,
        password: 'bench-password',
        answers: 0,
        thinkMs: 0,
        rec,
        finish: false,
      }),
    )
  ).filter((x) => x != null);
  if (sessions.length < examLearners) console.log(`  only ${sessions.length} learners signed in`);
  const paper = await requestJson<{
    modules: Array<{ questions: Array<{ id: number; type: string; options: Array<{ id: string }> }> }>;
  }>(url, 'GET', '/api/sitting/geo-bench/paper', undefined, { authorization: `Bearer ${sessions[0]!.token}` });
  const single = paper.body.modules.flatMap((m) => m.questions).filter((q) => q.type === 'single');

  const saves: Save[] = [];
  let stop = false;
  const learning = Promise.all(
    sessions.map(async (s, me) => {
      let n = 0;
      while (!stop) {
        await sleep(examThinkMs * (0.5 + Math.random()));
        if (stop) break;
        const q = single[(me + n) % single.length]!;
        const value = { type: 'single', optionId: q.options[(me + n++) % q.options.length]!.id };
        const t = performance.now();
        const res = await requestJson(url, 'PUT', `/api/sitting/geo-bench/answers/${q.id}`, JSON.stringify({ value }), {
          authorization: `Bearer ${s!.token}`,
        }).catch(() => ({ status: 0 }));
        saves.push({ at: t, ms: performance.now() - t, ok: res.status === 200 });
      }
    }),
  );
  // The first think time spreads the learners out: wait for it before measuring.
  await sleep(examThinkMs * 1.5);
  const windowsOf: Record<'without' | 'with', Array<[number, number]>> = { without: [], with: [] };
  const viewerStats: Array<{ requests: number; errors: number; p50: number; p99: number }> = [];
  for (let w = 0; w < examWindows; w++) {
    if (w % 2 === 0) {
      const from = performance.now();
      await sleep(examWindowSeconds * 1000);
      windowsOf.without.push([from, performance.now()]);
    } else {
      const ramp = examViewerIntervalMs / 1000;
      const v = startViewers(url, ramp + examWindowSeconds);
      await v.started;
      await sleep(ramp * 1000);
      const from = performance.now();
      await sleep(examWindowSeconds * 1000);
      windowsOf.with.push([from, performance.now()]);
      viewerStats.push(await v.done);
    }
  }
  stop = true;
  await learning;
  const within = (ranges: Array<[number, number]>) =>
    saves.filter((s) => ranges.some(([a, b]) => s.at >= a && s.at < b));
  const line = (label: string, list: Save[], seconds: number) => {
    const st = summarize(list.map((s) => s.ms));
    console.log(
      `  ${label.padEnd(22)} ${String(st.count).padStart(6)} saves  ${fmt(st.count / seconds).padStart(6)}/s   ` +
        `p50 ${fmt(st.p50).padStart(6)} ms   p99 ${fmt(st.p99).padStart(7)} ms   errors ${list.filter((s) => !s.ok).length}`,
    );
    return st.p99;
  };
  const seconds = (r: Array<[number, number]>) => r.reduce((t, [a, b]) => t + (b - a) / 1000, 0);
  const without = line('saves without viewers', within(windowsOf.without), seconds(windowsOf.without));
  const withV = line(`saves with ${viewers} viewers`, within(windowsOf.with), seconds(windowsOf.with));
  const viewerRequests = viewerStats.reduce((t, v) => t + v.requests, 0);
  console.log(
    `  viewers: ${viewerRequests} Watch calls (${fmt(viewerRequests / seconds(windowsOf.with) / 1, 0)}/s incl. ramp), ` +
      `errors ${viewerStats.reduce((t, v) => t + v.errors, 0)}, p99 ${viewerStats.map((v) => fmt(v.p99)).join(' / ')} ms`,
  );
  const change = ((withV - without) / without) * 100;
  console.log(
    `${Math.abs(change) < 10 ? 'PASS' : 'FAIL'}  save p99 with viewers vs without: ${fmt(withV)} ms vs ${fmt(without)} ms, ` +
      `${change >= 0 ? '+' : ''}${fmt(change)} % (target: less than 10 %)`,
  );
  return change;
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
      BENCH_BARE_ROUTE: '1',
      WATCH_REFRESH_SECONDS: String(refreshSeconds),
      MAIL_SENDER: 'false',
      ...(skipExam ? {} : { BENCH_LEARNERS: String(examLearners), BENCH_LEARNER_PASSWORDS: 'generated' }),
    },
    startTimeoutMs: 180_000,
  });
  try {
    if (!examOnly) await watchAlone(server.url);
    if (!skipExam) {
      const change = await examWithViewers(server.url);
      if (Math.abs(change) >= 10) process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
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
