import { describe, expect, it } from 'vitest';

import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';

import { demoPassword } from '../../test/harness.js';
import { demo, me, newLearner, passwordHashOf, server, useAuthServer } from './testing.js';

useAuthServer();

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
    // the admin's olympiads (geo-demo and the closed geo-2025), never the far one
    const entered = entries.body.items.map((p: { olympiadId: number }) => p.olympiadId).sort();
    expect(entered).toEqual([demo.geoDemo, demo.geo2025].sort());
    const portal = await server.api('GET', '/api/portal/olympiads', { token: borrowed });
    const shown = portal.body.items.map((o: { id: number }) => o.id);
    expect(shown).toContain(demo.geoDemo);
    expect(shown).not.toContain(far.id);
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
