import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, grant } from '../../seed/factories.js';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** Staff users (user/v-rest/): one describe per endpoint — 401, 403 for every other role, 404 unchanged, happy path. */
let server: TestServer;
let demo: DemoIds;
let overlord: Client;
const notOverlord = ['admin', 'admin2', 'accountant', 'funding', 'teacher', 'learner1'] as const;
const userRows = `select id, username, email, first_name, last_name, role, password_hash, disabled_at, updated_at
  from users order by id`;
const sessionRows = 'select id, user_id, revoked_at from sessions order by id';
const input = (over: Record<string, unknown> = {}) => ({
  username: 'hist-accounts',
  email: 'Hist.Accounts@Example.org',
  firstName: 'Lindiwe',
  lastName: 'Mokoena',
  role: 'accountant',
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  overlord = await server.as('overlord');
});
afterAll(() => server?.close());

describe('GET /user/v-rest/', () => {
  const list =
    (query: Record<string, string | number> = {}) =>
    (c: Client) =>
      c.get('/user/v-rest/', { query });

  it('401 without a token, 403 for every role but the overlord', async () => {
    await unauthenticated(server, list());
    await forbiddenFor(server, notOverlord, list());
  });

  it('lists staff only (no teachers, no learners), with grants by olympiad name, paged and searchable', async () => {
    const res = await list({ pageSize: 200 })(overlord);
    expect(res.status).toBe(200);
    const roles = new Set(res.body.items.map((u: { role: string }) => u.role));
    expect([...roles].sort()).toEqual(['accountant', 'admin', 'funding', 'overlord']);
    const admin = res.body.items.find((u: { username: string }) => u.username === 'admin');
    expect(admin.grants).toContainEqual(expect.objectContaining({ olympiadName: 'geo-demo', role: 'admin' }));
    expect(admin).not.toHaveProperty('passwordHash');
    expect(admin.can).toEqual({ edit: true, disable: true, mail: true, endSessions: true });
    const me = res.body.items.find((u: { username: string }) => u.username === 'overlord');
    expect(me.can.disable).toBe(false);

    const byOlympiad = await list({ search: 'geo-2025' })(overlord);
    expect(byOlympiad.body.items.map((u: { username: string }) => u.username)).toContain('admin2');
    const accountants = await list({ role: 'accountant' })(overlord);
    expect(accountants.body.items.every((u: { role: string }) => u.role === 'accountant')).toBe(true);
    const paged = await list({ pageSize: 2, page: 2, sort: 'username', order: 'desc' })(overlord);
    expect(paged.body).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.body.items).toHaveLength(2);
    expect(paged.body.total).toBe(res.body.total);
  });

  it('bad input answers 400', async () => {
    expectError(await list({ sort: 'password_hash' })(overlord), 400);
    expectError(await list({ role: 'teacher' })(overlord), 400);
    expectError(await list({ pageSize: 100000 })(overlord), 400);
  });
});

describe('GET /user/v-rest/single', () => {
  const single = (userId: number | string) => (c: Client) => c.get('/user/v-rest/single', { query: { userId } });

  it('401, 403 for every role but the overlord, 404 for a teacher or an unknown id, 400 without an id', async () => {
    await unauthenticated(server, single(demo.users.admin));
    await forbiddenFor(server, notOverlord, single(demo.users.admin));
    expectError(await single(demo.users.teacher)(overlord), 404);
    expectError(await single(999_999)(overlord), 404);
    expectError(await overlord.get('/user/v-rest/single'), 400);
  });

  it('answers one staff user', async () => {
    const res = await single(demo.users.accountant)(overlord);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: demo.users.accountant, role: 'accountant', disabled: false });
  });
});

describe('POST /user/v-rest/', () => {
  const create = (body: Record<string, unknown>) => (c: Client) => c.post('/user/v-rest/', { body });

  it('401, 403 for every role but the overlord, nothing stored', async () => {
    await expectRowsUnchanged(server, userRows, async () => {
      await unauthenticated(server, create(input()));
      await forbiddenFor(server, notOverlord, create(input()));
    });
  });

  it('bad input is 400, a taken username or address 409, nothing stored', async () => {
    await expectRowsUnchanged(server, userRows, async () => {
      expectError(await create(input({ role: 'teacher' }))(overlord), 400);
      expectError(await create(input({ email: 'not-an-address' }))(overlord), 400);
      expectError(await create(input({ username: 'a b' }))(overlord), 400);
      expectError(await create({ ...input(), passwordHash: 'x' })(overlord), 400);
      const taken = await create(input({ username: 'ADMIN' }))(overlord);
      expectError(taken, 409);
      expect(taken.body.details).toEqual([{ path: 'body.username', message: 'This username is taken' }]);
      expectError(await create(input({ username: 'another', email: 'ADMIN@olympus.example.org' }))(overlord), 409);
    });
  });

  it('creates an accountant: stored without a password, a mail to choose one, audited; the link lets them in', async () => {
    const res = await create(input())(overlord);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'hist-accounts', email: 'hist.accounts@example.org' });
    expect(res.body.user.hasPassword).toBe(false);
    const [row] = await server.query<{ role: string; password_hash: string | null; email: string }>`
      select role, password_hash, email from users where username = 'hist-accounts'`;
    expect(row).toEqual({ role: 'accountant', password_hash: null, email: 'hist.accounts@example.org' });
    const [mail] = await server.query<{ kind: string; text_body: string }>`
      select kind, text_body from emails where to_address = 'hist.accounts@example.org'`;
    expect(mail!.kind).toBe('staff-verify');
    const [audit] = await server.query<{ actor_id: number; data: { role: string } }>`
      select actor_id, data from audit_log where action = 'user.create' and entity_id = ${String(res.body.user.id)}`;
    expect(audit).toMatchObject({ actor_id: demo.users.overlord, data: { role: 'accountant' } });

    const token = /verify-email\/([\w-]+)/.exec(mail!.text_body)![1]!;
    const verified = await server.anonymous().post(`/website/api/verify-email/${token}`);
    expect(verified.status).toBe(200);
    const session = server.withToken(verified.body.user.accessToken.token);
    expect((await session.put('/api/auth/set-password', { body: { password: 'a-new-password-1' } })).status).toBe(200);
    expect((await server.signIn('hist-accounts', { password: 'a-new-password-1' })).role).toBe('accountant');
  });
});

describe('PUT /user/v-rest/{id}', () => {
  const edit = (id: number, body: Record<string, unknown>) => (c: Client) => c.put(`/user/v-rest/${id}`, { body });

  it('401, 403 for every role but the overlord, 404 for a teacher or an unknown id, rows unchanged', async () => {
    const target = await createUser(server.db, { role: 'funding' });
    const body = input({ username: 'renamed' });
    await expectRowsUnchanged(server, userRows, async () => {
      await unauthenticated(server, edit(target.id, body));
      await forbiddenFor(server, notOverlord, edit(target.id, body));
    });
    await notFoundUnchanged(server, userRows, overlord, edit(demo.users.teacher, body));
    await notFoundUnchanged(server, userRows, overlord, edit(999_999, body));
  });

  it('edits every field; a new address is told to the old one; audited with before and after', async () => {
    const target = await createUser(server.db, {
      role: 'funding',
      username: 'fund-old',
      email: 'fund-old@example.org',
    });
    const res = await edit(
      target.id,
      input({ username: 'fund-new', email: 'fund-new@example.org', role: 'admin', firstName: 'Sipho' }),
    )(overlord);
    expect(res.status).toBe(200);
    const [row] = await server.query`select username, email, role, first_name from users where id = ${target.id}`;
    expect(row).toEqual({ username: 'fund-new', email: 'fund-new@example.org', role: 'admin', first_name: 'Sipho' });
    const told = await server.query`select kind from emails where to_address = 'fund-old@example.org'`;
    expect(told).toEqual([{ kind: 'email-changed' }]);
    const [audit] = await server.query<{ data: { before: { role: string }; after: { role: string } } }>`
      select data from audit_log where action = 'user.update' and entity_id = ${String(target.id)}`;
    expect(audit!.data.before.role).toBe('funding');
    expect(audit!.data.after.role).toBe('admin');
  });

  it('the overlord cannot change their own role (403), a taken username is 409; rows unchanged', async () => {
    await expectRowsUnchanged(server, userRows, async () => {
      const own = await edit(
        demo.users.overlord,
        input({ username: 'overlord', email: 'overlord@olympus.example.org' }),
      )(overlord);
      expectError(own, 403);
      const target = demo.users.funding;
      expectError(await edit(target, input({ username: 'admin', email: 'x-funding@example.org' }))(overlord), 409);
    });
  });
});

describe('POST /user/v-rest/{id}/disable and /enable', () => {
  const act = (id: number, path: 'disable' | 'enable') => (c: Client) => c.post(`/user/v-rest/${id}/${path}`);

  it('401, 403 for every role but the overlord, 404 for a teacher or unknown id, own account 403; rows unchanged', async () => {
    const target = await createUser(server.db, { role: 'admin' });
    for (const path of ['disable', 'enable'] as const) {
      await expectRowsUnchanged(server, userRows, async () => {
        await unauthenticated(server, act(target.id, path));
        await forbiddenFor(server, notOverlord, act(target.id, path));
        expectError(await act(demo.users.overlord, path)(overlord), 403);
      });
      await notFoundUnchanged(server, userRows, overlord, act(demo.users.teacher, path));
      await notFoundUnchanged(server, userRows, overlord, act(999_999, path));
    }
  });

  it('disabling ends every session at once and refuses sign-in; enabling lets them sign in again', async () => {
    const target = await createUser(server.db, { role: 'admin', username: 'departed', password: 'password-123' });
    await grant(server.db, target.id, demo.geoDemo, 'admin');
    const token = (await server.signIn('departed', { password: 'password-123' })).accessToken.token;
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);

    const res = await act(target.id, 'disable')(overlord);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ disabled: true, activeSessions: 0 });
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    const [open] = await server.query<{ n: number }>`
      select count(*)::int as n from sessions where user_id = ${target.id} and revoked_at is null`;
    expect(open!.n).toBe(0);
    const signin = await server.api('POST', '/api/auth/signin', {
      body: { username: 'departed', password: 'password-123', loginType: 'staff' },
    });
    expect(signin.body.code).toBe('account_disabled');
    const [audit] =
      await server.query`select actor_id from audit_log where action = 'user.disable' and entity_id = ${String(target.id)}`;
    expect(audit).toEqual({ actor_id: demo.users.overlord });

    const enabled = await act(target.id, 'enable')(overlord);
    expect(enabled.body.user.disabled).toBe(false);
    expect((await server.signIn('departed', { password: 'password-123' })).role).toBe('admin');
  });
});

describe('POST /user/v-rest/{id}/reset-password', () => {
  const reset = (id: number) => (c: Client) => c.post(`/user/v-rest/${id}/reset-password`);
  const mails = 'select id, to_address, kind from emails order by id';

  it('401, 403 for every role but the overlord, 404 for a teacher or unknown id; no mail', async () => {
    await expectRowsUnchanged(server, mails, async () => {
      await unauthenticated(server, reset(demo.users.accountant));
      await forbiddenFor(server, notOverlord, reset(demo.users.accountant));
    });
    await notFoundUnchanged(server, mails, overlord, reset(demo.users.teacher));
    await notFoundUnchanged(server, mails, overlord, reset(999_999));
  });

  it('mails a reset link to a user with a password; a disabled account is 409', async () => {
    const target = await createUser(server.db, { role: 'accountant', email: 'reset-me@example.org' });
    const res = await reset(target.id)(overlord);
    expect(res.status).toBe(200);
    const sent = await server.query`select kind from emails where to_address = 'reset-me@example.org'`;
    expect(sent).toEqual([{ kind: 'staff-reset-password' }]);
    const [token] = await server.query<{ purpose: string }>`
      select purpose from user_tokens where user_id = ${target.id} and used_at is null`;
    expect(token!.purpose).toBe('reset_password');
    await server.query`update users set disabled_at = now() where id = ${target.id}`;
    await expectRowsUnchanged(server, mails, async () => expectError(await reset(target.id)(overlord), 409));
  });
});

describe('POST /user/v-rest/{id}/end-sessions', () => {
  const end = (id: number) => (c: Client) => c.post(`/user/v-rest/${id}/end-sessions`);

  it('401, 403 for every role but the overlord, 404 for a teacher or unknown id; sessions unchanged', async () => {
    await expectRowsUnchanged(server, sessionRows, async () => {
      await unauthenticated(server, end(demo.users.accountant));
      await forbiddenFor(server, notOverlord, end(demo.users.accountant));
    });
    await notFoundUnchanged(server, sessionRows, overlord, end(demo.users.teacher));
    await notFoundUnchanged(server, sessionRows, overlord, end(999_999));
  });

  it('ends every session of the user; the account stays enabled; audited', async () => {
    const target = await createUser(server.db, { role: 'funding', username: 'busy', password: 'password-123' });
    const tokens = [
      (await server.signIn('busy', { password: 'password-123' })).accessToken.token,
      (await server.signIn('busy', { password: 'password-123' })).accessToken.token,
    ];
    const res = await end(target.id)(overlord);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ disabled: false, activeSessions: 0 });
    for (const token of tokens) expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    const [audit] = await server.query<{ data: { sessionsEnded: number } }>`
      select data from audit_log where action = 'user.end-sessions' and entity_id = ${String(target.id)}`;
    expect(audit!.data.sessionsEnded).toBe(2);
    expect((await server.signIn('busy', { password: 'password-123' })).role).toBe('funding');
  });
});
