/**
 * The queue at sign-in under a storm (decisions 053 and 057): with admission paused, every learner's
 * sign-in is answered with their place in the queue, so the run measures exactly what a storm's first answer costs.
 * Learners sign in at an even rate through real HTTP into the server as `npm start` runs it (one process per core on
 * PostgreSQL); the run prints the latency of those answers and the CPU each one took, from `/proc`, for the server
 * processes, PostgreSQL and this load generator (bench/lib/cpu.ts).
 *
 * Beside it, the machine's own limit in the same run: the bare JSON route (no database, no session) saturated for a
 * few seconds, as requests a second and CPU ms a request, so that figures from different machines and moments
 * compare.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:queue
 *   … npm run bench:queue -- --learners 8000 --rate 1000
 */
import { requestJson } from './lib/http.js';
import { cpuGroups, cpuSince } from './lib/cpu.js';
import { loadTest } from './lib/load.js';
import { startServer, stopAfter } from './lib/server.js';
import { fmt, summarize } from './lib/stats.js';
import { arg } from './lib/args.js';

const learners = arg('learners', 8000);
const rate = arg('rate', 1000);
const warmup = arg('warmup', 300);
const port = arg('port', 3203);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `Queue-at-sign-in benchmark on ${database}: ${learners} learners signing in at ${rate} a second, admission paused`,
  );
  const server = await startServer({
    port,
    env: {
      BENCH_LEARNERS: String(learners + warmup),
      BENCH_LEARNER_PASSWORDS: 'generated',
      // Nobody is admitted: every sign-in is answered with its place (202), the storm's first answer.
      SITTING_ADMISSIONS_PER_SECOND: '0',
    },
    startTimeoutMs: 300_000,
  });
  const cancel = stopAfter(server, 600, 'bench:queue');
  const readCpu = cpuGroups(server.process.pid);
  const signin = async (n: number) => {
    const sent = performance.now();
    const res = await requestJson(
      server.url,
      'POST',
      '/api/auth/signin',
      JSON.stringify({
        username: `bench-${n}`,
        password: 'bench-password',
        olympiadName: 'geo-bench',
        loginType: 'learner',
      }),
    );
    if (res.status !== 202) throw new Error(`bench-${n}: ${res.status} ${JSON.stringify(res.body)}`);
    return performance.now() - sent;
  };
  try {
    // Warm-up, one at a time: the code paths compiled, the room made, a connection or two open.
    for (let n = learners + 1; n <= learners + warmup; n++) await signin(n);

    const before = readCpu?.();
    const started = performance.now();
    const latencies: number[] = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: learners }, async (_, i) => {
        await sleep((i * 1000) / rate);
        try {
          latencies.push(await signin(i + 1));
        } catch (err) {
          errors++;
          if (errors <= 3) console.error((err as Error).message);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = before && readCpu ? cpuSince(before, readCpu()) : null;
    const s = summarize(latencies);

    // The machine's limit in the same run: the bare JSON route, saturated.
    const bareBefore = readCpu?.();
    const bare = await loadTest({ url: server.url, path: '/api/bench/bare-json', connections: 100, seconds: 5 });
    const bareUsed = bareBefore && readCpu ? cpuSince(bareBefore, readCpu()) : null;
    const bareCount = bare.requests;
    const bareP99 = summarize(bare.latencies).p99;

    console.log(`\n== queued sign-ins (${database}) ==`);
    console.log(
      `${latencies.length} answered with their place in ${fmt(seconds, 1)} s (offered ${rate}/s), ${errors} errors: ` +
        `p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms`,
    );
    if (used) {
      const per = (ms: number) => fmt(ms / learners, 3);
      console.log(
        `CPU ms a queued sign-in: server ${per(used.serverMs)}, database ${per(used.databaseMs)}, generator ${per(used.generatorMs)}` +
          ` (all told ${per(used.serverMs + used.databaseMs + used.generatorMs)}; ${fmt((used.serverMs + used.databaseMs + used.generatorMs) / learners, 2)} cores at 1,000 a second)`,
      );
    }
    console.log(
      `machine limit, the bare JSON route saturated at 100 connections: ${fmt(bareCount / (bare.elapsedMs / 1000), 0)} requests/s, p99 ${fmt(bareP99)} ms` +
        (bareUsed && bareCount
          ? `; CPU ms a request: server ${fmt(bareUsed.serverMs / bareCount, 3)}, generator ${fmt(bareUsed.generatorMs / bareCount, 3)}`
          : ''),
    );
    const ok = errors === 0 && s.p99 <= 1000;
    console.log(
      `\n${ok ? 'PASS' : 'FAIL'}  every queued sign-in answered with its place, p99 ≤ 1 s (${fmt(s.p99)} ms)`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    cancel();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
