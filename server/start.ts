import cluster from 'node:cluster';
import os from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import { buildApp } from './app.js';
import { runPrimary, webProcesses, workerEnvironment } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { drainable } from './http/drain.js';
import { chooseLogFormat, prettyLogsAvailable } from './platform/log-format.js';
import { createMailer } from './platform/mailer.js';
import { answerThePrimary } from './platform/metrics.js';
import { seedBenchIfAbsent, seedCertificateBenchIfAbsent, seedInvoiceBenchIfAbsent } from './seed/bench.js';
import { seedReportBenchIfAbsent } from './seed/bench-reports.js';
import { prepareDemo } from './seed/demo-policy.js';

/** The listening queue's length asked for (Linux's default somaxconn, 4096, also caps it). */
const LISTEN_BACKLOG = 4096;

export interface StartOptions {
  /**
   * Routes served beside the product's. Only the benchmarks' own entry (bench/lib/server-entry.ts) passes any, so
   * that no setting of a production server can register a benchmark's route.
   */
  routes?: FastifyPluginAsync[];
}

/**
 * `npm start` (server/main.ts). One process on the embedded PGlite; on PostgreSQL a primary that migrates and seeds
 * once, then one server process per core (WEB_PROCESSES; server/cluster.ts, decision 040). Each server process runs
 * the same entry file as the primary (Node's cluster module), so it serves the same `routes`.
 */
export function start(options: StartOptions = {}): void {
  main(options).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

async function main(options: StartOptions): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cluster.isWorker) {
    // Before anything slow: the primary may ask for this process's figures as soon as it exists (decision 101).
    answerThePrimary();
    await serve(config, await openDatabase(config), process.env.OLYMPUS_LISTEN_HOST ?? '127.0.0.1', null, options);
    return;
  }
  const cores = os.availableParallelism();
  const processes = webProcesses(config, cores);
  if (!config.databaseUrl && (config.webProcesses ?? 1) > 1)
    console.error('WEB_PROCESSES is ignored on the embedded PGlite: one process owns it (set DATABASE_URL for more).');
  // The primary's own pool serves only on the embedded PGlite (one process); on PostgreSQL it migrates and prepares,
  // then closes, and even one server process runs under a primary, so that a rolling restart (SIGHUP) can start its
  // successor before it stops (decision 103).
  const alone = !config.databaseUrl;
  const database = await openDatabase({ ...config, databasePoolWarm: config.databasePoolWarm && alone });
  await database.migrate();
  const prepared = await prepare(config, database);
  const lines = [
    '',
    `  Olympus is running at ${config.publicUrl}  (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}, ` +
      `${processes === 1 ? 'one server process' : `${processes} server processes`}, mail: ${config.smtpUrl ? 'smtp' : 'outbox'})`,
    `  API docs: ${config.publicUrl}/api/docs`,
    ...prepared.lines,
  ];
  const banner = lines.join('\n') + '\n';
  if (alone) {
    await serve(config, database, prepared.host, banner, options);
    return;
  }
  await database.close();
  runPrimary({
    processes,
    env: workerEnvironment(processes, cores, process.env, prepared.host),
    banner,
    // A rolling restart (SIGHUP) applies the release's new migrations first, read from disk again, on a connection
    // of its own that it closes: the primary keeps no pool while its server processes serve (decision 103).
    migrate: async () => {
      const fresh = await openDatabase({ ...config, databasePoolSize: 1, databasePoolWarm: false });
      try {
        await fresh.migrate();
      } finally {
        await fresh.close();
      }
    },
  });
}

/** Once, before any server process starts: the demo data and the benchmarks' data. */
async function prepare(config: Config, database: Database) {
  const demo = await prepareDemo(config, database);
  // Benchmarks only (bench/exam.ts): BENCH_LEARNERS=n adds the olympiad geo-bench and n learners, once.
  if (config.bench.learners > 0)
    await seedBenchIfAbsent(database.db, config.bench.learners, config.bench.learnerPasswords);
  // Benchmarks only (bench/invoices.ts): BENCH_INVOICE_SCHOOLS=n adds the olympiad geo-invoices and n schools, once.
  if (config.bench.invoiceSchools > 0) await seedInvoiceBenchIfAbsent(database.db, config.bench.invoiceSchools);
  // Benchmarks only (bench/certificates.ts): BENCH_CERTIFICATE_LEARNERS=n adds geo-certificates, published, once.
  if (config.bench.certificateLearners > 0)
    await seedCertificateBenchIfAbsent(database.db, config.bench.certificateLearners);
  // Benchmarks only (bench/reports.ts): BENCH_REPORT_LEARNERS=n adds geo-reports with attempts and answers, once.
  if (config.bench.reportLearners > 0) await seedReportBenchIfAbsent(database.db, config.bench.reportLearners);
  return demo;
}

/** One server process: the app on the database, listening until SIGTERM or SIGINT, then closed in order. */
async function serve(
  config: Config,
  database: Database,
  host: string,
  banner: string | null,
  options: StartOptions,
): Promise<void> {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const log = chooseLogFormat(config.logFormat, {
    env: config.env,
    isTTY: Boolean(process.stdout.isTTY),
    prettyAvailable: prettyLogsAvailable(),
  });
  if (log.note && banner) console.error(log.note);
  const app = await buildApp({
    config,
    database,
    mailer,
    serveWeb: true,
    logFormat: log.format,
    routes: options.routes ?? [],
  });
  // A school's devices reconnect together: a listening queue of Node's 511 dropped thousands of their connections
  // at once, each then retried by its kernel seconds later (decision 089). The kernel caps it at its somaxconn.
  // Stopping lets every keep-alive connection finish and close on its own (decision 103), so a rolling restart
  // (SIGHUP to the primary, server/cluster.ts) costs no client an error.
  const drain = drainable(app.server);
  await app.listen({ port: config.port, host, backlog: LISTEN_BACKLOG });
  if (banner) console.log(banner);

  // Once only: a signal can arrive twice (to this process and to its process group, or from the primary).
  let stopping: Promise<void> | null = null;
  const shutdown = (signal: string) =>
    (stopping ??= (async () => {
      app.log.info({ signal }, 'shutting down');
      await drain.close();
      await app.close();
      await database.close();
      mailer.close();
      process.exit(0);
    })());
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The one process of the embedded PGlite owns its database: no successor can start beside it. SIGHUP would end it.
  if (cluster.isPrimary)
    process.on('SIGHUP', () => console.error('SIGHUP ignored: a rolling restart needs PostgreSQL (decision 103).'));
}
