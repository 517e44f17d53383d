import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';

import { createUser } from '../../seed/factories.js';
import { demoPassword } from '../../test/harness.js';
import { demo, latestLink, newLearner, newTeacher, server, signinBody, useAuthServer } from './testing.js';

useAuthServer();

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
/** A code of the step `steps` from now (enabling takes the current step, so sign-in tests use the next one). */
const codeAt = (secret: string, steps = 0) => totp(secret).generate({ timestamp: Date.now() + steps * 30_000 });

const ownRoutes = [
  ['GET', '/api/auth/two-factor'],
  ['POST', '/api/auth/two-factor/setup'],
  ['POST', '/api/auth/two-factor/enable'],
  ['POST', '/api/auth/two-factor/disable'],
  ['POST', '/api/auth/two-factor/recovery-codes'],
] as const;

async function stored(userId: number) {
  const [row] = await server.query<{
    secret: string | null;
    pending_secret: string | null;
    enabled_at: string | null;
    last_step: string | null;
  }>`select secret, pending_secret, enabled_at, last_step from user_two_factor where user_id = ${userId}`;
  const codes = await server.query<{ code_hash: string; used_at: Date | null }>`
    select code_hash, used_at from two_factor_recovery_codes where user_id = ${userId} order by id`;
  return { row: row ?? null, codes };
}

/** A staff user of `role` with two-factor sign-in on: their secret, recovery codes and a session. */
async function enrolled(role: 'teacher' | 'admin' | 'accountant' | 'overlord' = 'teacher') {
  const user =
    role === 'teacher'
      ? await newTeacher()
      : await createUser(server.db, { role, password: demoPassword, email: `${role}-${Date.now()}@example.org` });
  const session = await server.signIn(user.username);
  const token = session.accessToken.token;
  const setup = await server.api('POST', '/api/auth/two-factor/setup', { token });
  expect(setup.status).toBe(200);
  const enable = await server.api('POST', '/api/auth/two-factor/enable', {
    token,
    body: { code: codeAt(setup.body.secret) },
  });
  expect(enable.status).toBe(200);
  return { user, token, secret: setup.body.secret as string, recoveryCodes: enable.body.recoveryCodes as string[] };
}

const signin = (username: string, code?: string) =>
  server.api('POST', '/api/auth/signin', { body: { ...signinBody(username), ...(code ? { code } : {}) } });

const sessionsOf = async (userId: number) =>
  (await server.query<{ n: number }>`select count(*)::int as n from sessions where user_id = ${userId}`)[0]!.n;

describe('two-factor setup, enable, disable', () => {
  it('answers 401 without a token and 403 to a learner, writing nothing', async () => {
    const learner = await newLearner();
    const session = await server.signIn(learner.username, { olympiadName: 'geo-demo' });
    for (const [method, url] of ownRoutes) {
      const body = method === 'POST' ? { code: '123456', password: demoPassword } : undefined;
      expect((await server.api(method, url, { body: url.endsWith('enable') ? { code: '123456' } : body })).status).toBe(
        401,
      );
      const refused = await server.api(method, url, {
        token: session.accessToken.token,
        body: url.endsWith('enable') ? { code: '123456' } : body,
      });
      expect(refused.status, url).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'forbidden' });
    }
    expect((await stored(learner.id)).row).toBeNull();
  });

  it('sets up a pending secret, turns it on with a code and keeps only hashes of the recovery codes', async () => {
    const teacher = await newTeacher();
    const token = (await server.signIn(teacher.username)).accessToken.token;
    const other = (await server.signIn(teacher.username)).accessToken.token;

    const setup = await server.api('POST', '/api/auth/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(setup.body.otpauthUri).toMatch(new RegExp(`^otpauth://totp/Olympus:${teacher.username}\\?`));
    expect(uri.searchParams.get('issuer')).toBe('Olympus');
    expect(uri.searchParams.get('secret')).toBe(setup.body.secret);
    let { row, codes } = await stored(teacher.id);
    expect(row).toMatchObject({ secret: null, enabled_at: null });
    // Sealed under APP_SECRET: the database never holds the secret as such.
    expect(row!.pending_secret).toMatch(/^v1\./);
    expect(row!.pending_secret).not.toContain(setup.body.secret);
    expect(codes).toEqual([]);
    expect((await server.api('GET', '/api/auth/two-factor', { token })).body).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });

    // A wrong-shaped code and a wrong code are refused with nothing written.
    const shape = await server.api('POST', '/api/auth/two-factor/enable', { token, body: { code: '12ab' } });
    expect(shape.status).toBe(400);
    expect(shape.body).toMatchObject({ success: false, code: 'validation_failed' });
    expect(shape.body.details[0].path).toBe('body.code');
    const wrongCode = String((Number(codeAt(setup.body.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await server.api('POST', '/api/auth/two-factor/enable', { token, body: { code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('two_factor_invalid');
    expect(await stored(teacher.id)).toEqual({ row, codes: [] });

    const enable = await server.api('POST', '/api/auth/two-factor/enable', {
      token,
      body: { code: codeAt(setup.body.secret) },
    });
    expect(enable.status).toBe(200);
    const recoveryCodes: string[] = enable.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    ({ row, codes } = await stored(teacher.id));
    expect(row!.enabled_at).not.toBeNull();
    expect(row!.pending_secret).toBeNull();
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(setup.body.secret);
    expect(Number(row!.last_step)).toBe(Math.floor(Date.now() / 30_000));
    expect(codes).toHaveLength(10);
    for (const c of codes) {
      expect(c.used_at).toBeNull();
      expect(recoveryCodes.join()).not.toContain(c.code_hash);
      for (const plain of recoveryCodes) expect(c.code_hash).not.toContain(plain.replace('-', ''));
    }
    const [audit] = await server.query<{ actor_id: number }>`
      select actor_id from audit_log where action = 'user.two-factor-enable' and entity_id = ${String(teacher.id)}`;
    expect(audit).toEqual({ actor_id: teacher.id });
    // The session opened with the password alone elsewhere is ended; this one stays.
    expect((await server.api('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await server.api('GET', '/api/auth/two-factor', { token })).body).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // A second setup while it is on would let a stolen session swap the phone: refused.
    const again = await server.api('POST', '/api/auth/two-factor/setup', { token });
    expect(again.status).toBe(409);
    expect((await stored(teacher.id)).row!.pending_secret).toBeNull();
  });

  it('turns off only with the password and a current code', async () => {
    const { user, token, secret } = await enrolled();
    const wrongPassword = await server.api('POST', '/api/auth/two-factor/disable', {
      token,
      body: { password: 'not-the-password', code: codeAt(secret, 1) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('wrong_password');
    const shape = await server.api('POST', '/api/auth/two-factor/disable', { token, body: { password: demoPassword } });
    expect(shape.status).toBe(400);
    expect((await stored(user.id)).row!.enabled_at).not.toBeNull();

    const off = await server.api('POST', '/api/auth/two-factor/disable', {
      token,
      body: { password: demoPassword, code: codeAt(secret, 1) },
    });
    expect(off.status).toBe(200);
    expect(await stored(user.id)).toEqual({ row: null, codes: [] });
    expect((await signin(user.username)).status).toBe(200);
  });

  it('makes new recovery codes, after which the old ones fail', async () => {
    const { user, token, secret, recoveryCodes } = await enrolled();
    const fresh = await server.api('POST', '/api/auth/two-factor/recovery-codes', {
      token,
      body: { password: demoPassword, code: codeAt(secret, 1) },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect((await signin(user.username, recoveryCodes[0])).body.code).toBe('two_factor_invalid');
    expect((await signin(user.username, fresh.body.recoveryCodes[0])).status).toBe(200);
  });
});

describe('signing in with two-factor sign-in', () => {
  it('asks for the code after a right password and opens no session', async () => {
    const { user } = await enrolled();
    const before = await sessionsOf(user.id);
    const res = await signin(user.username);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'two_factor_required', details: [{ path: 'body.code' }] });
    expect(res.body.message).toBe(res.body.error);
    expect(res.body).not.toHaveProperty('accessToken');
    expect(await sessionsOf(user.id)).toBe(before);
    // A wrong password is still told as such, before any code.
    expect(
      (await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, 'wrong-pass') })).body.code,
    ).toBe('wrong_password');
  });

  it('signs in with a right code, refuses the same code twice, and a wrong one', async () => {
    const { user, secret } = await enrolled();
    const code = codeAt(secret, 1);
    const ok = await signin(user.username, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ username: user.username, home: '/portal' });
    expect(ok.body).not.toHaveProperty('twoFactorEnrolment');
    expect((await server.api('GET', '/api/auth/me', { token: ok.body.accessToken.token })).status).toBe(200);
    const [scope] = await server.query<{ scope: string }>`
      select scope from sessions where user_id = ${user.id} order by id desc limit 1`;
    expect(scope!.scope).toBe('full');

    const before = await sessionsOf(user.id);
    const replay = await signin(user.username, code);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('two_factor_invalid');
    const wrong = await signin(user.username, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('two_factor_invalid');
    expect(await sessionsOf(user.id)).toBe(before);
  });

  it('takes an unused recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled();
    // Case, spaces and the dash are forgiven.
    const ok = await signin(user.username, ` ${recoveryCodes[3]!.toLowerCase().replace('-', ' ')} `);
    expect(ok.status).toBe(200);
    const { codes } = await stored(user.id);
    expect(codes.filter((c) => c.used_at != null)).toHaveLength(1);
    const again = await signin(user.username, recoveryCodes[3]);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('two_factor_invalid');
  });

  it('counts wrong codes against the sign-in throttle', async () => {
    const { user, secret } = await enrolled();
    await server.query`delete from throttles`;
    // LIMITS: 3 free failures for one address and account, then a 15-minute wait.
    for (let i = 0; i < 3; i++) expect((await signin(user.username, '000001')).status).toBe(401);
    const throttled = await signin(user.username, codeAt(secret, 1));
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('rate_limited');
    const [row] = await server.query<{ hits: number }>`
      select hits from throttles where key = ${`signin-fail:address:127.0.0.1:staff:${user.username.toLowerCase()}`}`;
    expect(row!.hits).toBe(3);
  });

  it('does not let a reset link stand in for the code', async () => {
    const { user, secret } = await enrolled();
    expect((await server.api('POST', `/api/auth/forgot-password/${user.username}`)).status).toBe(200);
    const link = await latestLink(user.email!);
    const verified = await server.api('POST', `/website/api/verify-email/${link}`);
    expect(verified.status).toBe(200);
    const resetToken = verified.body.user.accessToken.token;
    const set = await server.api('PUT', '/api/auth/set-password', {
      token: resetToken,
      body: { password: 'a-new-password-1' },
    });
    expect(set.status).toBe(200);
    // The reset session ends instead of becoming a full one; the new password still needs a code.
    expect((await server.api('GET', '/api/auth/me', { token: resetToken })).status).toBe(401);
    const noCode = await server.api('POST', '/api/auth/signin', {
      body: signinBody(user.username, 'a-new-password-1'),
    });
    expect(noCode.body.code).toBe('two_factor_required');
    const withCode = await server.api('POST', '/api/auth/signin', {
      body: { ...signinBody(user.username, 'a-new-password-1'), code: codeAt(secret, 1) },
    });
    expect(withCode.status).toBe(200);
  });

  it('answers a user without two-factor sign-in exactly as before', async () => {
    const res = await signin('teacher');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('twoFactorEnrolment');
    expect(res.body.home).toBe('/portal');
  });
});

describe('acting as an enrolled user', () => {
  it('borrows their access but never their second factor', async () => {
    const { user, secret } = await enrolled();
    const overlord = await server.as('overlord');
    const acting = await overlord.get(`/user/rest/impersonate?${new URLSearchParams({ userEmail: user.email! })}`);
    expect(acting.status).toBe(200);
    const token = acting.body.accessToken.token;
    const before = await stored(user.id);
    for (const [url, body] of [
      ['/api/auth/two-factor/setup', undefined],
      ['/api/auth/two-factor/disable', { password: demoPassword, code: codeAt(secret, 1) }],
      ['/api/auth/two-factor/recovery-codes', { password: demoPassword, code: codeAt(secret, 1) }],
    ] as const) {
      const refused = await server.api('POST', url, { token, body });
      expect(refused.status, url).toBe(403);
    }
    expect(await stored(user.id)).toEqual(before);
  });
});

describe('roles that must use two-factor sign-in', () => {
  it('gives an enrolment-only session until the user enrols', async () => {
    const overlord = await server.as('overlord');
    const current = await overlord.get('/api/system-config/');
    const save = (twoFactorRoles: string[]) =>
      overlord.post('/api/system-config/', { body: { ...current.body.settings, twoFactorRoles } });
    expect((await save(['admin', 'funding'])).status).toBe(200);
    try {
      const [row] = await server.query<{ settings: { twoFactorRoles: string[] } }>`
        select settings from system_config where id = 1`;
      expect(row!.settings.twoFactorRoles).toEqual(['admin', 'funding']);

      const admin = await createUser(server.db, { role: 'admin', password: demoPassword });
      const res = await signin(admin.username);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ twoFactorEnrolment: true, home: '/my-account' });
      const token = res.body.accessToken.token;
      const [session] = await server.query<{ scope: string }>`
        select scope from sessions where user_id = ${admin.id} order by id desc limit 1`;
      expect(session!.scope).toBe('two_factor_enrol');

      for (const [method, url] of [
        ['GET', '/user/v-rest/'],
        ['PUT', '/api/auth/set-password'],
        ['GET', '/user/rest/impersonate?userEmail=x@example.org'],
      ] as const) {
        const refused = await server.api(method, url, {
          token,
          body: method === 'PUT' ? { password: 'x'.repeat(9) } : undefined,
        });
        expect(refused.status, url).toBe(403);
        expect(refused.body.code).toBe('two_factor_enrolment_required');
      }
      expect((await server.api('GET', '/api/auth/me', { token })).body.twoFactorEnrolment).toBe(true);
      expect((await server.api('GET', '/api/auth/two-factor', { token })).body).toMatchObject({ required: true });

      const setup = await server.api('POST', '/api/auth/two-factor/setup', { token });
      expect(setup.status).toBe(200);
      const enable = await server.api('POST', '/api/auth/two-factor/enable', {
        token,
        body: { code: codeAt(setup.body.secret) },
      });
      expect(enable.status).toBe(200);
      const [widened] = await server.query<{ scope: string }>`select scope from sessions where id = (
        select id from sessions where user_id = ${admin.id} order by id desc limit 1)`;
      expect(widened!.scope).toBe('full');
      expect((await server.api('GET', '/api/auth/me', { token })).body).not.toHaveProperty('twoFactorEnrolment');
      expect(
        (await server.api('PUT', '/api/auth/set-password', { token, body: { password: demoPassword } })).status,
      ).toBe(200);
      // A required role cannot turn it off itself.
      const off = await server.api('POST', '/api/auth/two-factor/disable', {
        token,
        body: { password: demoPassword, code: codeAt(setup.body.secret, 1) },
      });
      expect(off.status).toBe(403);
      expect((await stored(admin.id)).row!.enabled_at).not.toBeNull();
      // Roles not listed sign in as before.
      expect((await signin('teacher')).body).not.toHaveProperty('twoFactorEnrolment');
    } finally {
      await save([]);
    }
  });

  it('refuses a role outside the staff in the setting', async () => {
    const overlord = await server.as('overlord');
    const current = await overlord.get('/api/system-config/');
    const res = await overlord.post('/api/system-config/', {
      body: { ...current.body.settings, twoFactorRoles: ['learner'] },
    });
    expect(res.status).toBe(400);
    const [row] = await server.query<{ settings: { twoFactorRoles?: string[] } | null }>`
      select settings from system_config where id = 1`;
    expect(row?.settings?.twoFactorRoles ?? []).toEqual([]);
  });
});

describe('POST /api/auth/two-factor/reset/:userId', () => {
  const reset = (userId: number, token?: string) =>
    server.api('POST', `/api/auth/two-factor/reset/${userId}`, { token: token ?? null });

  it('answers 401 without a token, 403 to every role but the overlord, 404 for an unknown user', async () => {
    const { user } = await enrolled();
    const before = await stored(user.id);
    expect((await reset(user.id)).status).toBe(401);
    for (const role of ['admin', 'accountant', 'funding', 'teacher'] as const) {
      const res = await reset(user.id, (await server.as(role)).token!);
      expect(res.status, role).toBe(403);
    }
    const learner = await server.signIn('learner1', { olympiadName: 'geo-demo' });
    expect((await reset(user.id, learner.accessToken.token)).status).toBe(403);
    const overlord = (await server.as('overlord')).token!;
    expect((await reset(2_000_000_000, overlord)).status).toBe(404);
    expect((await reset(demo.users.learner1!, overlord)).status).toBe(404);
    expect(await stored(user.id)).toEqual(before);
  });

  it('lets the overlord reset another user’s lost phone, audited, and not their own', async () => {
    const { user, token } = await enrolled();
    const overlord = await server.as('overlord');
    const res = await reset(user.id, overlord.token!);
    expect(res.status).toBe(200);
    expect(await stored(user.id)).toEqual({ row: null, codes: [] });
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    const [audit] = await server.query<{ actor_id: number; data: { wasOn: boolean } }>`
      select actor_id, data from audit_log where action = 'user.two-factor-reset' and entity_id = ${String(user.id)}`;
    expect(audit).toMatchObject({ actor_id: demo.users.overlord, data: { wasOn: true } });
    expect((await signin(user.username)).status).toBe(200);

    expect((await reset(demo.users.overlord, overlord.token!)).status).toBe(403);
  });
});
