import type { FastifyInstance } from 'fastify';
import { createMailSender, type MailSender } from './mail-sender.js';
import type { FileStorage } from './storage.js';
import { configuredStorage } from './storage-s3.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
    mailSender: MailSender;
  }
}

/**
 * Files and the mail queue for one server process: the storage (the S3-compatible bucket when S3_* is set, decision
 * 100, else DATA_DIR/files), the mailer's
 * settings, and the background sender (started when the server is ready, stopped before it closes; its rate is
 * read from the runtime settings, decision 036).
 */
export function registerMailRuntime(app: FastifyInstance): void {
  const { config } = app;
  const { storage, close } = configuredStorage(config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => close());
  app.mailer.configure({
    publicUrl: config.publicUrl,
    storage,
    maxAttempts: config.mail.maxAttempts,
    retryBaseSeconds: config.mail.retryBaseSeconds,
  });
  const sender = createMailSender({
    db: app.db,
    mailer: app.mailer,
    log: app.log.child({ module: 'mail-sender' }),
    ratePerMinute: async () => (await app.settings.get()).mailRatePerMinute,
    batchSize: config.mail.batchSize,
    concurrency: config.mail.concurrency,
    pollMs: config.mail.pollMs,
    sendingLeaseMinutes: config.mail.sendingLeaseMinutes,
  });
  app.decorate('mailSender', sender);
  if (config.mail.sender) {
    app.addHook('onReady', async () => sender.start());
    app.addHook('preClose', async () => sender.stop());
  }
}
