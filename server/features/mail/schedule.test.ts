import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailSender } from '../../platform/mail-sender.js';
import { createMailer } from '../../platform/mailer.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * A mailing scheduled for later (decision 020): composed with a time, queued held, released by the background
 * sender when the time comes (once, whichever process gets there), delivered over real SMTP; the overlord can
 * move or cancel the schedule, or release early.
 */
let smtp: SMTPServer;
let smtpUrl: string;
const received: string[] = [];
let server: TestServer;
let demo: DemoIds;
const token: Record<string, string> = {};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { SMTP_URL: smtpUrl, MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  for (const u of ['overlord', 'admin', 'funding']) token[u] = (await server.signIn(u)).accessToken.token;
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@school.example.org`);

async function compose(subject: string, to: string[], scheduledFor: string | null, who = 'admin') {
  const res = await server.api('POST', '/emailer/api/', {
    token: token[who],
    body: {
      olympiadId: demo.geoDemo,
      subject,
      html: '<p>Dear {{firstName}}</p>',
      audience: { kind: 'pasted', addresses: to },
      scheduledFor,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.mailing as { id: number; scheduledFor: string | null };
}
const queue = (id: number, who = 'admin') => server.api('POST', `/emailer/api/${id}/queue`, { token: token[who] });
const statuses = async (id: number) =>
  Object.fromEntries(
    (
      await server.query<{ status: string; n: number }>`
        select status, count(*)::int as n from emails where mass_mail_id = ${id} group by status`
    ).map((r) => [r.status, r.n]),
  );
const scheduledReleases = (id: number) =>
  server.query<{ actor_id: number | null; data: { released: number; worker: string } }>`
    select actor_id, data from audit_log where action = 'mass-mail.scheduled-release' and entity_id = ${String(id)}`;

describe('scheduling a mailing', () => {
  it('stores the time on the draft, refuses a time that has passed, and lists it', async () => {
    const past = await server.api('POST', '/emailer/api/', {
      token: token.admin,
      body: {
        olympiadId: demo.geoDemo,
        subject: 'Too late',
        html: '<p>x</p>',
        audience: { kind: 'all-teachers' },
        scheduledFor: '2020-01-01T08:00:00+02:00',
      },
    });
    expect(past.status).toBe(400);
    expect(past.body.details).toEqual([{ path: 'scheduledFor', message: 'This time has passed: choose a later one' }]);
    const noOffset = await server.api('POST', '/emailer/api/', {
      token: token.admin,
      body: {
        olympiadId: demo.geoDemo,
        subject: 'x',
        html: '<p>x</p>',
        audience: { kind: 'all-teachers' },
        scheduledFor: '2030-01-01T08:00',
      },
    });
    expect(noOffset.status).toBe(400);

    const m = await compose('Writing day opens', ['one@school.example.org'], '2030-03-04T08:00:00+02:00');
    expect(m.scheduledFor).toBe('2030-03-04T06:00:00.000Z');
    const [row] = await server.query<{ scheduled_for: Date }>`select scheduled_for from mass_mails where id = ${m.id}`;
    expect(new Date(row!.scheduled_for).toISOString()).toBe('2030-03-04T06:00:00.000Z');
    const listed = await server.api('GET', `/emailer/v-rest/?olympiadId=${demo.geoDemo}&search=Writing%20day`, {
      token: token.funding,
    });
    expect(listed.body.items[0]).toMatchObject({ id: m.id, scheduledFor: '2030-03-04T06:00:00.000Z' });
    // Cleared again in the composer: the overlord will release it by hand.
    const cleared = await server.api('PUT', `/emailer/api/${m.id}`, {
      token: token.admin,
      body: {
        olympiadId: demo.geoDemo,
        subject: 'Writing day opens',
        html: '<p>x</p>',
        audience: { kind: 'all-teachers' },
        scheduledFor: null,
      },
    });
    expect(cleared.body.mailing.scheduledFor).toBeNull();
  });

  it('keeps a queued mailing held until its time, then the sender releases and delivers it, once', async () => {
    const to = addresses('timed', 4);
    const m = await compose('Timed reminder', to, inSeconds(2));
    const queued = await queue(m.id);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ queued: 4, scheduledFor: m.scheduledFor });
    expect(await server.app.mailSender.runOnce()).toBe(0);
    expect(await statuses(m.id)).toEqual({ held: 4 });
    expect(received).toEqual([]);

    await new Promise((r) => setTimeout(r, Math.max(0, new Date(m.scheduledFor!).getTime() - Date.now()) + 200));
    expect(await server.app.mailSender.runOnce()).toBe(4);
    expect(await statuses(m.id)).toEqual({ sent: 4 });
    expect(received.sort()).toEqual([...to].sort());
    const audits = await scheduledReleases(m.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: null, data: { released: 4 } });
    const [row] = await server.query<{ schedule_released_at: Date | null }>`
      select schedule_released_at from mass_mails where id = ${m.id}`;
    expect(row!.schedule_released_at).not.toBeNull();

    // Further passes find nothing due; the schedule can no longer be moved.
    expect(await server.app.mailSender.runOnce()).toBe(0);
    expect(await scheduledReleases(m.id)).toHaveLength(1);
    const move = await server.api('PUT', `/emailer/api/${m.id}/schedule`, {
      token: token.overlord,
      body: { scheduledFor: inSeconds(3600) },
    });
    expect(move.status).toBe(409);
  });

  it('refuses to queue a draft whose time has passed', async () => {
    const m = await compose('Soon stale', ['stale@school.example.org'], inSeconds(1));
    await new Promise((r) => setTimeout(r, 1100));
    const res = await queue(m.id);
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('scheduledFor');
    expect(await statuses(m.id)).toEqual({});
  });

  it('lets only the overlord move or cancel the schedule; a cancelled one waits for a release by hand', async () => {
    const m = await compose('Cancelled schedule', addresses('cancel', 3), inSeconds(3600));
    await queue(m.id);
    const path = `/emailer/api/${m.id}/schedule`;
    for (const who of ['admin', 'funding']) {
      const res = await server.api('PUT', path, { token: token[who], body: { scheduledFor: null } });
      expect(res.status, who).toBe(403);
    }
    const missing = await server.api('PUT', '/emailer/api/999999/schedule', {
      token: token.overlord,
      body: { scheduledFor: null },
    });
    expect(missing.status).toBe(404);
    const past = await server.api('PUT', path, {
      token: token.overlord,
      body: { scheduledFor: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    const moved = await server.api('PUT', path, {
      token: token.overlord,
      body: { scheduledFor: '2031-05-06T09:30:00+02:00' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.mailing.scheduledFor).toBe('2031-05-06T07:30:00.000Z');
    const cancelled = await server.api('PUT', path, { token: token.overlord, body: { scheduledFor: null } });
    expect(cancelled.body.mailing.scheduledFor).toBeNull();
    const actions = await server.query<{ action: string }>`
      select action from audit_log where entity = 'mass_mail' and entity_id = ${String(m.id)} order by id`;
    expect(actions.map((a) => a.action)).toEqual([
      'mass-mail.create',
      'mass-mail.queue',
      'mass-mail.schedule',
      'mass-mail.cancel-schedule',
    ]);
    // Even long past the first time, nothing is released without a schedule.
    await server.query`update mass_mails set updated_at = now() where id = ${m.id}`;
    await server.app.mailSender.runOnce();
    expect(await statuses(m.id)).toEqual({ held: 3 });
    // A draft's schedule is set in the composer, not here.
    const draft = await compose('Still a draft', ['d@school.example.org'], null);
    expect(
      (
        await server.api('PUT', `/emailer/api/${draft.id}/schedule`, {
          token: token.overlord,
          body: { scheduledFor: inSeconds(60) },
        })
      ).status,
    ).toBe(409);
  });

  it('lets the overlord release part early; the rest goes at the scheduled time', async () => {
    const m = await compose('Early batch', addresses('early', 5), inSeconds(3600));
    await queue(m.id);
    const early = await server.api('POST', `/queued-email/release-batch/?massMailId=${m.id}&qty=2`, {
      token: token.overlord,
    });
    expect(early.body).toMatchObject({ released: 2, held: 3 });
    await server.app.mailSender.runOnce();
    expect(await statuses(m.id)).toEqual({ sent: 2, held: 3 });
    // The time comes (moved to the past directly in the database: the clock is not waited for here).
    await server.query`update mass_mails set scheduled_for = now() - interval '1 second' where id = ${m.id}`;
    await server.app.mailSender.runOnce();
    expect(await statuses(m.id)).toEqual({ sent: 5 });
    expect((await scheduledReleases(m.id))[0]!.data.released).toBe(3);
    expect(received.filter((r) => r.startsWith('early')).sort()).toEqual(addresses('early', 5).sort());
  });

  it('two senders passing at once release a due mailing once and send every message once', async () => {
    const mailings = [];
    for (let i = 0; i < 3; i++) {
      const m = await compose(`Race ${i}`, addresses(`race${i}-`, 10), inSeconds(3600));
      await queue(m.id);
      mailings.push(m);
    }
    await server.query`update mass_mails set scheduled_for = now() - interval '1 second'
      where id in (${mailings[0]!.id}, ${mailings[1]!.id}, ${mailings[2]!.id})`;
    const senders = [0, 1].map(() => {
      const mailer = createMailer({ smtpUrl, from: 'no-reply@olympus.test' });
      const sender = createMailSender({
        db: server.db,
        mailer,
        log: console,
        ratePerMinute: 100_000,
        batchSize: 50,
        concurrency: 4,
        pollMs: 20,
        sendingLeaseMinutes: 15,
      });
      return { mailer, sender };
    });
    await Promise.all(senders.map((s) => s.sender.runOnce()));
    await Promise.all(senders.map((s) => s.sender.runOnce()));
    senders.forEach((s) => s.mailer.close());
    for (const m of mailings) {
      expect(await statuses(m.id)).toEqual({ sent: 10 });
      const audits = await scheduledReleases(m.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]!.data.released).toBe(10);
    }
    const race = received.filter((r) => r.startsWith('race'));
    expect(race).toHaveLength(30);
    expect(new Set(race).size).toBe(30);
  });
});

// Two sender processes on one PostgreSQL database (PGlite cannot be shared between processes, so this runs in
// the PostgreSQL pass: DATABASE_URL set, as CI does).
describe.runIf(Boolean(process.env.DATABASE_URL))('two sender processes and scheduled mailings', () => {
  it('release each due mailing once and deliver every message once', async () => {
    const mailings = [];
    for (let i = 0; i < 6; i++) {
      const m = await compose(`Procs ${i}`, addresses(`sched${i}-`, 40), inSeconds(3600));
      await queue(m.id);
      mailings.push(m);
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
      await Promise.all(children.map((c) => new Promise((resolve) => c.once('message', resolve))));
      // The time comes for every mailing at once, while both processes poll.
      await server.query`update mass_mails set scheduled_for = now()
        where id in (${mailings[0]!.id}, ${mailings[1]!.id}, ${mailings[2]!.id}, ${mailings[3]!.id},
          ${mailings[4]!.id}, ${mailings[5]!.id})`;
      const deadline = Date.now() + 25_000;
      while (Date.now() < deadline) {
        const [left] = await server.query<{ n: number }>`select count(*)::int as n from emails
          where mass_mail_id in (${mailings[0]!.id}, ${mailings[1]!.id}, ${mailings[2]!.id}, ${mailings[3]!.id},
            ${mailings[4]!.id}, ${mailings[5]!.id}) and status <> 'sent'`;
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
    const got = received.filter((r) => r.startsWith('sched'));
    expect(got).toHaveLength(240);
    expect(new Set(got).size).toBe(240);
    for (const m of mailings) {
      const audits = await scheduledReleases(m.id);
      expect(audits, `mailing ${m.id}`).toHaveLength(1);
      expect(audits[0]!.data.released).toBe(40);
    }
    const senders = await server.query<{ worker: string }>`
      select distinct a.worker from email_attempts a join emails e on e.id = a.email_id
      where e.to_address like 'sched%'`;
    expect(senders.length).toBe(2);
  }, 40_000);
});
