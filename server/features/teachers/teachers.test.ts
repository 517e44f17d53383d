import { describe, expect, it } from 'vitest';
import { createUser } from '../../seed/factories.js';
import { demo, get, otherOlympiad, otherSchool, server, tokens, useSchoolsServer } from '../../test/school-staff.js';

useSchoolsServer();

describe('teachers', () => {
  it('lists the teachers of the admin’s schools only', async () => {
    await createUser(server.db, { role: 'teacher', schoolId: otherSchool.id, firstName: 'Elsewhere' });
    expect((await get('/teacher/v-rest/')).status).toBe(401);
    expect((await get('/teacher/v-rest/', 'teacher')).status).toBe(403);
    const res = await get('/teacher/v-rest/?pageSize=100', 'admin');
    expect(res.status).toBe(200);
    const names = res.body.items.map((t: { firstName: string }) => t.firstName);
    expect(names).toContain('Thandi');
    expect(names).not.toContain('Elsewhere');
  });

  it('an admin adds a teacher (mailed a verify link), edits, resends and resets; another olympiad’s teacher is 404', async () => {
    const add = await server.api('POST', '/teacher/v-rest/', {
      token: tokens.admin,
      body: { schoolId: demo.school1, firstName: 'Zodwa', lastName: "O'Neill", email: 'Zodwa@Example.org' },
    });
    expect(add.status).toBe(200);
    expect(add.body.teacher).toMatchObject({ username: 'zodwa@example.org', emailVerified: false, hasPassword: false });
    const mails = await server.query<{
      text_body: string;
    }>`select text_body from emails where to_address = 'zodwa@example.org'`;
    expect(mails[0]!.text_body).toMatch(/http:\/\/olympus\.test\/verify-email\/[\w-]+/);
    const id = add.body.teacher.id;
    const put = await server.api('PUT', `/teacher/v-rest/${id}`, {
      token: tokens.admin,
      body: { firstName: 'Zodwa', lastName: 'Ndlovu', email: 'zodwa@example.org', phone: '082' },
    });
    expect(put.status).toBe(200);
    expect(put.body.teacher.lastName).toBe('Ndlovu');
    expect(
      (await server.api('POST', `/teacher/v-rest/${id}/resend-verification`, { token: tokens.admin })).status,
    ).toBe(200);
    expect((await server.api('POST', `/teacher/v-rest/${id}/reset-password`, { token: tokens.admin })).status).toBe(
      200,
    );
    expect(
      (await server.api('POST', `/teacher/v-rest/${id}/reset-password`, { token: tokens.accountant })).status,
    ).toBe(403);
    const far = await createUser(server.db, { role: 'teacher', schoolId: otherSchool.id, lastName: 'Far' });
    expect((await get(`/teacher/v-rest/${far.id}`, 'admin')).status).toBe(404);
    const denied = await server.api('PUT', `/teacher/v-rest/${far.id}`, {
      token: tokens.admin,
      body: { firstName: 'Hacked', lastName: 'X', email: 'x@example.org' },
    });
    expect(denied.status).toBe(404);
    const [row] = await server.query<{ first_name: string }>`select first_name from users where id = ${far.id}`;
    expect(row!.first_name).not.toBe('Hacked');
    expect((await server.api('POST', `/teacher/v-rest/${far.id}/reset-password`, { token: tokens.admin })).status).toBe(
      404,
    );
  });

  it('an admin disables a teacher: their tokens are refused at once, they cannot sign in; enabling lets them back', async () => {
    const t = await createUser(server.db, {
      role: 'teacher',
      schoolId: demo.school1,
      username: 'disable-me',
      password: 'password-123',
      firstName: 'Dineo',
      lastName: 'Sithole',
    });
    const first = (await server.signIn('disable-me', { password: 'password-123' })).accessToken.token;
    const second = (await server.signIn('disable-me', { password: 'password-123' })).accessToken.token;
    expect((await get('/teacher/v-rest/me', undefined)).status).toBe(401);
    expect((await server.api('GET', '/teacher/v-rest/me', { token: first })).status).toBe(200);

    const res = await server.api('POST', `/teacher/v-rest/${t.id}/disable`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Dineo Sithole is disabled and signed out everywhere');
    expect(res.body.teacher.disabled).toBe(true);
    for (const token of [first, second]) {
      expect((await server.api('GET', '/teacher/v-rest/me', { token })).status).toBe(401);
      expect((await server.api('GET', '/api/portal/olympiads', { token })).status).toBe(401);
    }
    const open = await server.query<{ n: number }>`
      select count(*)::int as n from sessions where user_id = ${t.id} and revoked_at is null`;
    expect(open[0]!.n).toBe(0);
    const signin = await server.api('POST', '/api/auth/signin', {
      body: { username: 'disable-me', password: 'password-123', loginType: 'staff' },
    });
    expect(signin.status).toBe(403);
    expect(signin.body.code).toBe('account_disabled');
    const list = await get(`/teacher/v-rest/?search=disable-me`, 'admin');
    expect(list.body.items[0].disabled).toBe(true);
    expect((await server.api('POST', `/teacher/v-rest/${t.id}/reset-password`, { token: tokens.admin })).status).toBe(
      409,
    );
    const [audit] = await server.query<{ actor_id: number }>`
      select actor_id from audit_log where action = 'teacher.disable' and entity_id = ${String(t.id)}`;
    expect(audit!.actor_id).toBe(demo.users.admin);

    const enabled = await server.api('POST', `/teacher/v-rest/${t.id}/enable`, { token: tokens.overlord });
    expect(enabled.status).toBe(200);
    expect(enabled.body.teacher.disabled).toBe(false);
    // Old tokens stay revoked; a fresh sign-in works.
    expect((await server.api('GET', '/teacher/v-rest/me', { token: first })).status).toBe(401);
    const back = (await server.signIn('disable-me', { password: 'password-123' })).accessToken.token;
    expect((await server.api('GET', '/teacher/v-rest/me', { token: back })).status).toBe(200);
  });

  it('only admins of the teacher’s olympiad (and the overlord) disable: others 404 or 403, the teacher unchanged', async () => {
    const far = await createUser(server.db, { role: 'teacher', schoolId: otherSchool.id, password: 'password-123' });
    const near = await createUser(server.db, { role: 'teacher', schoolId: demo.school2, password: 'password-123' });
    const farToken = (await server.signIn(far.username, { password: 'password-123' })).accessToken.token;
    for (const path of ['disable', 'enable']) {
      expect((await server.api('POST', `/teacher/v-rest/${far.id}/${path}`, { token: tokens.admin })).status).toBe(404);
      expect((await server.api('POST', `/teacher/v-rest/999999/${path}`, { token: tokens.admin })).status).toBe(404);
      for (const who of ['accountant', 'funding', 'teacher', 'learner'])
        expect((await server.api('POST', `/teacher/v-rest/${near.id}/${path}`, { token: tokens[who] })).status).toBe(
          403,
        );
      expect((await server.api('POST', `/teacher/v-rest/${near.id}/${path}`)).status).toBe(401);
    }
    const rows = await server.query<{ disabled_at: Date | null }>`
      select disabled_at from users where id in (${far.id}, ${near.id})`;
    expect(rows.every((r) => r.disabled_at === null)).toBe(true);
    expect((await server.api('GET', '/teacher/v-rest/me', { token: farToken })).status).toBe(200);
    // Disabling is its own call: the edit form cannot do it.
    const put = await server.api('PUT', `/teacher/v-rest/${near.id}`, {
      token: tokens.admin,
      body: { firstName: 'A', lastName: 'B', email: 'near@example.org', disabled: true },
    });
    expect(put.status).toBe(400);
  });

  it('a teacher reads and edits their own profile', async () => {
    const me = await get('/teacher/v-rest/me', 'teacher2');
    expect(me.body.teacher.firstName).toBe('Pieter');
    const put = await server.api('PUT', '/teacher/v-rest/me', {
      token: tokens.teacher2,
      body: { firstName: 'Piet', lastName: 'van der Merwe', email: 'teacher@rbhs.example.org', phone: '021 555' },
    });
    expect(put.status).toBe(200);
    expect(put.body.teacher).toMatchObject({ firstName: 'Piet', phone: '021 555', emailVerified: true });
    expect((await get('/teacher/v-rest/me', 'admin')).status).toBe(403);
  });

  it('carries what the caller may do: the list whether they add teachers, each teacher what they may do with it', async () => {
    const admin = await get(`/teacher/v-rest/?olympiadId=${demo.geoDemo}&pageSize=100`, 'admin');
    expect(admin.body.can).toEqual({ create: true });
    const thandi = admin.body.items.find((t: { firstName: string }) => t.firstName === 'Thandi');
    expect(thandi.can).toEqual({ update: true, disable: true, mail: true });
    const accountant = await get(`/teacher/v-rest/?olympiadId=${demo.geoDemo}&pageSize=100`, 'accountant');
    expect(accountant.body.can).toEqual({ create: false });
    expect(accountant.body.items.every((t: { can: { update: boolean } }) => !t.can.update)).toBe(true);
    expect((await get(`/teacher/v-rest/?olympiadId=${otherOlympiad.id}`, 'overlord')).body.can).toEqual({
      create: true,
    });
  });
});
