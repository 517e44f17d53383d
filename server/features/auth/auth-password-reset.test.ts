import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createUser } from '../../seed/factories.js';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { LIMITS, demo, latestLink, newTeacher, passwordHashOf, server, signinBody, useAuthServer } from './testing.js';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from '../../test/smtp.js';

/** A password the older client's set-password quirk would mangle (docs/spec.md §5): it must round-trip exactly. */
const trickyPassword = 'p%40ss"\'\\ wörd 🦒%25';

// Behind a proxy that reports each client's address, so tests can ask from several addresses.
useAuthServer({ ...LIMITS, TRUST_PROXY: 'true' });

const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.23';
const forgot = (username: string, address?: string) =>
  server.api('POST', `/api/auth/forgot-password/${username}`, {
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
  });
async function mailsTo(to: string) {
  return server.query<{ text_body: string }>`
    select text_body from emails where to_address = ${to} and kind = 'reset-password' order by id`;
}
/** The 5-minute spacing of reset mails has passed (the throttle's window moved back, as the clock would). */
async function fiveMinutesPass() {
  await server.query`update throttles set window_start = window_start - interval '6 minutes' where key like 'forgot:%'`;
}

describe('forgot password, verify email, set password', () => {
  it('mails a one-time reset link through the outbox', async () => {
    const user = await newTeacher(demo.school1, `reset-${Date.now()}@school.example.org`);
    const res = await server.api('POST', `/api/auth/forgot-password/${user.username}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const mails = await server.query<{
      kind: string;
      status: string;
      subject: string;
      user_id: number;
      html_body: string;
    }>`
      select kind, status, subject, user_id, html_body from emails where to_address = ${user.email}`;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'reset-password', status: 'outbox', user_id: user.id });
    const token = await latestLink(user.email!);
    expect(mails[0]!.html_body).toContain(`/verify-email/${token}`);
    const tokens = await server.query<{ purpose: string; token_hash: string }>`
      select purpose, token_hash from user_tokens where user_id = ${user.id}`;
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe('reset_password');
    expect(tokens[0]!.token_hash).not.toBe(token);
  });

  it('answers an unknown account exactly as a known one, and sends nothing', async () => {
    const [before] = await server.query<{ n: number }>`select count(*)::int as n from emails`;
    const known = await server.api('POST', '/api/auth/forgot-password/teacher2');
    const unknown = await server.api('POST', '/api/auth/forgot-password/no-such-user');
    const learner = await server.api('POST', '/api/auth/forgot-password/learner1?olympiadName=geo-demo');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(learner.body).toEqual(known.body);
    const [after] = await server.query<{ n: number }>`select count(*)::int as n from emails`;
    expect(after!.n).toBe(before!.n + 1); // teacher2 only: the learner has no address, the stranger no account
  });

  it('nobody blocks an owner’s reset: strangers’ requests answer 200 and send one mail, whose link works', async () => {
    const [overlord] = await server.query<{ email: string }>`select email from users where username = 'overlord'`;
    const before = (await mailsTo(overlord!.email)).length;
    const asked = [];
    for (let i = 0; i < 4; i++) asked.push(await forgot('overlord', STRANGER));
    expect(asked.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const own = await forgot('overlord', OWNER);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(asked[0]!.body);
    // One mail in the 5 minutes, whoever asked; later requests did not replace its link, which still works.
    const mails = await mailsTo(overlord!.email);
    expect(mails).toHaveLength(before + 1);
    expect(await server.query`select id from user_tokens where user_id = ${demo.users.overlord}`).toHaveLength(1);
    const link = await latestLink(overlord!.email);
    expect((await server.api('POST', `/website/api/verify-email/${link}`)).status).toBe(200);
  });

  it('mails an account at most once in 5 minutes and FORGOT_MAX_PER_ACCOUNT times an hour, answering alike', async () => {
    const user = await newTeacher(demo.school1, `spaced-${Date.now()}@school.example.org`);
    const unknown = await forgot('nobody-by-this-name', STRANGER);
    const answers = [await forgot(user.username, STRANGER), await forgot(user.username, OWNER)];
    expect((await mailsTo(user.email!)).length).toBe(1);
    await fiveMinutesPass();
    answers.push(await forgot(user.username, OWNER), await forgot(user.username, STRANGER));
    expect((await mailsTo(user.email!)).length).toBe(2);
    // Both links work: a second mail does not end the first.
    const [first, second] = (await mailsTo(user.email!)).map((m) => /\/verify-email\/([\w-]+)/.exec(m.text_body)![1]);
    expect(first).not.toBe(second);
    await fiveMinutesPass();
    answers.push(await forgot(user.username, OWNER));
    expect((await mailsTo(user.email!)).length).toBe(2); // two an hour (LIMITS)
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(unknown.body);
    }
    expect(unknown.status).toBe(200);
    expect(await server.query`select id from user_tokens where user_id = ${user.id} and used_at is null`).toHaveLength(
      2,
    );
  });

  it('limits one address’s flood of requests (its own 429), not anyone else’s', async () => {
    const user = await newTeacher(demo.school1, `flood-${Date.now()}@school.example.org`);
    const flood = '203.0.113.99';
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await forgot(`someone-${i}`, flood)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const over = await forgot(user.username, flood);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('rate_limited');
    expect(over.body.message).toMatch(/Too many reset requests from your network/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await mailsTo(user.email!)).length).toBe(0);
    // The owner, elsewhere, is answered and mailed.
    expect((await forgot(user.username, OWNER)).status).toBe(200);
    expect((await mailsTo(user.email!)).length).toBe(1);
  });

  it('uses the link once, verifies the address, and sets a password that round-trips exactly', async () => {
    const user = await createUser(server.db, {
      role: 'teacher',
      schoolId: demo.school1,
      email: `verify-${Date.now()}@school.example.org`,
      password: null,
      emailVerified: false,
    });
    const noPassword = await server.api('POST', '/api/auth/signin', {
      body: signinBody(user.username, 'anything-at-all'),
    });
    expect(noPassword.status).toBe(401);
    expect(noPassword.body.message).toMatch(/no password yet/);

    await server.api('POST', `/api/auth/forgot-password/${user.username}`);
    const token = await latestLink(user.email!);
    const used = await server.api('POST', `/website/api/verify-email/${token}`);
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({
      success: true,
      purpose: 'reset_password',
      user: { id: user.id, role: 'teacher' },
    });
    const again = await server.api('POST', `/website/api/verify-email/${token}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/expired or was already used/);

    const [row] = await server.query<{
      email_verified_at: Date | null;
    }>`select email_verified_at from users where id = ${user.id}`;
    expect(row!.email_verified_at).not.toBeNull();
    const [tokenRow] = await server.query<{
      used_at: Date | null;
    }>`select used_at from user_tokens where user_id = ${user.id}`;
    expect(tokenRow!.used_at).not.toBeNull();

    const set = await server.api('PUT', '/api/auth/set-password', {
      token: used.body.user.accessToken.token,
      body: { password: trickyPassword },
    });
    expect(set.status).toBe(200);
    expect(await passwordHashOf(user.id)).toMatch(/^\$argon2id\$/);

    const signin = await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, trickyPassword) });
    expect(signin.status).toBe(200);
    for (const near of [
      'p@ss"\'\\ wörd 🦒%',
      'p%40ss"\'\\ word 🦒%25',
      trickyPassword.normalize('NFD'),
      `${trickyPassword} `,
    ]) {
      await server.query`delete from throttles`;
      const res = await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, near) });
      expect(res.status, JSON.stringify(near)).toBe(401);
    }
  });

  it('refuses a made-up link', async () => {
    const res = await server.api('POST', '/website/api/verify-email/this-is-not-a-real-token-at-all');
    expect(res.status).toBe(400);
  });

  it('refuses an expired link', async () => {
    const user = await newTeacher(demo.school1, `expired-${Date.now()}@school.example.org`);
    await server.api('POST', `/api/auth/forgot-password/${user.username}`);
    const token = await latestLink(user.email!);
    await server.query`update user_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`;
    expect((await server.api('POST', `/website/api/verify-email/${token}`)).status).toBe(400);
  });

  it('refuses a short password and keeps the old one', async () => {
    const user = await newTeacher();
    const session = await server.signIn(user.username);
    const before = await passwordHashOf(user.id);
    const res = await server.api('PUT', '/api/auth/set-password', {
      token: session.accessToken.token,
      body: { password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('body.password');
    expect(await passwordHashOf(user.id)).toBe(before);
  });
});

describe('mail over real SMTP', () => {
  let smtp: TestSmtp;
  let smtpServer: TestServer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    smtpServer = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Olympus <no-reply@olympus.test>' },
    });
  });
  afterAll(async () => {
    await smtpServer?.close();
    await smtp?.close();
  });

  it('delivers a reset mail whose link works, and logs it as sent', async () => {
    const res = await smtpServer.api('POST', '/api/auth/forgot-password/teacher');
    expect(res.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['teacher@waterkloof.example.org']);
    expect(mail.from).toBe('no-reply@olympus.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Olympus password/m);
    const token = /http:\/\/olympus\.test\/verify-email\/([\w-]+)/.exec(decodeQuotedPrintable(mail.raw))?.[1];
    expect(token).toBeTruthy();

    const [logged] = await smtpServer.query<{ status: string; sent_at: Date | null }>`
      select status, sent_at from emails where to_address = 'teacher@waterkloof.example.org'`;
    expect(logged!.status).toBe('sent');
    expect(logged!.sent_at).not.toBeNull();

    const used = await smtpServer.api('POST', `/website/api/verify-email/${token}`);
    expect(used.status).toBe(200);
    expect(used.body.user.username).toBe('teacher');
  });
});
