import { describe, expect, it } from 'vitest';

import { createUser } from '../../seed/factories.js';
import { demoPassword } from '../../test/harness.js';
import { demo, me, newTeacher, server, signinBody, useAuthServer } from './testing.js';

useAuthServer();

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
      // open olympiads first, then the newest: the admin lands on the one being written
      grants: [
        { olympiadName: 'geo-demo', role: 'admin' },
        { olympiadName: 'geo-2025', role: 'admin' },
      ],
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

  it('rate-limits failures per account from one address with a clear 429, and only that account', async () => {
    const user = await newTeacher();
    for (let i = 0; i < 3; i++) {
      const res = await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, `wrong-${i}`) });
      expect(res.status).toBe(401);
    }
    const [counter] = await server.query<{ hits: number }>`
      select hits from throttles where key like ${`signin-fail:address:%:staff:${user.username.toLowerCase()}`}`;
    expect(counter!.hits).toBe(3);

    // even the right password from this address waits (another address or the owner's known browser would not:
    // auth-throttle.test.ts)
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

  it('clears an account’s failures from this address on success', async () => {
    const user = await newTeacher();
    const key = `signin-fail:address:127.0.0.1:staff:${user.username.toLowerCase()}`;
    for (let i = 0; i < 2; i++)
      await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, 'wrong-password') });
    expect(await server.query`select hits from throttles where key = ${key}`).toEqual([{ hits: 2 }]);
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) })).status).toBe(200);
    expect(await server.query`select * from throttles where key = ${key}`).toEqual([]);
    // two more failures do not lock the account (they would have without the reset: 4 > 3)
    for (let i = 0; i < 2; i++)
      await server.api('POST', '/api/auth/signin', { body: signinBody(user.username, 'wrong-password') });
    expect((await server.api('POST', '/api/auth/signin', { body: signinBody(user.username) })).status).toBe(200);
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
