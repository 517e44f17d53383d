import type { Recorder } from './learner.js';
import type { RunningServer } from './server.js';
import { fmt, summarize } from './stats.js';

/**
 * `bench:exam -- --rolling-restart` (decision 103): SIGHUP to the server's primary in the middle of the paper, so
 * that every server process is replaced while the learners write; at the end, when the restart began and ended and
 * the saves answered meanwhile. The run's own checks (zero errors, zero lost answers) then cover the restart too.
 * PostgreSQL only: on the embedded PGlite one process owns the database and there is nothing to restart beside it.
 */
export interface RollingRestart {
  /** Prints when it began and ended and the saves meanwhile, and checks them. */
  report(check: (ok: boolean, text: string) => void): void;
  /** Calls it off (a run that ends before it was due). */
  cancel(): void;
}

export function rollingRestartAt(server: RunningServer, rec: Recorder, atMs: number): RollingRestart {
  if (!server.databaseUrl) throw new Error('--rolling-restart needs PostgreSQL (DATABASE_URL): PGlite is one process');
  const since = () => performance.now() - rec.t0;
  const errorCount = () => [...rec.errors.values()].reduce((a, b) => a + b, 0);
  let began: { at: number; saves: number; errors: number } | null = null;
  let ended: { at: number; saves: number; errors: number; line: string } | null = null;
  let stoppedEarly: string | null = null;

  // The primary says each step on its standard output (server/cluster.ts); the end and a give-up are what count here.
  let pending = '';
  server.process.stdout?.on('data', (d: Buffer) => {
    pending += d.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!began || ended) continue;
      if (line.includes('Rolling restart')) console.log(`  primary at ${fmt(since() / 1000, 1)} s: ${line.trim()}`);
      if (line.includes('Rolling restart ended')) {
        ended = { at: since(), saves: rec.latencies.answer.length, errors: errorCount(), line: line.trim() };
      } else if (line.includes('Rolling restart stopped') || line.includes('migrations failed')) {
        stoppedEarly = line.trim();
      }
    }
  });

  const timer = setTimeout(() => {
    began = { at: since(), saves: rec.latencies.answer.length, errors: errorCount() };
    console.log(`  rolling restart: SIGHUP to the primary (${server.process.pid}) at ${fmt(began.at / 1000, 1)} s`);
    server.process.kill('SIGHUP');
  }, atMs);

  return {
    cancel: () => clearTimeout(timer),
    report(check) {
      console.log('\n== rolling restart ==');
      if (!began) {
        check(false, `rolling restart: the run ended before it was due at ${fmt(atMs / 1000, 0)} s`);
        return;
      }
      const b = began as { at: number; saves: number; errors: number };
      const e = ended as { at: number; saves: number; errors: number; line: string } | null;
      if (!e) {
        check(
          false,
          `rolling restart: began at ${fmt(b.at / 1000, 1)} s and did not end (${stoppedEarly ?? 'no word'})`,
        );
        return;
      }
      const during = summarize(rec.latencies.answer.slice(b.saves, e.saves));
      console.log(
        `began at ${fmt(b.at / 1000, 1)} s, ended at ${fmt(e.at / 1000, 1)} s (${fmt((e.at - b.at) / 1000, 1)} s); ` +
          `meanwhile ${during.count} saves, p50 ${fmt(during.p50)} ms, p99 ${fmt(during.p99)} ms, max ${fmt(during.max)} ms`,
      );
      check(e.errors - b.errors === 0, `rolling restart: zero errors while it ran (${e.errors - b.errors})`);
      check(during.p99 <= 100, `rolling restart: answer-save p99 ≤ 100 ms while it ran (${fmt(during.p99)} ms)`);
    },
  };
}
