import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { expectRowsUnchanged } from '../../test/endpoint.js';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from '../../test/smtp.js';

let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_SENDER: 'false',
      MAIL_FROM: 'Olympus <no-reply@olympus.test>',
      CONTACT_EMAIL: 'team@olympus.test',
      CONTACT_EMAILS: 'geography=geo-organisers@olympus.test',
      CONTACT_MAX_PER_ADDRESS: '6',
      CONTACT_MAX_PER_EMAIL: '2',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await server.query`delete from throttles where key like 'contact:%'`;
});

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Anél D’Oliveira',
  email: 'anel@school.example.org',
  subject: 'Grade 7 entries',
  message: 'May grade 7 learners write the senior paper? We have 40 keen learners.',
  ...over,
});
const send = (body: Record<string, unknown>) => server.api('POST', '/website/api/contact', { body });
const contactMails = 'select id, to_address, subject, status from emails where kind = $$contact$$ order by id';

describe('POST /website/api/contact', () => {
  it('a project’s message reaches its organisers over SMTP, and is in the email log and the audit', async () => {
    const res = await send(form({ projectName: 'Geography' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Thank you, Anél D’Oliveira/);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['geo-organisers@olympus.test']);
    const raw = decodeQuotedPrintable(mail.raw);
    expect(raw).toContain('May grade 7 learners write the senior paper?');
    expect(raw).toContain('anel@school.example.org');
    expect(raw).toMatch(/Subject: .*Geography Olympiad/);
    const [row] = await server.query<{ id: number; to_address: string; status: string; kind: string }>`
      select id, to_address, status, kind from emails where kind = 'contact' order by id desc limit 1`;
    expect(row).toMatchObject({ to_address: 'geo-organisers@olympus.test', status: 'sent' });
    const [audit] = await server.query<{ entity_id: string; data: Record<string, unknown>; ip: string }>`
      select entity_id, data, ip from audit_log where action = 'contact.send' order by id desc limit 1`;
    expect(audit).toMatchObject({ entity_id: String(row!.id), data: { projectName: 'geography' } });
  });

  it('the platform’s form writes to CONTACT_EMAIL; a project without its own address too', async () => {
    expect((await send(form({ email: 'a@example.org' }))).status).toBe(200);
    expect((await send(form({ email: 'b@example.org', projectName: 'history' }))).status).toBe(200);
    expect(smtp.received.map((m) => m.to)).toEqual([['team@olympus.test'], ['team@olympus.test']]);
  });

  it('a bot that fills the honeypot is thanked, and nothing is sent or kept', async () => {
    await expectRowsUnchanged(server, contactMails, async () => {
      const res = await send(form({ website: 'http://spam.example', email: 'bot@example.org' }));
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/Thank you/);
    });
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses bad input with field errors (400), an unknown project with 404, sending nothing', async () => {
    await expectRowsUnchanged(server, contactMails, async () => {
      const bad = await send(form({ email: 'not-an-address', message: 'short' }));
      expect(bad.status).toBe(400);
      expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.email', 'body.message']);
      const unknown = await send(form({ projectName: 'no-such-project' }));
      expect(unknown.status).toBe(404);
      const extra = await send({ ...form(), to: 'someone-else@example.org' });
      expect(extra.status).toBe(400);
    });
    expect(smtp.received).toHaveLength(0);
  });

  it('rate-limits one sender (429 with Retry-After), then one address', async () => {
    for (let i = 0; i < 2; i++) expect((await send(form({ email: 'keen@example.org' }))).status).toBe(200);
    const limited = await expectRowsUnchanged(server, contactMails, () => send(form({ email: 'keen@example.org' })));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same address under other senders' emails: six in an hour, then refused.
    for (let i = 0; i < 4; i++) expect((await send(form({ email: `other${i}@example.org` }))).status).toBe(200);
    expect((await send(form({ email: 'fresh@example.org' }))).status).toBe(429);
    expect(smtp.received).toHaveLength(6);
  });
});
