import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type PrometheusContentType,
  prometheusContentType,
} from 'prom-client';

/**
 * Prometheus metrics (decision 101), served by GET /metrics (features/metrics). Two registries per server:
 *
 * - `process`: what this process counts as it works (requests, saves, its connection pool). On a machine of several
 *   server processes (server/cluster.ts) the process answering a scrape asks the primary, which gathers every
 *   process's registry with prom-client's AggregatorRegistry and sums them: the scrape says what the machine did.
 * - `shared`: what is read from the database at scrape time (the waiting room, jobs, the mail queue). It is the same
 *   whichever process reads it, so only the process answering the scrape reads it, once, never once per process
 *   (a sum of N copies would be N times the truth).
 *
 * Collection costs the hot paths a counter's increment and a histogram's observation; the database is read only
 * when Prometheus scrapes, at most once per `READ_EVERY_MS`.
 */
export interface Metrics {
  process: Registry;
  shared: Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** How old a database reading may be before a scrape reads it again. */
export const READ_EVERY_MS = 5_000;

/** The latency buckets (seconds) of every request: fine below the save's 100 ms target, coarse past a second. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The methods a label may name; anything else (WebDAV, a scanner's invention) is `other`, to keep labels few. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** The label of a request no route took (a 404 of the router): one value, never the raw path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's CPU, memory, event loop and garbage collection (prom-client's default metrics): once per process,
 * however many servers it builds (the tests build many), since they describe the process, not a server.
 */
let defaults: Registry | null = null;
function processDefaults(): Registry {
  if (!defaults) {
    defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
  }
  return defaults;
}

/**
 * The metrics of one server: its registries and the request counters, counted as each answer leaves (`onResponse`):
 * by method, by the route's pattern (`/api/sitting/:olympiadName/answers/:questionId`, never the raw URL, so the
 * label has as many values as there are routes) and by the status class (2xx … 5xx).
 */
export function registerMetrics(app: FastifyInstance): void {
  const metrics: Metrics = { process: new Registry(), shared: new Registry() };
  app.decorate('metrics', metrics);
  processDefaults();
  // A server process answers the primary's requests for its figures from these (server/cluster.ts).
  if (cluster.isWorker) AggregatorRegistry.setRegistries([processDefaults(), metrics.process]);

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'olympus_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers: [metrics.process],
  });
  const durations = new Histogram({
    name: 'olympus_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route pattern and status class',
    labelNames,
    buckets: requestBuckets,
    registers: [metrics.process],
  });
  // Each combination's children, bound once: an answer then costs a map lookup, an increment and an observation.
  const bound = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();
  app.addHook('onResponse', (req, reply, done) => {
    const method = knownMethods.has(req.method) ? req.method : 'other';
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = `${Math.trunc(reply.statusCode / 100)}xx`;
    const key = `${method} ${status} ${route}`;
    let series = bound.get(key);
    if (!series) {
      series = { count: requests.labels(method, route, status), time: durations.labels(method, route, status) };
      bound.set(key, series);
    }
    series.count.inc();
    series.time.observe(reply.elapsedTime / 1000);
    done();
  });

  const pool = app.database.pool;
  if (pool) {
    new Gauge({
      name: 'olympus_db_pool_connections',
      help: 'Database connections of the pool, by state (total open, idle, max allowed)',
      labelNames: ['state'],
      registers: [metrics.process],
      collect() {
        const now = pool();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'max' }, now.max);
      },
    });
    new Gauge({
      name: 'olympus_db_pool_waiting',
      help: 'Queries waiting for a connection of the pool',
      registers: [metrics.process],
      collect() {
        this.set(pool().waiting);
      },
    });
  }
}

/**
 * A reading of the database for the shared registry, taken at most once per `READ_EVERY_MS` however many scrapes
 * ask meanwhile (they share the one read). A failed read answers null and is tried again at the next scrape: the
 * gauge then has no samples, and the rest of the scrape is still served.
 */
export function readAtMost<T>(read: () => Promise<T>, log: { warn(obj: unknown, msg: string): void }) {
  let last: { at: number; value: Promise<T | null> } | null = null;
  return (): Promise<T | null> => {
    const now = performance.now();
    if (last && now - last.at < READ_EVERY_MS) return last.value;
    const value = read().catch((err: unknown) => {
      log.warn({ err }, 'metrics: a database reading failed');
      last = null;
      return null;
    });
    last = { at: now, value };
    return value;
  };
}

/** How long a server process waits for the primary's gathering: prom-client's own limit (5 s), and a second more. */
const MACHINE_WAIT_MS = 6_000;

/** What a server process asks the primary, and what the primary answers (server/cluster.ts). */
export const MACHINE_FIGURES_ASKED = 'olympus:metrics-asked';
export const MACHINE_FIGURES_ANSWERED = 'olympus:metrics-answered';
export type MachineFiguresAnswer =
  | { type: typeof MACHINE_FIGURES_ANSWERED; id: number; text: string }
  | { type: typeof MACHINE_FIGURES_ANSWERED; id: number; error: string };

/**
 * Lets this server process answer the primary's requests for its figures (prom-client's listener, which the
 * AggregatorRegistry installs in a cluster worker). Called first thing in a server process, before its database
 * opens and its server is built, so that a process still starting answers (empty) instead of holding up a
 * scrape until the primary's gathering times out.
 */
export function answerThePrimary(): void {
  if (cluster.isWorker) new AggregatorRegistry<PrometheusContentType>();
}

let asked = 0;
const waiting = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();
let listening = false;

/** The whole machine's per-process figures, gathered by the primary; rejected after `MACHINE_WAIT_MS`. */
function machineFigures(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      const m = message as { type?: unknown; id?: unknown; text?: unknown; error?: unknown } | null;
      if (m?.type !== MACHINE_FIGURES_ANSWERED || typeof m.id !== 'number') return;
      const pending = waiting.get(m.id);
      if (!pending) return;
      waiting.delete(m.id);
      if (typeof m.text === 'string') pending.resolve(m.text);
      else pending.reject(new Error(`the primary could not gather the figures: ${String(m.error)}`));
    });
  }
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error(`the primary did not answer within ${MACHINE_WAIT_MS / 1000} s`));
    }, MACHINE_WAIT_MS);
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (err) => {
        clearTimeout(timer);
        reject(err);
      },
    });
    process.send!({ type: MACHINE_FIGURES_ASKED, id });
  });
}

/** The content type of a scrape's answer: Prometheus's text format 0.0.4. */
export const metricsContentType = prometheusContentType;

/**
 * One scrape's text: the machine's per-process figures (gathered by the primary when this is one of several server
 * processes, else this process's own), then the shared readings of the database, read once here.
 */
export async function scrape(app: FastifyInstance): Promise<string> {
  const own =
    cluster.isWorker && process.send
      ? await machineFigures()
      : `${await processDefaults().metrics()}\n${await app.metrics.process.metrics()}`;
  const shared = await app.metrics.shared.metrics();
  return `${own.trimEnd()}\n${shared}`;
}

/**
 * A gauge of the shared registry: counts by one label, read from the database by one statement (`read`, answering
 * `{ key, n }` rows) at most once per `READ_EVERY_MS`. Every value of `keys` is answered, 0 when no row names it,
 * so that a state that empties reads 0 instead of vanishing.
 */
export function sharedCounts(
  app: FastifyInstance,
  spec: { name: string; help: string; label: string; keys: readonly string[]; read: () => Promise<CountBy[]> },
): void {
  const read = readAtMost(spec.read, app.log);
  new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: [spec.label],
    registers: [app.metrics.shared],
    async collect() {
      const found = await read();
      this.reset();
      if (!found) return;
      const counts = new Map(found.map((r) => [r.key, r.n]));
      for (const key of spec.keys) this.set({ [spec.label]: key }, counts.get(key) ?? 0);
    },
  });
}

export interface CountBy {
  key: string;
  n: number;
}
