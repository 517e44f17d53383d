import { fork } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailSender } from '../../platform/mail-sender.js';
import { createMailer } from '../../platform/mailer.js';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { type ReceivedMail, type TestSmtp, startTestSmtp } from '../../test/smtp.js';

/** A real SMTP server on 127.0.0.1; `rcptFailures` answers an address with an SMTP error code once or always. */
let smtp: TestSmtp;
let smtpUrl: string;
let received: ReceivedMail[];
let rcptFailures: TestSmtp['rcptFailures'];

let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ({ url: smtpUrl, received, rcptFailures } = smtp);
  server = await startTestServer({
    env: {
      SMTP_URL: smtpUrl,
      MAIL_SENDER: 'false',
      MAIL_RETRY_BASE_SECONDS: '0',
      MAIL_FROM: 'Olympus <no-reply@olympus.test>',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(() => {
  received.length = 0;
  rcptFailures.clear();
});

async function statusOf(id: number) {
  const [row] = await server.query<{
    status: string;
    attempts: number;
    last_error: string | null;
    transport: string | null;
  }>`
    select status, attempts, last_error, transport from emails where id = ${id}`;
  return row!;
}
const attemptsOf = (id: number) =>
  server.query<{ outcome: string }>`select outcome from email_attempts where email_id = ${id} order by id`;

describe('the queue and the sender over real SMTP', () => {
  it('sends system mail through the queue at once, with HTML and text parts', async () => {
    const result = await server.app.mailer.send(server.db, {
      kind: 'test',
      to: 'one@school.example.org',
      subject: 'Hello',
      text: 'Plain hello',
      html: '<p>HTML hello</p>',
    });
    expect(result.status).toBe('sent');
    expect(received).toHaveLength(1);
    expect(received[0]!.raw).toMatch(/multipart\/alternative/);
    expect(received[0]!.raw).toContain('Plain hello');
    expect(received[0]!.raw).toContain('<p>HTML hello</p>');
    expect(received[0]!.raw).not.toMatch(/^List-Unsubscribe:/m);
    expect(await statusOf(result.id)).toMatchObject({ status: 'sent', attempts: 1, transport: 'smtp' });
    expect(await attemptsOf(result.id)).toEqual([{ outcome: 'sent' }]);
  });

  it('keeps held mail until it is released, then sends mass mail with unsubscribe headers and attachments', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% test\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const stored = await server.app.storage.put('rules.pdf', pdf);
    const [upload] = await server.query<{
      id: number;
    }>`insert into uploads (filename, original_name, content_type, size, sha256)
      values (${stored.key}, 'rules.pdf', 'application/pdf', ${stored.size}, ${stored.sha256}) returning id`;
    const [attachment] = await server.query<{ id: number }>`
      insert into attachments (upload_id, filename) values (${upload!.id}, 'Rules 2026.pdf') returning id`;
    const id = await server.app.mailer.enqueue(server.db, {
      kind: 'mass-mail',
      to: 'teacher@mass.example.org',
      subject: 'News',
      text: 'News in text',
      html: '<p>News</p>',
      status: 'held',
      massMailId: 999,
      unsubscribeRef: 'ref-abc',
      attachmentIds: [attachment!.id],
    });
    expect(await server.app.mailSender.runOnce()).toBe(0);
    expect(received).toHaveLength(0);
    await server.query`update emails set status = 'released' where id = ${id}`;
    expect(await server.app.mailSender.runOnce()).toBe(1);
    expect(received).toHaveLength(1);
    const raw = received[0]!.raw;
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/olympus\.test\/unsubscribe\/api\/one-click\/ref-abc>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toMatch(/filename="Rules 2026\.pdf"/);
    expect(raw).toContain(pdf.toString('base64').slice(0, 40));
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('retries a temporary failure (4xx) with backoff and then delivers', async () => {
    rcptFailures.set('busy@school.example.org', { code: 451, times: 1 });
    const result = await server.app.mailer.send(server.db, {
      kind: 'test',
      to: 'busy@school.example.org',
      subject: 'S',
      text: 'T',
    });
    expect(result.status).toBe('released');
    const first = await statusOf(result.id);
    expect(first).toMatchObject({ status: 'released', attempts: 1 });
    expect(first.last_error).toMatch(/451/);
    expect(received).toHaveLength(0);
    await server.app.mailSender.runOnce();
    expect(await statusOf(result.id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(received.map((r) => r.to)).toEqual([['busy@school.example.org']]);
    expect(await attemptsOf(result.id)).toEqual([{ outcome: 'retry' }, { outcome: 'sent' }]);
  });

  it('waits for the backoff before retrying', async () => {
    rcptFailures.set('later@school.example.org', { code: 450, times: 1 });
    const result = await server.app.mailer.send(server.db, {
      kind: 'test',
      to: 'later@school.example.org',
      subject: 'S',
      text: 'T',
    });
    await server.query`update emails set next_attempt_at = now() + interval '1 hour' where id = ${result.id}`;
    expect(await server.app.mailSender.runOnce()).toBe(0);
    expect((await statusOf(result.id)).status).toBe('released');
  });

  it('never retries a permanent failure (5xx)', async () => {
    rcptFailures.set('gone@school.example.org', { code: 550, times: 5 });
    const result = await server.app.mailer.send(server.db, {
      kind: 'test',
      to: 'gone@school.example.org',
      subject: 'S',
      text: 'T',
    });
    expect(result.status).toBe('failed');
    expect(await server.app.mailSender.runOnce()).toBe(0);
    const row = await statusOf(result.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/550/);
    expect(await attemptsOf(result.id)).toEqual([{ outcome: 'failed' }]);
    expect(rcptFailures.get('gone@school.example.org')!.times).toBe(4);
  });

  it('gives up after the maximum number of attempts', async () => {
    rcptFailures.set('flaky@school.example.org', { code: 452, times: 100 });
    const result = await server.app.mailer.send(server.db, {
      kind: 'test',
      to: 'flaky@school.example.org',
      subject: 'S',
      text: 'T',
    });
    for (let i = 0; i < 10; i++) await server.app.mailSender.runOnce();
    expect(await statusOf(result.id)).toMatchObject({ status: 'failed', attempts: server.app.config.mail.maxAttempts });
  });

  it('marks a message left in sending by a crashed sender as failed, never sending it twice', async () => {
    const id = await server.app.mailer.enqueue(server.db, {
      kind: 'test',
      to: 'crash@school.example.org',
      subject: 'S',
      text: 'T',
    });
    await server.query`update emails set status = 'sending', attempts = 1, locked_at = now() - interval '2 hours' where id = ${id}`;
    const sender = createMailSender({
      db: server.db,
      mailer: server.app.mailer,
      log: console,
      ratePerMinute: 1000,
      batchSize: 10,
      concurrency: 2,
      pollMs: 50,
      sendingLeaseMinutes: 15,
    });
    await sender.runOnce();
    const row = await statusOf(id);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/never sent twice/);
    expect(received).toHaveLength(0);
  });

  it('keeps to the rate per minute across the site', async () => {
    await server.query`update emails set sent_at = now() - interval '2 minutes' where sent_at is not null`;
    for (let i = 0; i < 5; i++) {
      await server.app.mailer.enqueue(server.db, {
        kind: 'rate',
        to: `rate${i}@school.example.org`,
        subject: 'R',
        text: 'T',
      });
    }
    const sender = createMailSender({
      db: server.db,
      mailer: server.app.mailer,
      log: console,
      ratePerMinute: 3,
      batchSize: 10,
      concurrency: 2,
      pollMs: 50,
      sendingLeaseMinutes: 15,
    });
    expect(await sender.runOnce()).toBe(3);
    expect(await sender.runOnce()).toBe(0);
    const [left] = await server.query<{
      n: number;
    }>`select count(*)::int as n from emails where kind = 'rate' and status = 'released'`;
    expect(left!.n).toBe(2);
    await server.query`update emails set sent_at = now() - interval '2 minutes' where kind = 'rate'`;
    expect(await sender.runOnce()).toBe(2);
  });

  it('two sender loops (two server processes) together keep to the one rate (decision 040)', async () => {
    await server.query`update emails set sent_at = now() - interval '2 minutes' where sent_at is not null`;
    for (let i = 0; i < 10; i++) {
      await server.app.mailer.enqueue(server.db, {
        kind: 'rate-two',
        to: `rate-two${i}@school.example.org`,
        subject: 'R',
        text: 'T',
      });
    }
    const senders = [0, 1].map(() => {
      const mailer = createMailer({ smtpUrl, from: 'no-reply@olympus.test' });
      const sender = createMailSender({
        db: server.db,
        mailer,
        log: console,
        ratePerMinute: 4,
        batchSize: 10,
        concurrency: 2,
        pollMs: 20,
        sendingLeaseMinutes: 15,
      });
      return { mailer, sender };
    });
    senders.forEach((s) => s.sender.start());
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all(senders.map((s) => s.sender.stop()));
    senders.forEach((s) => s.mailer.close());
    const [sent] = await server.query<{ n: number }>`
      select count(*)::int as n from emails where kind = 'rate-two' and status = 'sent'`;
    expect(sent!.n).toBe(4);
    await server.query`update emails set status = 'failed' where kind = 'rate-two' and status = 'released'`;
  });

  it('two sender loops on one database never send a message twice', async () => {
    const count = 120;
    for (let i = 0; i < count; i++) {
      await server.app.mailer.enqueue(server.db, {
        kind: 'bulk',
        to: `bulk${i}@school.example.org`,
        subject: `Bulk ${i}`,
        text: 'T',
      });
    }
    const senders = [0, 1].map(() => {
      const mailer = createMailer({ smtpUrl, from: 'no-reply@olympus.test' });
      return {
        mailer,
        sender: createMailSender({
          db: server.db,
          mailer,
          log: console,
          ratePerMinute: 100_000,
          batchSize: 7,
          concurrency: 3,
          pollMs: 20,
          sendingLeaseMinutes: 15,
        }),
      };
    });
    senders.forEach((s) => s.sender.start());
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const [left] = await server.query<{
        n: number;
      }>`select count(*)::int as n from emails where kind = 'bulk' and status <> 'sent'`;
      if (left!.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(senders.map((s) => s.sender.stop()));
    senders.forEach((s) => s.mailer.close());
    const bulk = received.filter((r) => r.to[0]!.startsWith('bulk'));
    expect(bulk).toHaveLength(count);
    expect(new Set(bulk.map((r) => r.to[0])).size).toBe(count);
    const workers = await server.query<{ worker: string; n: number }>`
      select a.worker, count(*)::int as n from email_attempts a join emails e on e.id = a.email_id
      where e.kind = 'bulk' group by a.worker`;
    expect(workers.reduce((sum, w) => sum + w.n, 0)).toBe(count);
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('marks queued mail as delivered to the outbox', async () => {
    const outbox = await startTestServer({ seed: false, env: { MAIL_SENDER: 'false' } });
    try {
      const id = await outbox.app.mailer.enqueue(outbox.db, {
        kind: 'test',
        to: 'x@school.example.org',
        subject: 'S',
        text: 'T',
      });
      expect(await outbox.app.mailSender.runOnce()).toBe(1);
      const [row] = await outbox.query<{
        status: string;
        transport: string;
      }>`select status, transport from emails where id = ${id}`;
      expect(row).toEqual({ status: 'outbox', transport: 'outbox' });
    } finally {
      await outbox.close();
    }
  });
});

// Two server processes on one PostgreSQL database (PGlite cannot be shared between processes, so this runs in
// the PostgreSQL pass: DATABASE_URL set, as CI does).
describe.runIf(Boolean(process.env.DATABASE_URL))('two sender processes on one PostgreSQL database', () => {
  it('deliver every message exactly once', async () => {
    const count = 300;
    for (let i = 0; i < count; i++) {
      await server.app.mailer.enqueue(server.db, {
        kind: 'procs',
        to: `proc${i}@school.example.org`,
        subject: `P ${i}`,
        text: 'T',
      });
    }
    const children = [0, 1].map(() =>
      fork('bench/lib/mail-sender-process.ts', [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          DATABASE_URL: server.app.config.databaseUrl!,
          SMTP_URL: smtpUrl,
          BATCH: '10',
          CONCURRENCY: '4',
          POOL: '4',
        },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      }),
    );
    try {
      const deadline = Date.now() + 25_000;
      while (Date.now() < deadline) {
        const [left] = await server.query<{
          n: number;
        }>`select count(*)::int as n from emails where kind = 'procs' and status <> 'sent'`;
        if (left!.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await Promise.all(
        children.map(
          (c) =>
            new Promise((resolve) => {
              c.once('exit', resolve);
              c.kill('SIGTERM');
            }),
        ),
      );
    }
    const got = received.filter((r) => r.to[0]!.startsWith('proc'));
    expect(got).toHaveLength(count);
    expect(new Set(got.map((r) => r.to[0])).size).toBe(count);
    const workers = await server.query<{ worker: string }>`
      select distinct a.worker from email_attempts a join emails e on e.id = a.email_id where e.kind = 'procs'`;
    expect(workers.length).toBe(2);
  }, 40_000);
});
