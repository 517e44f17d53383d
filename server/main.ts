import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { chooseLogFormat, prettyLogsAvailable } from './platform/log-format.js';
import { createMailer } from './platform/mailer.js';
import { seedBenchIfAbsent, seedCertificateBenchIfAbsent, seedInvoiceBenchIfAbsent } from './seed/bench.js';
import { seedReportBenchIfAbsent } from './seed/bench-reports.js';
import { prepareDemo } from './seed/demo-policy.js';

async function main(): Promise<void> {
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
  const database = await openDatabase(config);
  await database.migrate();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const log = chooseLogFormat(config.logFormat, {
    env: config.env,
    isTTY: Boolean(process.stdout.isTTY),
    prettyAvailable: prettyLogsAvailable(),
  });
  if (log.note) console.error(log.note);
  const app = await buildApp({ config, database, mailer, serveWeb: true, logFormat: log.format });

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

  await app.listen({ port: config.port, host: demo.host });
  const url = config.publicUrl;
  const lines = [
    '',
    `  Olympus is running at ${url}  (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}, mail: ${mailer.transport})`,
    `  API docs: ${url}/api/docs`,
    ...demo.lines,
  ];
  console.log(lines.join('\n') + '\n');

  // Once only: a signal can arrive twice (to this process and to its process group).
  let stopping: Promise<void> | null = null;
  const shutdown = (signal: string) =>
    (stopping ??= (async () => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      await database.close();
      mailer.close();
      process.exit(0);
    })());
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
