import { describe, expect, it } from 'vitest';
import type { Client } from '../../test/client.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { openSlipPassword } from './credentials.js';
import { demo, server, useLearnersServer } from './testing.js';

useLearnersServer();

const passwordRows = `select id, password_hash, initial_password_enc from users where role = 'learner' order by id`;
const learnerIds = (schoolId: number) =>
  server.query<{ id: number; username: string; password_hash: string; initial_password_enc: string | null }>`
    select id, username, password_hash, initial_password_enc from users
    where role = 'learner' and school_id = ${schoolId} and olympiad_id = ${demo.geoDemo} order by id`;

describe('POST /learner/v-rest/new-passwords', () => {
  const renew = (learners: number[] | 'all', schoolId?: number) => (c: Client) =>
    c.post('/learner/v-rest/new-passwords', { body: { olympiadId: demo.geoDemo, schoolId, learners } });

  it('401 without a token, 403 for the roles that do not manage learners', async () => {
    await unauthenticated(server, renew('all'));
    await forbiddenFor(server, ['accountant', 'funding', 'learner1'], renew('all'));
  });

  it('404 for another school’s learners and for a learner that does not exist, the passwords unchanged', async () => {
    const [theirs] = await learnerIds(demo.school1);
    await notFoundUnchanged(server, passwordRows, await server.as('teacher2'), renew([theirs!.id]));
    await notFoundUnchanged(server, passwordRows, await server.as('teacher2'), renew('all', demo.school1));
    const res = await expectRowsUnchanged(server, passwordRows, async () =>
      renew([999_999], demo.school1)(await server.as('admin')),
    );
    expect(res.status).toBe(404);
  });

  it('the teacher renews chosen learners: the new password is stored, sealed for the slips, sessions end; audited', async () => {
    const teacher = await server.as('teacher');
    for (const lastName of ['Mokoena', 'Naidoo', 'Botha'])
      await teacher.post('/learner/v-rest/', {
        body: { olympiadId: demo.geoDemo, firstName: 'Thandi', lastName, grade: 9 },
      });
    const before = await learnerIds(demo.school1);
    const [first, second] = before;
    const session = await server.signIn(first!.username, { olympiadName: 'geo-demo' });
    const res = await renew([first!.id, second!.id])(teacher);
    expect(res.status).toBe(200);
    expect(res.body.changed.map((l: { id: number }) => l.id).sort()).toEqual([first!.id, second!.id].sort());
    expect(res.body.skipped).toEqual([]);
    expect(res.body.message).toMatch(
      /^New passwords for 2 learners \(.+\): their old passwords and slips no longer work/,
    );

    const after = await learnerIds(demo.school1);
    const byId = new Map(after.map((r) => [r.id, r]));
    for (const l of [first!, second!]) {
      const row = byId.get(l.id)!;
      expect(row.password_hash).not.toBe(l.password_hash);
      const slip = openSlipPassword(server.app.config.appSecret, row.initial_password_enc, row.password_hash);
      expect(slip).toMatch(/^[a-z]{4}-[a-z]{4}-\d{2}$/);
    }
    // The others keep theirs.
    for (const l of before.slice(2)) expect(byId.get(l.id)!.password_hash).toBe(l.password_hash);
    // The old session is over; the new password signs in.
    expect((await server.api('GET', '/api/auth/me', { token: session.accessToken.token })).status).toBe(401);
    const row = byId.get(first!.id)!;
    const password = openSlipPassword(server.app.config.appSecret, row.initial_password_enc, row.password_hash)!;
    const signin = await server.api('POST', '/api/auth/signin', {
      body: { username: first!.username, password, olympiadName: 'geo-demo', loginType: 'learner' },
    });
    expect(signin.status).toBe(200);

    const [log] = await server.query<{ data: { changed: Array<{ id: number }>; scope: string } }>`
      select data from audit_log where action = 'learner.new-passwords' order by id desc limit 1`;
    expect(log!.data.scope).toBe('chosen');
    expect(log!.data.changed.map((l) => l.id).sort()).toEqual([first!.id, second!.id].sort());

    const slips = await server.api('GET', `/learner/v-rest/slips.csv?olympiadId=${demo.geoDemo}&ids=${first!.id}`, {
      token: (await server.signIn('teacher')).accessToken.token,
    });
    expect(slips.text).toContain(password);
  });

  it('all of a school’s learners, except the one writing right now, who keeps their password', async () => {
    const before = await learnerIds(demo.school2);
    const writer = before[0]!;
    await server.query`
      insert into attempts (olympiad_id, user_id, declaration_accepted_at, pin_issued_at, details_confirmed_at, started_at, deadline_at)
      values (${demo.geoDemo}, ${writer.id}, now(), now(), now(), now(), now() + interval '1 hour')
      on conflict (olympiad_id, user_id) do update set started_at = now(), finished_at = null,
        deadline_at = now() + interval '1 hour'`;
    const res = await renew('all', demo.school2)(await server.as('admin'));
    expect(res.status).toBe(200);
    expect(res.body.changed).toHaveLength(before.length - 1);
    expect(res.body.skipped).toEqual([
      expect.objectContaining({ id: writer.id, reason: expect.stringMatching(/Writing/) }),
    ]);
    expect(res.body.message).toMatch(/1 learner is writing right now and kept their password/);
    const after = new Map((await learnerIds(demo.school2)).map((r) => [r.id, r]));
    expect(after.get(writer.id)!.password_hash).toBe(writer.password_hash);
    for (const l of before.slice(1)) expect(after.get(l.id)!.password_hash).not.toBe(l.password_hash);
  });

  it('400 for an empty choice, the rows unchanged', async () => {
    const res = await expectRowsUnchanged(server, passwordRows, async () => renew([])(await server.as('teacher')));
    expect(res.status).toBe(400);
  });
});
