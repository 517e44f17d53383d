import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../seed/factories.js';
import { type TestServer, demoPassword, startTestServer } from '../../test/harness.js';
import { demo, server, useAuthServer } from './testing.js';

/** Small settings: 5 free failures per account, then waits of 1 s, 2 s (capped at 2 s). */
const LIMITS = {
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5',
  SIGNIN_MAX_FAILURES_PER_ADDRESS: '50',
  SIGNIN_DELAY_SECONDS: '1',
  SIGNIN_MAX_DELAY_SECONDS: '2',
};

useAuthServer(LIMITS);

const staffSignin = (username: string, password = demoPassword) => ({ username, password, loginType: 'staff' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newTeacher() {
  const n = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return createUser(server.db, {
    role: 'teacher',
    schoolId: demo.school1,
    password: demoPassword,
    email: `t${n}@school.example.org`,
  });
}

async function mailsTo(to: string) {
  return server.query<{ kind: string; text_body: string }>`
    select kind, text_body from emails where to_address = ${to} order by id`;
}

function linkIn(text: string): string {
  const match = /\/verify-email\/([\w-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

/** The reset mails' 5-minute spacing has passed. */
async function fiveMinutesPass() {
  await server.query`update throttles set window_start = window_start - interval '6 minutes' where key like 'forgot:%'`;
}

async function resetLink(username: string, email: string): Promise<string> {
  expect((await server.api('POST', `/api/auth/forgot-password/${username}`)).status).toBe(200);
  const mails = await mailsTo(email);
  return linkIn(mails.at(-1)!.text_body);
}

describe('150 parallel guesses', () => {
  // A wait longer than the burst lasts, so every attempt beyond the free ones must be refused.
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ env: { ...LIMITS, SIGNIN_DELAY_SECONDS: '600', SIGNIN_MAX_DELAY_SECONDS: '600' } });
  });
  afterAll(() => slow?.close());

  it('evaluates no more than the limit of 150 parallel wrong passwords; the rest get 429 with Retry-After', async () => {
    const user = await createUser(slow.db, { role: 'teacher', schoolId: demo.school1, password: demoPassword });
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        slow.api('POST', '/api/auth/signin', { body: staffSignin(user.username, `wrong-${i}`) }),
      ),
    );
    const evaluated = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(evaluated.length + refused.length).toBe(150);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(refused[0]!.body.code).toBe('rate_limited');
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const [counter] = await slow.query<{ hits: number }>`
      select hits from throttles where key like ${`signin-fail:address:%:staff:${user.username.toLowerCase()}`}`;
    expect(counter!.hits).toBe(evaluated.length);
  });

  it('evaluates no more than the limit of 150 parallel wrong recovery PINs', async () => {
    const learner = await createUser(slow.db, {
      role: 'learner',
      schoolId: demo.school1,
      olympiadId: demo.geoDemo,
      password: demoPassword,
    });
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        slow.api('POST', '/api/sitting/recover', {
          body: { olympiadName: 'geo-demo', username: learner.username, pin: String(100000 + i) },
        }),
      ),
    );
    const evaluated = answers.filter((a) => a.status === 401).length;
    expect(evaluated + answers.filter((a) => a.status === 429).length).toBe(150);
    expect(evaluated).toBeLessThanOrEqual(5);
  });
});

describe('sign-in throttle', () => {
  it('lets the right password in from the same address once the delay a stranger caused there has passed', async () => {
    const user = await newTeacher();
    for (let i = 0; i < 5; i++) {
      const res = await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username, `wrong-${i}`) });
      expect(res.status).toBe(401);
    }
    const waiting = await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username) });
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toMatch(/Please wait 1 second/);
    expect(waiting.headers.get('retry-after')).toBe('1');

    await sleep(1_100);
    const res = await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username) });
    expect(res.status).toBe(200);
    // The address's failures are forgotten after a success, and the success's slot on the account handed back.
    const left = await server.query<{ key: string; hits: number }>`
      select key, hits from throttles where key like ${`%:staff:${user.username.toLowerCase()}`}`;
    expect(left).toEqual([{ key: `signin-fail:account:staff:${user.username.toLowerCase()}`, hits: 5 }]);
  });

  it('doubles the delay per further failure, up to the cap', async () => {
    const user = await newTeacher();
    for (let i = 0; i < 5; i++) await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username, 'x') });
    await sleep(1_100);
    expect((await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username, 'x') })).status).toBe(401);
    const next = await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username) });
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('2');
  });

  it('answers a disabled account alike for right and wrong passwords, counted like a failure', async () => {
    const user = await createUser(server.db, {
      role: 'teacher',
      schoolId: demo.school1,
      password: demoPassword,
      disabled: true,
    });
    const right = await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username) });
    const wrong = await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username, 'not-it') });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual(right.body);
    const [counter] = await server.query<{ hits: number }>`
      select hits from throttles where key like ${`signin-fail:address:%:staff:${user.username.toLowerCase()}`}`;
    expect(counter!.hits).toBe(2);
  });
});

describe('nobody locks an owner out (decision 064)', () => {
  // Behind a proxy that reports each client's address; the first wait after the free failures outlasts the test.
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({
      env: {
        TRUST_PROXY: 'true',
        SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5',
        SIGNIN_MAX_FAILURES_PER_ADDRESS: '10',
        SIGNIN_MAX_FAILURES_ACROSS_ADDRESSES: '30',
        SIGNIN_DELAY_SECONDS: '600',
        SIGNIN_MAX_DELAY_SECONDS: '600',
      },
    });
  });
  afterAll(() => proxied?.close());

  const STRANGER = '203.0.113.7';
  const OWNER = '198.51.100.23';
  const signinFrom = (address: string, username: string, password = demoPassword, cookie?: string) =>
    proxied.api('POST', '/api/auth/signin', {
      body: staffSignin(username, password),
      headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    });
  /** The device cookie a sign-in answered, as the browser sends it back. */
  const deviceCookieOf = (res: { headers: Headers }) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith('olympus_device='));
    expect(set).toBeDefined();
    return set!.split(';')[0]!;
  };
  async function strangerGuesses(username: string, times: number, address = STRANGER) {
    const statuses = [];
    for (let i = 0; i < times; i++) statuses.push((await signinFrom(address, username, `guess-${i}`)).status);
    return statuses;
  }
  async function newOwner() {
    return createUser(proxied.db, { role: 'teacher', schoolId: demo.school1, password: demoPassword });
  }

  it('15 wrong passwords from one address: the owner signs in from another; the stranger stays refused', async () => {
    const owner = await newOwner();
    const statuses = await strangerGuesses(owner.username, 15);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);

    const own = await signinFrom(OWNER, owner.username);
    expect(own.status).toBe(200);
    expect(own.body.username).toBe(owner.username);
    // Again and again: the owner is never held back by the stranger's failures.
    for (let i = 0; i < 3; i++) expect((await signinFrom(OWNER, owner.username)).status).toBe(200);

    // The stranger's own attempts, even with the right password, are still refused at their address.
    const more = await signinFrom(STRANGER, owner.username, 'yet-another-guess');
    expect(more.status).toBe(429);
    expect(more.body.code).toBe('rate_limited');
    expect(Number(more.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await signinFrom(STRANGER, owner.username)).status).toBe(429);
  });

  it('the owner’s known browser signs in even from the stranger’s address; a cookie never stands in for another', async () => {
    const owner = await newOwner();
    const earlier = await signinFrom(OWNER, owner.username);
    expect(earlier.status).toBe(200);
    const cookie = deviceCookieOf(earlier);
    const [set] = earlier.headers.getSetCookie().filter((c) => c.startsWith('olympus_device='));
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\/api\//);
    expect(set).not.toMatch(/; Secure/i);

    expect((await strangerGuesses(owner.username, 15)).filter((s) => s === 401)).toHaveLength(5);
    expect((await signinFrom(STRANGER, owner.username)).status).toBe(429);

    const known = await signinFrom(STRANGER, owner.username, demoPassword, cookie);
    expect(known.status).toBe(200);
    expect(known.body.username).toBe(owner.username);

    // A cookie of another account, or one altered, is no device of this account: the address's limit holds.
    const stranger = await newOwner();
    const theirs = deviceCookieOf(await signinFrom(STRANGER, stranger.username));
    expect((await signinFrom(STRANGER, owner.username, demoPassword, theirs)).status).toBe(429);
    const forged = cookie.replace(
      /olympus_device=([^.]*)/,
      (_, v: string) =>
        `olympus_device=${encodeURIComponent(decodeURIComponent(v).replace(owner.username.toLowerCase(), stranger.username.toLowerCase()))}`,
    );
    expect(forged).not.toBe(cookie);
    expect((await signinFrom(STRANGER, stranger.username, 'wrong', forged)).status).toBe(401);
    const [forgedCounted] = await proxied.query<{ n: number }>`
      select count(*)::int as n from throttles where key like ${`signin-fail:device:%${stranger.username.toLowerCase()}%`}`;
    expect(forgedCounted!.n).toBe(0);
  });

  it('a stolen device cookie has a budget of its own: free failures, then waits', async () => {
    const owner = await newOwner();
    const cookie = deviceCookieOf(await signinFrom(OWNER, owner.username));
    for (let i = 0; i < 5; i++) expect((await signinFrom(STRANGER, owner.username, `x${i}`, cookie)).status).toBe(401);
    expect((await signinFrom(STRANGER, owner.username, demoPassword, cookie)).status).toBe(429);
    // That device's failures are its own: the owner elsewhere is not held back.
    expect((await signinFrom(OWNER, owner.username)).status).toBe(200);
  });

  it('caps guesses spread over many addresses: new browsers wait, the owner’s known browser does not', async () => {
    const owner = await newOwner();
    const cookie = deviceCookieOf(await signinFrom(OWNER, owner.username));
    for (let n = 1; n <= 6; n++) {
      expect(await strangerGuesses(owner.username, 5, `192.0.2.${n}`)).toEqual([401, 401, 401, 401, 401]);
    }
    // 30 attempts on the account from browsers it does not know: a new browser on a fresh address waits.
    expect((await signinFrom('192.0.2.99', owner.username)).status).toBe(429);
    expect((await signinFrom(OWNER, owner.username, demoPassword, cookie)).status).toBe(200);
  });

  it('marks the device cookie Secure when the request came over https', async () => {
    const owner = await newOwner();
    const res = await proxied.api('POST', '/api/auth/signin', {
      body: staffSignin(owner.username),
      headers: { 'x-forwarded-for': OWNER, 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('olympus_device='))).toMatch(/; Secure/i);
  });

  it('a stranger’s wrong recovery PINs do not keep the learner out from another address', async () => {
    const learner = await createUser(proxied.db, {
      role: 'learner',
      schoolId: demo.school1,
      olympiadId: demo.geoDemo,
      password: demoPassword,
    });
    const recover = (address: string, pin: string) =>
      proxied.api('POST', '/api/sitting/recover', {
        body: { olympiadName: 'geo-demo', username: learner.username, pin },
        headers: { 'x-forwarded-for': address },
      });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await recover(STRANGER, String(100000 + i))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The learner's own try from another address is checked, not refused (401: this learner has no PIN yet).
    const own = await recover(OWNER, '123456');
    expect(own.status).toBe(401);
    expect(own.body.code).toBe('wrong_password');
  });
});

describe('reset links', () => {
  it('using one reset link ends the user’s other unused reset links', async () => {
    const user = await newTeacher();
    const first = await resetLink(user.username, user.email!);
    await fiveMinutesPass();
    const second = await resetLink(user.username, user.email!);
    expect((await server.api('POST', `/website/api/verify-email/${second}`)).status).toBe(200);
    expect((await server.api('POST', `/website/api/verify-email/${first}`)).status).toBe(400);
  });

  it('a password change ends every unused reset link', async () => {
    const user = await newTeacher();
    const link = await resetLink(user.username, user.email!);
    const token = (await server.signIn(user.username)).accessToken.token;
    const set = await server.api('PUT', '/api/auth/set-password', { token, body: { password: 'a-new-password' } });
    expect(set.status).toBe(200);
    expect((await server.api('POST', `/website/api/verify-email/${link}`)).status).toBe(400);
  });

  it('a learner’s password set by their teacher ends the learner’s reset links', async () => {
    const learner = await createUser(server.db, {
      role: 'learner',
      schoolId: demo.school1,
      olympiadId: demo.geoDemo,
      password: demoPassword,
      email: `l${Date.now()}@learner.example.org`,
    });
    expect(
      (await server.api('POST', `/api/auth/forgot-password/${learner.username}?olympiadName=geo-demo`)).status,
    ).toBe(200);
    const link = linkIn((await mailsTo(learner.email!)).at(-1)!.text_body);
    const teacher = (await server.signIn('teacher')).accessToken.token;
    const set = await server.api('PUT', `/api/auth/set-learner-passwords/${learner.id}`, {
      token: teacher,
      body: { password: 'teacher-chose-this' },
    });
    expect(set.status).toBe(200);
    expect((await server.api('POST', `/website/api/verify-email/${link}`)).status).toBe(400);
  });

  it('gives a session that can only set the password; afterwards it is an ordinary session', async () => {
    const user = await newTeacher();
    const link = await resetLink(user.username, user.email!);
    const used = await server.api('POST', `/website/api/verify-email/${link}`);
    expect(used.status).toBe(200);
    const token = used.body.user.accessToken.token as string;
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/teacher/v-rest/me'],
      ['GET', '/user/rest/impersonate?userEmail=teacher%40waterkloof.example.org'],
    ] as const) {
      const res = await server.api(method, path, { token });
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'forbidden' });
      expect(res.body.message).toMatch(/only set a new password/);
    }
    const set = await server.api('PUT', '/api/auth/set-password', { token, body: { password: 'chosen-after-reset' } });
    expect(set.status).toBe(200);
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
    expect(
      (await server.api('POST', '/api/auth/signin', { body: staffSignin(user.username, 'chosen-after-reset') })).status,
    ).toBe(200);
  });

  it('forgot-password with an empty olympiad is the staff form, and mails the link', async () => {
    const user = await newTeacher();
    const res = await server.api('POST', `/api/auth/forgot-password/${user.username}?olympiadName=`);
    expect(res.status).toBe(200);
    const mails = await mailsTo(user.email!);
    expect(mails.map((m) => m.kind)).toEqual(['reset-password']);
  });
});

describe('email address changes', () => {
  it('tells the old address when a teacher changes their own address', async () => {
    const user = await newTeacher();
    const token = (await server.signIn(user.username)).accessToken.token;
    const newEmail = `moved-${user.id}@school.example.org`;
    const res = await server.api('PUT', '/teacher/v-rest/me', {
      token,
      body: { firstName: 'Thandi', lastName: 'Nkosi', email: newEmail },
    });
    expect(res.status).toBe(200);
    const old = await mailsTo(user.email!);
    expect(old.map((m) => m.kind)).toEqual(['email-changed']);
    expect(old[0]!.text_body).toContain(newEmail);
  });

  it('tells the old address when an admin changes a teacher’s address', async () => {
    const user = await newTeacher();
    const admin = (await server.signIn('admin')).accessToken.token;
    const newEmail = `admin-moved-${user.id}@school.example.org`;
    const res = await server.api('PUT', `/teacher/v-rest/${user.id}`, {
      token: admin,
      body: { firstName: 'Thandi', lastName: 'Nkosi', email: newEmail },
    });
    expect(res.status).toBe(200);
    expect((await mailsTo(user.email!)).map((m) => m.kind)).toEqual(['email-changed']);
  });
});

describe('while impersonating, credentials do not change', () => {
  async function asTeacher(email: string) {
    const admin = (await server.signIn('admin')).accessToken.token;
    const res = await server.api(
      'GET',
      `/user/rest/impersonate?olympiadId=${demo.geoDemo}&userEmail=${encodeURIComponent(email)}`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    return res.body.accessToken.token as string;
  }

  it('refuses the teacher’s own email change, keeps a name change', async () => {
    const user = await newTeacher();
    const token = await asTeacher(user.email!);
    const moved = await server.api('PUT', '/teacher/v-rest/me', {
      token,
      body: { firstName: 'Borrowed', lastName: 'Session', email: `hijack-${user.id}@evil.example` },
    });
    expect(moved.status).toBe(403);
    expect(moved.body).toMatchObject({ success: false, code: 'forbidden' });
    expect(moved.body.message).toBe('You cannot change an email address while acting as another user');
    const [row] = await server.query<{ email: string }>`select email from users where id = ${user.id}`;
    expect(row!.email).toBe(user.email);
    const renamed = await server.api('PUT', '/teacher/v-rest/me', {
      token,
      body: { firstName: 'Renamed', lastName: 'Teacher', email: user.email! },
    });
    expect(renamed.status).toBe(200);
  });

  it('refuses setting a learner’s password as their teacher', async () => {
    const user = await newTeacher();
    const learner = await createUser(server.db, {
      role: 'learner',
      schoolId: demo.school1,
      olympiadId: demo.geoDemo,
      password: demoPassword,
    });
    const token = await asTeacher(user.email!);
    const res = await server.api('PUT', `/api/auth/set-learner-passwords/${learner.id}`, {
      token,
      body: { password: 'impersonator-chose' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot change a password while acting as another user');
  });
});
