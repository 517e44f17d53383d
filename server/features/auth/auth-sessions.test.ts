import { describe, expect, it } from 'vitest';

import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { demoPassword } from '../../test/harness.js';
import { demo, me, newLearner, newTeacher, passwordHashOf, server, signinBody, useAuthServer } from './testing.js';

useAuthServer();

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
