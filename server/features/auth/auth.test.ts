import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from '../../test/harness.js';

const LIMITS = {
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
  SIGNIN_MAX_FAILURES_PER_ADDRESS: '8',
  FORGOT_MAX_PER_ACCOUNT: '2',
  // The first wait after the free failures is the whole window: the account tests below read "15 minutes".
  SIGNIN_DELAY_SECONDS: '900',
};
/** A password the older client's set-password quirk would mangle (docs/spec.md §5): it must round-trip exactly. */
const trickyPassword = 'p%40ss"\'\\ wörd 🦒%25';

let server: TestServer;
let demo: DemoIds;

beforeAll(async () => {
  server = await startTestServer({ env: LIMITS });
  demo = await demoIds(server);
});
afterAll(() => server?.close());
// Rate-limit counters are per address, and every request here comes from 127.0.0.1: start each test clean.
beforeEach(async () => {
  await server.query`delete from throttles`;
});

const signinBody = (username: string, password = demoPassword, olympiadName?: string) => ({
  username,
  password,
  ...(olympiadName ? { olympiadName, loginType: 'learner' } : { loginType: 'staff' }),
});

async function passwordHashOf(userId: number): Promise<string | null> {
  const [row] = await server.query<{
    password_hash: string | null;
  }>`select password_hash from users where id = ${userId}`;
  return row!.password_hash;
}

async function me(token: string) {
  return server.api('GET', '/api/auth/me', { token });
}

/** A fresh user for tests that change an account, so tests stay independent of each other. */
async function newTeacher(schoolId = demo.school1, email?: string) {
  return createUser(server.db, { role: 'teacher', schoolId, password: demoPassword, ...(email ? { email } : {}) });
}
async function newLearner(schoolId = demo.school1, olympiadId = demo.geoDemo, email: string | null = null) {
  return createUser(server.db, { role: 'learner', schoolId, olympiadId, password: demoPassword, email });
}

describe('POST /api/auth/signin', () => {
  it('signs staff in and stores only a hash of the token', async () => {
    const res = await server.api('POST', '/api/auth/signin', { body: signinBody('admin') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      username: 'admin',
      role: 'admin',
      home: '/geo-demo/admin/reports/overview',
      impersonator: null,
      grants: [{ olympiadName: 'geo-demo', role: 'admin' }],
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    const token: string = res.body.accessToken.token;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const sessions = await server.query<{ token_hash: string; expires_at: Date }>`
      select token_hash, expires_at from sessions where user_id = ${demo.users.admin} and revoked_at is null`;
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
    expect((await me(token)).body.username).toBe('admin');
  });

  it('lands each staff role in its own area', async () => {
    const homes = {
      overlord: '/overlord/overview',
      accountant: '/geo-demo/finance/payments',
      funding: '/geo-demo/funding/payments',
      teacher: '/portal',
    };
    for (const [username, home] of Object.entries(homes)) {
      const user = await server.signIn(username);
      expect(user.role).toBe(username);
      expect(user.home).toBe(home);
    }
  });

  it('signs a learner in within their olympiad, case-insensitively', async () => {
    const res = await server.api('POST', '/api/auth/signin', {
      body: signinBody('Learner1', demoPassword, 'geo-demo'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      role: 'learner',
      username: 'learner1',
      olympiadName: 'geo-demo',
      olympiadId: demo.geoDemo,
      schoolId: demo.school1,
      home: '/geo-demo/olympiad/instructions',
    });
    expect(typeof res.body.accessToken.token).toBe('string');
  });

  it('asks a learner for their olympiad, and refuses an unknown one with details', async () => {
    const missing = await server.api('POST', '/api/auth/signin', {
      body: { username: 'learner1', password: demoPassword, loginType: 'learner' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: 'body.olympiadName', message: expect.any(String) }]);

    const wrong = await server.api('POST', '/api/auth/signin', {
      body: signinBody('learner1', demoPassword, 'no-such-olympiad'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('validation_failed');
    expect(wrong.body.details).toEqual([
      { path: 'body.olympiadName', message: expect.stringContaining('no-such-olympiad') },
    ]);
  });

  it('does not let a learner in through the staff sign-in, nor staff through an olympiad', async () => {
    const learnerAsStaff = await server.api('POST', '/api/auth/signin', { body: signinBody('learner1') });
    expect(learnerAsStaff.status).toBe(401);
    expect(learnerAsStaff.body.code).toBe('unknown_username');
    const staffAsLearner = await server.api('POST', '/api/auth/signin', {
      body: signinBody('admin', demoPassword, 'geo-demo'),
    });
    expect(staffAsLearner.status).toBe(401);
    expect(staffAsLearner.body.code).toBe('unknown_username');
  });

  it('tells a wrong username from a wrong password (docs/spec.md §8)', async () => {
    const unknown = await server.api('POST', '/api/auth/signin', { body: signinBody('nobody-here') });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: 'unknown_username', details: [{ path: 'body.username' }] });

    const countSessions = () =>
      server.query<{ n: number }>`select count(*)::int as n from sessions where user_id = ${demo.users.teacher}`;
    const [before] = await countSessions();
    const wrong = await server.api('POST', '/api/auth/signin', { body: signinBody('teacher', 'not-the-password') });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'wrong_password', details: [{ path: 'body.password' }] });
    const [after] = await countSessions();
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a disabled account with 403 whatever the password, without checking it', async () => {
    const user = await createUser(server.db, {
      role: 'teacher',
      schoolId: demo.school1,
      password: demoPassword,
      disabled: true,
    });
    // Right or wrong, the same answer: it never confirms the password (the password is not even checked).
    const wrong = await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, 'wrong-password') });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('account_disabled');
    const res = await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_disabled');
    const [sessions] = await server.query<{
      n: number;
    }>`select count(*)::int as n from sessions where user_id = ${user.id}`;
    expect(sessions!.n).toBe(0);
  });

  it('rate-limits failures per account with a clear 429, and only that account', async () => {
    const user = await newTeacher();
    for (let i = 0; i < 3; i++) {
      const res = await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, `wrong-${i}`) });
      expect(res.status).toBe(401);
    }
    const [counter] = await server.query<{ hits: number }>`
      select hits from throttles where key = ${`signin-fail:account:staff:${user.username.toLowerCase()}`}`;
    expect(counter!.hits).toBe(3);

    // even the right password is refused while the account is locked
    const locked = await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('rate_limited');
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts\. Please wait 15 minutes/);
    expect(locked.body.error).toBe(locked.body.message);

    // another account signs in from the same address
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody('teacher2') })).status).toBe(200);

    // once the window has passed, the account signs in again
    await server.query`update throttles set window_start = now() - interval '16 minutes'`;
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) })).status).toBe(200);
  });

  it('limits failures per address and username, so one address does not lock out its other accounts', async () => {
    // A school behind one address: eight learners mistype; nobody else from that address is refused.
    for (let i = 0; i < 8; i++) {
      const res = await server.api('POST', '/api/auth/signin', { body: signinBody(`stranger-${i}`) });
      expect(res.status).toBe(401);
    }
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody('teacher') })).status).toBe(200);
    const counters = await server.query<{
      key: string;
      hits: number;
    }>`select key, hits from throttles where key like 'signin-fail:address:%'`;
    expect(counters).toHaveLength(8);
    expect(counters.every((c) => c.hits === 1 && /:staff:stranger-\d$/.test(c.key))).toBe(true);
  });

  it('clears an account’s failures on success', async () => {
    const user = await newTeacher();
    const key = `signin-fail:account:staff:${user.username.toLowerCase()}`;
    for (let i = 0; i < 2; i++)
      await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, 'wrong-password') });
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) })).status).toBe(200);
    expect(await server.query`select * from throttles where key = ${key}`).toEqual([]);
    // two more failures do not lock the account (they would have without the reset: 4 > 3)
    for (let i = 0; i < 2; i++)
      await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, 'wrong-password') });
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) })).status).toBe(200);
  });
});

/** The one-time link in the newest outbox mail to `to`. */
async function latestLink(to: string): Promise<string> {
  const [mail] = await server.query<{ text_body: string }>`
    select text_body from emails where to_address = ${to} order by id desc limit 1`;
  const match = /http:\/\/olympus\.test\/verify-email\/([\w-]+)/.exec(mail!.text_body);
  expect(match, mail!.text_body).not.toBeNull();
  return match![1]!;
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

  it('rate-limits reset requests per account', async () => {
    const user = await newTeacher(demo.school1, `limit-${Date.now()}@school.example.org`);
    for (let i = 0; i < 2; i++)
      expect((await server.api('POST', `/api/auth/forgot-password/${user.username}`)).status).toBe(200);
    const res = await server.api('POST', `/api/auth/forgot-password/${user.username}`);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
    expect(res.body.message).toMatch(/Too many reset requests/);
    const [mails] = await server.query<{
      n: number;
    }>`select count(*)::int as n from emails where to_address = ${user.email}`;
    expect(mails!.n).toBe(2);
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

describe('token revocation', () => {
  it('refuses a token at once after logout', async () => {
    const user = await newTeacher();
    const session = await server.signIn(user.username);
    const token = session.accessToken.token;
    expect((await me(token)).status).toBe(200);
    expect((await server.api('POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthenticated');
    const [row] = await server.query<{ n: number }>`
      select count(*)::int as n from sessions where user_id = ${user.id} and revoked_at is not null`;
    expect(row!.n).toBe(1);
  });

  it('ends the other sessions on a password change, and keeps the current one', async () => {
    const user = await newTeacher();
    const current = (await server.signIn(user.username)).accessToken.token;
    const other = (await server.signIn(user.username)).accessToken.token;
    const res = await server.api('PUT', '/api/auth/set-password', {
      token: current,
      body: { password: 'a-new-password-1' },
    });
    expect(res.status).toBe(200);
    expect((await me(current)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    const [audit] = await server.query<{ action: string; actor_id: number }>`
      select action, actor_id from audit_log where entity_id = ${String(user.id)} and action = 'user.set-password'`;
    expect(audit).toMatchObject({ actor_id: user.id });
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) })).status).toBe(401);
    expect(
      (await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, 'a-new-password-1') })).status,
    ).toBe(200);
  });

  it('refuses every token of a user at once when the user is disabled', async () => {
    const user = await newTeacher();
    const token = (await server.signIn(user.username)).accessToken.token;
    await server.query`update users set disabled_at = now() where id = ${user.id}`;
    expect((await me(token)).status).toBe(401);
    await server.query`update users set disabled_at = null where id = ${user.id}`;
    expect((await me(token)).status).toBe(200);
  });

  it('refuses an expired session', async () => {
    const user = await newTeacher();
    const session = await server.signIn(user.username);
    const token = session.accessToken.token;
    expect(new Date(session.accessToken.expiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    await server.query`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
    expect((await me(token)).status).toBe(401);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user as at sign-in, with the same token', async () => {
    const session = await server.signIn('learner2', { olympiadName: 'geo-demo' });
    const res = await me(session.accessToken.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(session);
  });

  it('answers 401 without a token', async () => {
    const res = await server.api('GET', '/api/auth/me');
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/auth/set-learner-passwords/{id}', () => {
  const newPassword = 'fresh-learner-pw-1';
  const setFor = (id: number, token: string) =>
    server.api('PUT', `/api/auth/set-learner-passwords/${id}`, { token, body: { password: newPassword } });

  it('lets the learner’s teacher set it: stored, usable, audited, old sessions ended', async () => {
    const learner = await newLearner(demo.school1);
    const learnerToken = (await server.signIn(learner.username, { olympiadName: 'geo-demo' })).accessToken.token;
    const teacher = await server.signIn('teacher');
    const before = await passwordHashOf(learner.id);
    const res = await setFor(learner.id, teacher.accessToken.token);
    expect(res.status).toBe(200);
    expect(await passwordHashOf(learner.id)).not.toBe(before);
    expect((await me(learnerToken)).status).toBe(401);
    expect(
      (await server.api('POST', '/api/auth/signin', { body: signinBody(learner.username, newPassword, 'geo-demo') }))
        .status,
    ).toBe(200);
    const audit = await server.query<{ actor_id: number; olympiad_id: number }>`
      select actor_id, olympiad_id from audit_log where action = 'learner.set-password' and entity_id = ${String(learner.id)}`;
    expect(audit).toEqual([{ actor_id: demo.users.teacher, olympiad_id: demo.geoDemo }]);
  });

  it('lets the olympiad’s admin and the overlord set it', async () => {
    const learner = await newLearner(demo.school2);
    for (const username of ['admin', 'overlord']) {
      const before = await passwordHashOf(learner.id);
      const res = await setFor(learner.id, (await server.signIn(username)).accessToken.token);
      expect(res.status, username).toBe(200);
      expect(await passwordHashOf(learner.id)).not.toBe(before);
    }
  });

  it('answers 404 to a teacher of another school, with the password unchanged', async () => {
    const learner = await newLearner(demo.school1);
    const before = await passwordHashOf(learner.id);
    const res = await setFor(learner.id, (await server.signIn('teacher2')).accessToken.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(await passwordHashOf(learner.id)).toBe(before);
    const [audit] = await server.query<{ n: number }>`
      select count(*)::int as n from audit_log where entity_id = ${String(learner.id)}`;
    expect(audit!.n).toBe(0);
  });

  it('answers 404 to an admin of another olympiad, with the password unchanged', async () => {
    const other = await createOlympiad(server.db);
    const otherAdmin = await createUser(server.db, { role: 'admin', password: demoPassword });
    await grant(server.db, otherAdmin.id, other.id, 'admin');
    const learner = await newLearner(demo.school1);
    const before = await passwordHashOf(learner.id);
    const res = await setFor(learner.id, (await server.signIn(otherAdmin.username)).accessToken.token);
    expect(res.status).toBe(404);
    expect(await passwordHashOf(learner.id)).toBe(before);
  });

  it('answers 404 for a user who is not a learner (a teacher’s own colleague)', async () => {
    const colleague = await newTeacher(demo.school1);
    const before = await passwordHashOf(colleague.id);
    const res = await setFor(colleague.id, (await server.signIn('teacher')).accessToken.token);
    expect(res.status).toBe(404);
    expect(await passwordHashOf(colleague.id)).toBe(before);
  });

  it('answers 403 to a learner and to finance staff', async () => {
    const learner = await newLearner(demo.school1);
    const before = await passwordHashOf(learner.id);
    const asLearner = await setFor(
      learner.id,
      (await server.signIn('learner1', { olympiadName: 'geo-demo' })).accessToken.token,
    );
    expect(asLearner.status).toBe(403);
    const asAccountant = await setFor(learner.id, (await server.signIn('accountant')).accessToken.token);
    expect(asAccountant.status).toBe(403);
    expect(await passwordHashOf(learner.id)).toBe(before);
  });
});

describe('impersonation', () => {
  const impersonate = (token: string, userEmail: string, olympiadId?: number) =>
    server.api(
      'GET',
      `/user/rest/impersonate?${new URLSearchParams({ userEmail, ...(olympiadId ? { olympiadId: String(olympiadId) } : {}) })}`,
      { token },
    );

  it('lets an admin act as a teacher of a participating school: impersonator set, audited', async () => {
    const admin = await server.signIn('admin');
    const res = await impersonate(admin.accessToken.token, 'teacher@waterkloof.example.org', demo.geoDemo);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'teacher',
      role: 'teacher',
      impersonator: { id: demo.users.admin, username: 'admin' },
    });
    const token: string = res.body.accessToken.token;
    expect((await me(token)).body.impersonator.username).toBe('admin');
    const [session] = await server.query<{ impersonator_id: number; expires_at: Date }>`
      select impersonator_id, expires_at from sessions where user_id = ${demo.users.teacher} order by id desc limit 1`;
    expect(session!.impersonator_id).toBe(demo.users.admin);
    expect(new Date(session!.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000 + 5_000);
    const audit = await server.query<{ actor_id: number; olympiad_id: number; entity_id: string }>`
      select actor_id, olympiad_id, entity_id from audit_log where action = 'impersonate.start' order by id desc limit 1`;
    expect(audit).toEqual([
      { actor_id: demo.users.admin, olympiad_id: demo.geoDemo, entity_id: String(demo.users.teacher) },
    ]);
  });

  it('lets an admin act as a learner of their olympiad', async () => {
    const learner = await newLearner(demo.school2, demo.geoDemo, `learner-${Date.now()}@home.example.org`);
    const res = await impersonate((await server.signIn('admin')).accessToken.token, learner.email!, demo.geoDemo);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: learner.id, role: 'learner', impersonator: { username: 'admin' } });
  });

  it('does not let an admin act as the overlord, another admin, a teacher of another school or outside their olympiad', async () => {
    const adminToken = (await server.signIn('admin')).accessToken.token;
    const otherAdmin = await createUser(server.db, { role: 'admin', password: demoPassword });
    await grant(server.db, otherAdmin.id, demo.geoDemo, 'admin');
    const outsideSchool = await createSchool(server.db);
    const outsideTeacher = await createUser(server.db, { role: 'teacher', schoolId: outsideSchool.id });
    const otherOlympiad = await createOlympiad(server.db);
    await enterSchool(server.db, otherOlympiad.id, outsideSchool.id);
    const otherLearner = await createUser(server.db, {
      role: 'learner',
      olympiadId: otherOlympiad.id,
      schoolId: outsideSchool.id,
      email: `other-${Date.now()}@home.example.org`,
    });
    const [auditBefore] = await server.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'impersonate.start'`;
    const cases: Array<[string, number | undefined]> = [
      ['overlord@olympus.example.org', demo.geoDemo],
      [otherAdmin.email!, demo.geoDemo],
      ['accounts@olympus.example.org', demo.geoDemo],
      [outsideTeacher.email!, demo.geoDemo],
      [otherLearner.email!, demo.geoDemo],
      [otherLearner.email!, otherOlympiad.id], // not their olympiad
      ['teacher@waterkloof.example.org', undefined], // an admin acts only within an olympiad
      ['teacher@waterkloof.example.org', otherOlympiad.id],
      ['admin@olympus.example.org', demo.geoDemo], // themselves
      ['nobody@nowhere.example.org', demo.geoDemo],
    ];
    for (const [email, olympiadId] of cases) {
      const res = await impersonate(adminToken, email, olympiadId);
      expect(res.status, `${email} in ${olympiadId}`).toBe(404);
    }
    const [auditAfter] = await server.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'impersonate.start'`;
    expect(auditAfter!.n).toBe(auditBefore!.n);
  });

  it('lets the overlord act as anyone but an overlord', async () => {
    const overlordToken = (await server.signIn('overlord')).accessToken.token;
    for (const email of ['admin@olympus.example.org', 'accounts@olympus.example.org', 'teacher@rbhs.example.org']) {
      const res = await impersonate(overlordToken, email);
      expect(res.status, email).toBe(200);
      expect(res.body.impersonator.username).toBe('overlord');
    }
    const otherOverlord = await createUser(server.db, { role: 'overlord' });
    expect((await impersonate(overlordToken, otherOverlord.email!)).status).toBe(404);
  });

  it('refuses teachers, learners and finance staff', async () => {
    for (const username of ['teacher', 'accountant', 'funding']) {
      const res = await impersonate(
        (await server.signIn(username)).accessToken.token,
        'teacher@rbhs.example.org',
        demo.geoDemo,
      );
      expect(res.status, username).toBe(403);
    }
  });

  it('confines an impersonated teacher to the admin’s olympiads: another olympiad’s learners, slips and entries are 404; reads audited', async () => {
    // The demo teacher's school also writes an olympiad the demo admin does not administer.
    const far = await createOlympiad(server.db, { endsAt: new Date(Date.now() + 30 * 86_400_000) });
    const farEntry = await enterSchool(server.db, far.id, demo.school1);
    const farLearner = await createUser(server.db, { role: 'learner', olympiadId: far.id, schoolId: demo.school1 });
    const open = await createOlympiad(server.db, { endsAt: new Date(Date.now() + 30 * 86_400_000) });
    const own = (await server.signIn('teacher')).accessToken.token;
    const res = await impersonate(
      (await server.signIn('admin')).accessToken.token,
      'teacher@waterkloof.example.org',
      demo.geoDemo,
    );
    expect(res.status).toBe(200);
    const borrowed: string = res.body.accessToken.token;
    const reads = [
      `/learner/v-rest/?olympiadId=${far.id}`,
      `/learner/v-rest/${farLearner.id}`,
      `/learner/v-rest/slips.csv?olympiadId=${far.id}`,
      `/school-participant/v-rest/?olympiadId=${far.id}`,
      `/school-participant/v-rest/${farEntry.id}`,
      `/participant/v-rest/?customerParticipantId=${farEntry.id}`,
      `/api/portal/olympiads/${far.varName}`,
      `/api/sitting-counts?olympiadId=${far.id}`,
    ];
    for (const path of reads) {
      expect((await server.api('GET', path, { token: own })).status, `own ${path}`).toBe(200);
      expect((await server.api('GET', path, { token: borrowed })).status, `borrowed ${path}`).toBe(404);
    }
    const entries = await server.api('GET', '/school-participant/v-rest/?pageSize=100', { token: borrowed });
    expect(entries.status).toBe(200);
    expect(entries.body.items.map((p: { olympiadId: number }) => p.olympiadId)).toEqual([demo.geoDemo]);
    const portal = await server.api('GET', '/api/portal/olympiads', { token: borrowed });
    expect(portal.body.items.map((o: { id: number }) => o.id)).toEqual([demo.geoDemo]);
    const geo = await server.api('GET', `/learner/v-rest/?olympiadId=${demo.geoDemo}`, { token: borrowed });
    expect(geo.status).toBe(200);
    // Nor may it enter the school anywhere else, or touch the far learner.
    const enter = await server.api('POST', '/teacher-expression/rest/', {
      token: borrowed,
      body: { olympiadId: open.id },
    });
    expect(enter.status).toBe(404);
    expect(await server.query`select id from school_participants where olympiad_id = ${open.id}`).toHaveLength(0);
    const setPw = await server.api('PUT', `/api/auth/set-learner-passwords/${farLearner.id}`, {
      token: borrowed,
      body: { password: 'a-new-password-1' },
    });
    expect(setPw.status).toBe(404);

    const audited = await server.query<{
      actor_id: number;
      impersonator_id: number;
      data: { method: string; route: string; ids: Record<string, unknown> };
    }>`
      select actor_id, impersonator_id, data from audit_log where action = 'impersonated.read' order by id`;
    expect(audited.length).toBeGreaterThanOrEqual(reads.length + 3);
    expect(audited.every((a) => a.actor_id === demo.users.teacher && a.impersonator_id === demo.users.admin)).toBe(
      true,
    );
    expect(audited.map((a) => a.data)).toContainEqual({
      method: 'GET',
      route: '/learner/v-rest/:id',
      ids: { id: farLearner.id },
    });
    // The teacher's own session is not audited read by read.
    expect(
      await server.query`select id from audit_log where action = 'impersonated.read' and impersonator_id is null`,
    ).toHaveLength(0);
  });

  it('gives an admin no teacher account of a school they entered themselves while it is in another olympiad', async () => {
    const adminToken = (await server.signIn('admin')).accessToken.token;
    const elsewhere = await createOlympiad(server.db);
    // A school that takes part elsewhere: the admin enters it in their olympiad, hoping for its teacher.
    const school = await createSchool(server.db);
    const teacher = await createUser(server.db, {
      role: 'teacher',
      schoolId: school.id,
      email: `t-${Date.now()}@school.example.org`,
    });
    await enterSchool(server.db, elsewhere.id, school.id);
    const entered = await server.api('POST', '/school-participant/v-rest/', {
      token: adminToken,
      body: { olympiadId: demo.geoDemo, schoolId: school.id },
    });
    expect(entered.status).toBe(200);
    expect((await impersonate(adminToken, teacher.email!, demo.geoDemo)).status).toBe(404);
    const put = await server.api('PUT', `/teacher/v-rest/${teacher.id}`, {
      token: adminToken,
      body: { firstName: 'Took', lastName: 'Over', email: 'mine@evil.example.org' },
    });
    expect(put.status).toBe(404);
    expect(
      (await server.api('POST', `/teacher/v-rest/${teacher.id}/reset-password`, { token: adminToken })).status,
    ).toBe(404);
    const add = await server.api('POST', '/teacher/v-rest/', {
      token: adminToken,
      body: { schoolId: school.id, firstName: 'Evil', lastName: 'Twin', email: 'twin@evil.example.org' },
    });
    expect(add.status).toBe(404);
    const [row] = await server.query<{ email: string }>`select email from users where id = ${teacher.id}`;
    expect(row!.email).toBe(teacher.email);
    // When the school's teacher enters it in the admin's olympiad, the admin may act as them.
    const taken = await server.api('DELETE', `/school-participant/v-rest/${entered.body.participant.id}`, {
      token: adminToken,
    });
    expect(taken.status).toBe(200);
    const own = await server.signIn(teacher.username, { password: 'password-123' });
    const bySchool = await server.api('POST', '/teacher-expression/rest/', {
      token: own.accessToken.token,
      body: { olympiadId: demo.geoDemo },
    });
    expect(bySchool.status).toBe(200);
    expect((await impersonate(adminToken, teacher.email!, demo.geoDemo)).status).toBe(200);
    // A school in no olympiad but the admin's: its teachers are the admin's to manage.
    const local = await createSchool(server.db);
    const localTeacher = await createUser(server.db, {
      role: 'teacher',
      schoolId: local.id,
      email: `l-${Date.now()}@school.example.org`,
    });
    await server.api('POST', '/school-participant/v-rest/', {
      token: adminToken,
      body: { olympiadId: demo.geoDemo, schoolId: local.id },
    });
    expect((await impersonate(adminToken, localTeacher.email!, demo.geoDemo)).status).toBe(200);
  });

  it('ends an impersonated session when its impersonator is disabled or loses the olympiad', async () => {
    const admin2 = await createUser(server.db, { role: 'admin', password: demoPassword });
    await grant(server.db, admin2.id, demo.geoDemo, 'admin');
    const res = await impersonate(
      (await server.signIn(admin2.username)).accessToken.token,
      'teacher@waterkloof.example.org',
      demo.geoDemo,
    );
    expect(res.status).toBe(200);
    const borrowed: string = res.body.accessToken.token;
    const learners = `/learner/v-rest/?olympiadId=${demo.geoDemo}`;
    expect((await server.api('GET', learners, { token: borrowed })).status).toBe(200);
    await server.query`delete from olympiad_grants where user_id = ${admin2.id}`;
    expect((await server.api('GET', learners, { token: borrowed })).status).toBe(404);
    await server.query`update users set disabled_at = now() where id = ${admin2.id}`;
    expect((await me(borrowed)).status).toBe(401);
  });

  it('cannot be chained from an impersonated session', async () => {
    const overlordToken = (await server.signIn('overlord')).accessToken.token;
    const asAdmin = await impersonate(overlordToken, 'admin@olympus.example.org');
    expect(asAdmin.status).toBe(200);
    const chained = await impersonate(asAdmin.body.accessToken.token, 'teacher@waterkloof.example.org', demo.geoDemo);
    expect(chained.status).toBe(404);

    const asTeacher = await impersonate(
      (await server.signIn('admin')).accessToken.token,
      'teacher@waterkloof.example.org',
      demo.geoDemo,
    );
    const fromTeacher = await impersonate(asTeacher.body.accessToken.token, 'teacher@rbhs.example.org', demo.geoDemo);
    expect(fromTeacher.status).toBe(403);
  });

  it('does not let an impersonator change the password', async () => {
    const before = await passwordHashOf(demo.users.teacher);
    const asTeacher = await impersonate(
      (await server.signIn('admin')).accessToken.token,
      'teacher@waterkloof.example.org',
      demo.geoDemo,
    );
    const res = await server.api('PUT', '/api/auth/set-password', {
      token: asTeacher.body.accessToken.token,
      body: { password: 'hijacked-password' },
    });
    expect(res.status).toBe(403);
    expect(await passwordHashOf(demo.users.teacher)).toBe(before);
  });

  it('stops: the impersonation token is revoked at once, audited, and the admin’s own session lives on', async () => {
    const adminToken = (await server.signIn('admin')).accessToken.token;
    const asTeacher = await impersonate(adminToken, 'teacher@waterkloof.example.org', demo.geoDemo);
    const token: string = asTeacher.body.accessToken.token;
    const stop = await server.api('POST', '/api/auth/stop-impersonating', { token });
    expect(stop.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await me(adminToken)).status).toBe(200);
    const [audit] = await server.query<{ actor_id: number; impersonator_id: number; entity_id: string }>`
      select actor_id, impersonator_id, entity_id from audit_log where action = 'impersonate.stop' order by id desc limit 1`;
    expect(audit).toEqual({
      actor_id: demo.users.teacher,
      impersonator_id: demo.users.admin,
      entity_id: String(demo.users.teacher),
    });

    const notImpersonating = await server.api('POST', '/api/auth/stop-impersonating', { token: adminToken });
    expect(notImpersonating.status).toBe(400);
    expect((await me(adminToken)).status).toBe(200);
  });
});

/** Decodes a quoted-printable body well enough to find a link in it. */
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('mail over real SMTP', () => {
  let smtp: SMTPServer;
  let smtpServer: TestServer;
  const received: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    smtpServer = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Olympus <no-reply@olympus.test>' },
    });
  });
  afterAll(async () => {
    await smtpServer?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('delivers a reset mail whose link works, and logs it as sent', async () => {
    const res = await smtpServer.api('POST', '/api/auth/forgot-password/teacher');
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
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
