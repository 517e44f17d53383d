/**
 * Sign-in benchmark (issue 2, part 13): requests/s and p50/p99 latency of POST /api/auth/signin at 50
 * concurrent clients on loopback, beside the raw argon2 rate measured in the same run.
 *
 *   npm run bench:signin [-- --seconds 15 --concurrency 50]
 *   DATABASE_URL=postgres://… npm run bench:signin   (runs against PostgreSQL instead of PGlite)
 */
import '../server/threadpool.js';
import { hashParameters, hashPassword, verifyPassword } from '../server/platform/passwords.js';
import { requestJson } from './lib/http.js';
import { startServer } from './lib/server.js';
import { closedLoop, fmt, summarize } from './lib/stats.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 15);
const concurrency = arg('concurrency', 50);
const port = arg('port', 3201);

async function rawHashRate(): Promise<number> {
  const stored = await hashPassword('olympus-demo');
  let done = 0;
  // The server verifies on libuv's thread pool; measure the same call with enough parallel callers to fill it.
  const { elapsedMs } = await closedLoop(8, Math.max(5, seconds / 3), async () => {
    await verifyPassword(stored, 'olympus-demo');
    done++;
  });
  return done / (elapsedMs / 1000);
}

async function main() {
  console.log(`Sign-in benchmark: ${concurrency} concurrent clients for ${seconds} s on 127.0.0.1`);
  console.log(
    `argon2id parameters: memory ${hashParameters.memoryCost} KiB, ${hashParameters.timeCost} passes, ` +
      `${hashParameters.parallelism} lane`,
  );
  const raw = await rawHashRate();
  console.log(`raw argon2 verifications/s (this process, 8 parallel callers): ${fmt(raw)}`);

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
  try {
    // Warm up the server (JIT, connection pool) before measuring.
    await closedLoop(8, 2, async () => {
      await requestJson(server.url, 'POST', '/api/auth/signin', bodies[i++ % bodies.length]);
    });
    const { elapsedMs } = await closedLoop(concurrency, seconds, async () => {
      const body = bodies[i++ % bodies.length];
      const t0 = performance.now();
      try {
        const res = await requestJson<{ accessToken?: { token?: string } }>(
          server.url,
          'POST',
          '/api/auth/signin',
          body,
        );
        if (res.status !== 200 || !res.body?.accessToken?.token) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    });
    const s = summarize(latencies);
    const rps = s.count / (elapsedMs / 1000);
    console.log(`database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`);
    console.log(`sign-ins: ${s.count} in ${fmt(elapsedMs / 1000)} s, errors: ${errors}`);
    console.log(`sign-in requests/s: ${fmt(rps)}`);
    console.log(`latency p50: ${fmt(s.p50)} ms, p99: ${fmt(s.p99)} ms, max: ${fmt(s.max)} ms`);
    console.log(`sign-in throughput / raw hash rate: ${fmt((rps / raw) * 100)} % (target ≥ 80 %)`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
