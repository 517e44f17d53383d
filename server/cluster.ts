import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type PrometheusContentType } from 'prom-client';
import type { Config } from './config.js';
import { MACHINE_FIGURES_ANSWERED, MACHINE_FIGURES_ASKED, type MachineFiguresAnswer } from './platform/metrics.js';

/**
 * Every core (decision 040): on PostgreSQL `npm start` runs one server process per core, all listening on the one
 * port (Node's cluster module hands each new connection to the next process). The primary process migrates and
 * seeds once, starts the server processes, starts another when one stops unexpectedly, and on SIGTERM or SIGINT
 * lets each finish what it is doing. Everything the processes share lives in PostgreSQL (sessions, rate limits,
 * jobs, the mail queue, the waiting room); what a process keeps in memory is listed in decision 040.
 */

/** How many server processes: one on the embedded PGlite (one process owns it), else WEB_PROCESSES or the cores. */
export function webProcesses(config: Pick<Config, 'databaseUrl' | 'webProcesses'>, cores: number): number {
  if (!config.databaseUrl) return 1;
  return config.webProcesses ?? Math.max(1, cores);
}

/**
 * Thread pools are per process (argon2, PDFs, spreadsheets: one thread a core by default). With N processes each
 * gets its share of the cores unless the setting was given, so that together they keep to one thread a core.
 */
export function workerEnvironment(
  processes: number,
  cores: number,
  env: NodeJS.ProcessEnv,
  listenHost: string,
): Record<string, string> {
  const share = String(Math.max(1, Math.ceil(cores / processes)));
  return {
    OLYMPUS_LISTEN_HOST: listenHost,
    HASH_THREADS: env.HASH_THREADS || share,
    PDF_THREADS: env.PDF_THREADS || share,
    PARSE_THREADS: env.PARSE_THREADS || String(Math.max(1, Math.floor(cores / processes / 2))),
  };
}

/** A process that stops again soon after another is started waits longer before the next: 0.5 s doubling to 30 s. */
export function restartDelayMs(recentStops: number): number {
  return recentStops <= 1 ? 0 : Math.min(30_000, 500 * 2 ** (recentStops - 2));
}

/**
 * The machine's metrics (decision 101): a server process answering GET /metrics asks the primary, which gathers every
 * server process's figures (prom-client's AggregatorRegistry asks each over IPC and sums them; a process that does
 * not answer within 5 s fails the gathering rather than holding it) and answers the one that asked. The primary
 * serves no HTTP and counts nothing itself.
 */
export function answerMetricsRequests(): void {
  let aggregator: AggregatorRegistry<PrometheusContentType> | null = null;
  cluster.on('message', (worker: Worker, message: unknown) => {
    const m = message as { type?: unknown; id?: unknown } | null;
    if (m?.type !== MACHINE_FIGURES_ASKED || typeof m.id !== 'number') return;
    const id = m.id;
    aggregator ??= new AggregatorRegistry();
    const reply = (answer: MachineFiguresAnswer) => {
      if (worker.isConnected()) worker.send(answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ type: MACHINE_FIGURES_ANSWERED, id, text }),
      (err: unknown) => reply({ type: MACHINE_FIGURES_ANSWERED, id, error: String((err as Error)?.message ?? err) }),
    );
  });
}

export interface PrimaryOptions {
  processes: number;
  /** Extra environment for each server process. */
  env: Record<string, string>;
  /** Printed once every server process listens. */
  banner: string;
  /** How long the server processes get to finish at shutdown before they are killed. */
  graceMs?: number;
  /** Run at the start of each rolling restart (SIGHUP): the release's new migrations, before any new process. */
  migrate?: () => Promise<void>;
  /** How long a new process of a rolling restart may take to listen before the restart gives up; 120 s. */
  startTimeoutMs?: number;
}

/**
 * Runs the primary process: starts the server processes and watches them until SIGTERM or SIGINT. SIGHUP is the
 * rolling restart (decision 103): the migrations, then for each server process a new one (Node's cluster module
 * reads the entry from disk again, so it runs the files there now), and once it listens the old one stops as at
 * shutdown. The new process starts before the old one stops, so the port always has at least N processes.
 */
export function runPrimary(o: PrimaryOptions): void {
  let stopping: Promise<void> | null = null;
  // Every server process has listened once (the banner is printed): from then on one that stops is replaced.
  let announced = false;
  let stops: number[] = [];
  const listening = new Set<number>();
  // Stopped on purpose by a rolling restart, or new in one and not yet listening: their exits are not crashes.
  const retiring = new Set<number>();
  const onTrial = new Set<number>();

  const start = () => {
    const worker = cluster.fork(o.env);
    worker.on('listening', () => {
      listening.add(worker.id);
      if (!announced && listening.size >= o.processes) {
        announced = true;
        console.log(o.banner);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    listening.delete(worker.id);
    if (retiring.delete(worker.id) || onTrial.delete(worker.id)) return;
    if (stopping) return;
    // One that stops before they all listened could not start (a port in use, the database unreachable): no
    // replacement would fare better, so stop them all, as a single server stops at start.
    if (!announced) {
      console.error(
        `Server process ${worker.process.pid} could not start (${signal ?? `exit code ${code}`}): stopping.`,
      );
      process.exitCode = 1;
      void shutdown('start-up failure', 1);
      return;
    }
    const now = Date.now();
    stops = [...stops.filter((t) => now - t < 60_000), now];
    const delay = restartDelayMs(stops.length);
    console.error(
      `Server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); ` +
        `starting another${delay ? ` in ${delay / 1000} s` : ''}.`,
    );
    setTimeout(() => {
      if (!stopping) start();
    }, delay);
  });

  const shutdown = (signal: string, exitCode = 0) =>
    (stopping ??= (async () => {
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w != null);
      console.error(`${signal}: stopping ${workers.length} server processes`);
      const exited = workers.map((w) =>
        w.isDead() ? Promise.resolve() : new Promise<void>((resolve) => w.once('exit', () => resolve())),
      );
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGTERM');
      const kill = setTimeout(() => {
        for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
      }, o.graceMs ?? 30_000);
      await Promise.all(exited);
      clearTimeout(kill);
      process.exit(exitCode);
    })());
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  answerMetricsRequests();

  /** A new server process for a rolling restart: it, once it listens; null when it stopped or took too long. */
  const startNew = () =>
    new Promise<Worker | null>((resolve) => {
      const limitMs = o.startTimeoutMs ?? 120_000;
      const worker = start();
      onTrial.add(worker.id);
      let settled = false;
      const timer = setTimeout(() => {
        console.error(`Server process ${worker.process.pid} did not listen within ${limitMs / 1000} s: stopping it.`);
        worker.process.kill('SIGKILL');
      }, limitMs);
      worker.once('listening', () => {
        settled = true;
        clearTimeout(timer);
        onTrial.delete(worker.id);
        resolve(worker);
      });
      worker.once('exit', (code: number | null, signal: string | null) => {
        clearTimeout(timer);
        if (settled) return;
        console.error(
          `Server process ${worker.process.pid} stopped before it listened (${signal ?? `exit code ${code}`}).`,
        );
        resolve(null);
      });
    });

  /** An old server process stops as at shutdown (SIGTERM): no new connections, its requests finished. */
  const retire = (worker: Worker) => {
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    retiring.add(worker.id);
    worker.process.kill('SIGTERM');
    const kill = setTimeout(() => worker.isDead() || worker.process.kill('SIGKILL'), o.graceMs ?? 30_000);
    return exited.finally(() => clearTimeout(kill));
  };

  const restartOnce = async () => {
    const began = Date.now();
    const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w != null && !w.isDead());
    console.log(`SIGHUP: rolling restart of ${old.length} server processes began`);
    if (o.migrate) {
      try {
        await o.migrate();
        console.log('Rolling restart: migrations applied');
      } catch (err) {
        console.error('Rolling restart: the migrations failed, the running server processes keep serving.', err);
        return;
      }
    }
    for (const [i, worker] of old.entries()) {
      if (stopping) return;
      // One that crashed meanwhile was replaced by a process of the new files already.
      if (worker.isDead()) continue;
      const forked = Date.now();
      const fresh = await startNew();
      if (stopping) return;
      if (!fresh) {
        console.error('Rolling restart stopped: a new server process could not start; the others keep serving.');
        return;
      }
      const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
      console.log(
        `Rolling restart: server process ${fresh.process.pid} listens after ${seconds(forked)}; ` +
          `${worker.process.pid} finishes its requests`,
      );
      const retired = Date.now();
      await retire(worker);
      console.log(
        `Rolling restart: server process ${worker.process.pid} stopped after ${seconds(retired)} (${i + 1} of ${old.length})`,
      );
    }
    const pids = Object.values(cluster.workers ?? {}).map((w) => w?.process.pid);
    console.log(
      `Rolling restart ended in ${((Date.now() - began) / 1000).toFixed(1)} s: server processes ${pids.join(', ')}`,
    );
  };

  // A second SIGHUP during a restart is queued (one at most): files may have changed since the running restart
  // began, so every process must be started again after the last signal.
  let restarting = false;
  let queued = false;
  process.on('SIGHUP', () => {
    if (stopping) return;
    if (!announced) {
      console.log('SIGHUP before every server process listened: ignored');
      return;
    }
    if (restarting) {
      if (!queued) console.log('SIGHUP during a rolling restart: another follows once it ends');
      queued = true;
      return;
    }
    restarting = true;
    void (async () => {
      do {
        queued = false;
        await restartOnce();
      } while (queued && !stopping);
      restarting = false;
    })();
  });

  for (let i = 0; i < o.processes; i++) start();
}
