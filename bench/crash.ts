/**
 * Crash test: learners write, the server is killed with SIGKILL mid-run (no shutdown, no
 * flush), restarted on the same data, the learners carry on (retrying what was not acknowledged, as the
 * page's outbox does), and at the end every acknowledged answer must be in the database.
 *
 *   npm run bench:crash [-- --learners 300 --kill-after-seconds 10]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:crash
 */
import { newRecorder, runLearner, verifyAcked } from './lib/learner.js';
import { type RunningServer, startServer } from './lib/server.js';
import { fmt } from './lib/stats.js';
import { arg } from './lib/args.js';

const learners = arg('learners', 300);
const answers = arg('answers', 30);
const thinkMs = arg('think-ms', 300);
const killAfter = arg('kill-after-seconds', 10);
const port = arg('port', 3203);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `Crash test on ${database}: ${learners} learners, kill -9 after ${killAfter} s, restart on the same data`,
  );
  const env = { BENCH_LEARNERS: String(learners), SITTING_SWEEP_SECONDS: '15' };
  let server: RunningServer = await startServer({ port, env });
  const url = server.url;
  const rec = newRecorder();
  const retryUntil = Date.now() + 180_000;
  const run = Promise.all(
    Array.from({ length: learners }, async (_, i) => {
      await sleep((i * 3000) / learners);
      await runLearner({
        baseUrl: () => url,
        olympiad: 'geo-bench',
        username: `bench-${i + 1}`,
        password: 'bench-password',
        answers,
        thinkMs,
        rec,
        retryUntil,
      });
    }),
  );
  await sleep(killAfter * 1000);
  const ackedAtKill = rec.saveTimes.length;
  await server.kill9();
  console.log(`killed the server (SIGKILL) with ${ackedAtKill} answers acknowledged so far`);
  await sleep(1000);
  const t = performance.now();
  server = await startServer({ port, env, reuse: { dataDir: server.dataDir, databaseUrl: server.databaseUrl } });
  console.log(`restarted on the same data in ${fmt((performance.now() - t) / 1000)} s; learners carry on`);
  try {
    await run;
    const verified = await verifyAcked(server.url, rec);
    const errors = [...rec.errors.entries()];
    console.log(`\n== crash test (${database}) ==`);
    console.log(
      `answers acknowledged before the kill: ${ackedAtKill}; in all: ${rec.saveTimes.length}; learners finished: ${rec.finished} of ${learners}`,
    );
    console.log(`acknowledged answers checked in the database: ${verified.checked}, lost: ${verified.lost}`);
    console.log(
      `errors: ${errors.reduce((a, [, n]) => a + n, 0)}${errors.length ? ` (${errors.map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
    );
    const kept = verified.lost === 0 && verified.checked === rec.saveTimes.length;
    console.log(kept ? 'PASS  every acknowledged answer is stored' : 'FAIL  acknowledged answers are missing');
    if (!kept) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
