/**
 * One mail sender as its own process (for `npm run bench:mail`): the same createMailer + createMailSender
 * the server runs, on PostgreSQL (DATABASE_URL), delivering to SMTP_URL. Stops on SIGTERM after the
 * messages in hand are delivered, and prints how many it delivered.
 */
import { openPostgres } from '../../server/db/client.js';
import { createMailSender } from '../../server/platform/mail-sender.js';
import { createMailer } from '../../server/platform/mailer.js';

const database = openPostgres(process.env.DATABASE_URL!, Number(process.env.POOL ?? 12));
const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, from: 'Olympus <no-reply@olympus.bench>', pool: true });
mailer.configure({ publicUrl: 'http://olympus.bench', storage: null, maxAttempts: 3, retryBaseSeconds: 1 });
const sender = createMailSender({
  db: database.db,
  mailer,
  log: { error: (obj: unknown, msg?: string) => console.error(msg, obj) },
  ratePerMinute: 1_000_000,
  batchSize: Number(process.env.BATCH ?? 50),
  concurrency: Number(process.env.CONCURRENCY ?? 8),
  pollMs: 20,
  sendingLeaseMinutes: 15,
});
sender.start();
process.send?.({ ready: true, worker: mailer.worker });
process.on('SIGTERM', () => {
  void (async () => {
    await sender.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  })();
});
