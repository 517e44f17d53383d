/**
 * Sign-in benchmark: requests/s and p50/p99 latency of POST /api/auth/signin at 50
 * concurrent clients on loopback, beside the raw argon2 rate measured in the same run.
 *
 * The two are measured in alternating windows (raw, sign-in, raw, sign-in …) and compared window by window,
 * so that whatever else the machine is doing weighs on both alike; the ratio printed is over all windows.
 * The raw rate is the same pool the server hashes on (server/platform/passwords.ts: one worker thread a
 * core), driven from this process while the server sits idle.
 *
 *   npm run bench:signin [-- --seconds 24 --windows 4 --concurrency 50]
 *   DATABASE_URL=postgres://… npm run bench:signin   (runs against PostgreSQL instead of PGlite)
 */
import { hashingThreads, hashParameters, hashPassword, verifyPassword } from '../server/platform/passwords.js';
import { requestJson, run } from './lib/http.js';
import { startServer } from './lib/server.js';
import { closedLoop, fmt, summarize } from './lib/stats.js';
import { arg } from './lib/args.js';

const seconds = arg('seconds', 24);
const windows = Math.max(1, arg('windows', 4));
const concurrency = arg('concurrency', 50);
const port = arg('port', 3201);
const windowSeconds = seconds / windows;

async function main() {
  console.log(
    `Sign-in benchmark: ${concurrency} concurrent clients, ${windows} windows of ${fmt(windowSeconds)} s ` +
      `alternating with the raw hash rate, on 127.0.0.1`,
  );
  console.log(
    `argon2id parameters: memory ${hashParameters.memoryCost} KiB, ${hashParameters.timeCost} passes, ` +
      `${hashParameters.parallelism} lane; ${hashingThreads} hashing threads`,
  );
  const stored = await hashPassword('olympus-demo');
  const server = await startServer({ port });
  const accounts = ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'teacher2'];
  const bodies = [
    ...accounts.map((username) => ({ username, password: 'olympus-demo', loginType: 'staff' })),
    ...['learner1', 'learner2'].map((username) => ({
      username,
      password: 'olympus-demo',
      loginType: 'learner',
      olympiadName: 'geo-demo',
    })),
  ].map((b) => JSON.stringify(b));
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const signIn = async () => {
    const body = bodies[i++ % bodies.length];
    const t0 = performance.now();
    try {
      const res = await requestJson<{ accessToken?: { token?: string } }>(server.url, 'POST', '/api/auth/signin', body);
      if (res.status !== 200 || !res.body?.accessToken?.token) errors++;
    } catch {
      errors++;
    }
    return performance.now() - t0;
  };
  try {
    // Warm up both sides before measuring, at full concurrency so that every pooled connection has its
    // prepared statements and the JIT has compiled the path: the benchmark measures the steady state.
    await closedLoop(concurrency, 5, async () => void (await signIn()));
    await closedLoop(8, 1, async () => void (await verifyPassword(stored, 'olympus-demo')));

    let rawCount = 0;
    let rawMs = 0;
    let signinMs = 0;
    for (let w = 0; w < windows; w++) {
      let done = 0;
      const raw = await closedLoop(8, windowSeconds, async () => {
        await verifyPassword(stored, 'olympus-demo');
        done++;
      });
      const before = latencies.length;
      const signins = await closedLoop(concurrency, windowSeconds, async () => void latencies.push(await signIn()));
      const rawRate = done / (raw.elapsedMs / 1000);
      const signinRate = (latencies.length - before) / (signins.elapsedMs / 1000);
      console.log(
        `  window ${w + 1}: raw ${fmt(rawRate)}/s, sign-in ${fmt(signinRate)}/s = ${fmt((signinRate / rawRate) * 100)} %`,
      );
      rawCount += done;
      rawMs += raw.elapsedMs;
      signinMs += signins.elapsedMs;
    }
    const s = summarize(latencies);
    const raw = rawCount / (rawMs / 1000);
    const rps = s.count / (signinMs / 1000);
    console.log(`database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`);
    console.log(`raw argon2 verifications/s (same pool, 8 parallel callers): ${fmt(raw)}`);
    console.log(`sign-ins: ${s.count} in ${fmt(signinMs / 1000)} s, errors: ${errors}`);
    console.log(`sign-in requests/s: ${fmt(rps)}`);
    console.log(`latency p50: ${fmt(s.p50)} ms, p99: ${fmt(s.p99)} ms, max: ${fmt(s.max)} ms`);
    const share = (rps / raw) * 100;
    const passed = share >= 80 && errors === 0;
    console.log(
      `${passed ? 'PASS' : 'FAIL'}  sign-in throughput / raw hash rate: ${fmt(share)} % (target ≥ 80 %), ${errors} errors`,
    );
    if (!passed) process.exitCode = 1;
    if (!process.env.DATABASE_URL) {
      console.log(
        'note: on embedded PGlite every query runs on the server’s own event loop, beside the request work; ' +
          'the production database is PostgreSQL (DATABASE_URL=postgres://… npm run bench:signin)',
      );
    }
  } finally {
    await server.stop();
  }
}

run(main);
