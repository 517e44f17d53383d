import { describe, expect, it } from 'vitest';
import { createSchool, createUser } from '../../seed/factories.js';
import { server, demo, tokens, otherOlympiad, otherSchool, get, useSchoolsServer } from '../../test/school-staff.js';

useSchoolsServer();

describe('schools', () => {
  it('401 without a token, 403 for a learner, list for staff scoped to their olympiad', async () => {
    expect((await get('/school/v-rest/')).status).toBe(401);
    expect((await get('/school/v-rest/', 'learner')).status).toBe(403);
    expect((await get('/school/v-rest/', 'teacher')).status).toBe(403);
    const all = await get('/school/v-rest/?pageSize=100', 'overlord');
    expect(all.status).toBe(200);
    expect(all.body.items.map((s: { name: string }) => s.name)).toContain('Other Olympiad School');
    for (const who of ['admin', 'accountant', 'funding']) {
      const mine = await get('/school/v-rest/?pageSize=100', who);
      expect(mine.status).toBe(200);
      const names = mine.body.items.map((s: { name: string }) => s.name);
      expect(names).toContain('Hoërskool Waterkloof');
      expect(names).not.toContain('Other Olympiad School');
    }
    expect((await get(`/school/v-rest/?olympiadId=${otherOlympiad.id}`, 'admin')).status).toBe(404);
  });

  it('searches, sorts and pages', async () => {
    const res = await get('/school/v-rest/?search=waterkloof', 'overlord');
    expect(res.body.total).toBe(1);
    const sorted = await get('/school/v-rest/?sort=name&order=desc&pageSize=1&page=1', 'overlord');
    expect(sorted.body.items).toHaveLength(1);
    expect(sorted.body.total).toBeGreaterThanOrEqual(3);
    expect((await get('/school/v-rest/?sort=password', 'overlord')).status).toBe(400);
  });

  it('a teacher sees and edits only their own school’s contact details; other schools are 404, unchanged', async () => {
    expect((await get(`/school/v-rest/${demo.school1}`, 'teacher')).status).toBe(200);
    expect((await get(`/school/v-rest/${demo.school2}`, 'teacher')).status).toBe(404);
    const put = await server.api('PUT', `/school/v-rest/${demo.school2}`, {
      token: tokens.teacher,
      body: { phone: '000' },
    });
    expect(put.status).toBe(404);
    const [row] = await server.query<{ phone: string }>`select phone from schools where id = ${demo.school2}`;
    expect(row!.phone).toBe('021 686 3987');
    const own = await server.api('PUT', `/school/v-rest/${demo.school1}`, {
      token: tokens.teacher,
      body: { phone: '012 000 1111' },
    });
    expect(own.status).toBe(200);
    expect(own.body.school.phone).toBe('012 000 1111');
    expect(
      (await server.api('PUT', `/school/v-rest/${demo.school1}`, { token: tokens.admin, body: { name: 'X' } })).status,
    ).toBe(403);
  });

  it('the overlord creates, edits, refuses a duplicate EMIS, merges and deletes', async () => {
    const created = await server.api('POST', '/school/v-rest/', {
      token: tokens.overlord,
      body: { name: 'Laerskool Duplikaat', emisNumber: '123456789', town: 'Pretoria' },
    });
    expect(created.status).toBe(200);
    const dup = await server.api('POST', '/school/v-rest/', {
      token: tokens.overlord,
      body: { name: 'Again', emisNumber: '123456789' },
    });
    expect(dup.status).toBe(409);
    expect((await server.api('POST', '/school/v-rest/', { token: tokens.admin, body: { name: 'No' } })).status).toBe(
      403,
    );
    const source = created.body.school.id;
    const teacher = await createUser(server.db, { role: 'teacher', schoolId: source });
    const merged = await server.api('POST', '/school/v-rest/merge', {
      token: tokens.overlord,
      body: { sourceId: source, targetId: demo.school1 },
    });
    expect(merged.status).toBe(200);
    const [moved] = await server.query<{ school_id: number }>`select school_id from users where id = ${teacher.id}`;
    expect(moved!.school_id).toBe(demo.school1);
    expect(await server.query`select id from schools where id = ${source}`).toHaveLength(0);
    expect((await server.api('DELETE', `/school/v-rest/${demo.school1}`, { token: tokens.overlord })).status).toBe(409);
    const lone = await createSchool(server.db);
    expect((await server.api('DELETE', `/school/v-rest/${lone.id}`, { token: tokens.overlord })).status).toBe(200);
  });
});

describe('participating schools', () => {
  it('lists entries with learner counts; a teacher sees only their school’s', async () => {
    const res = await get(`/school-participant/v-rest/?olympiadId=${demo.geoDemo}`, 'accountant');
    expect(res.status).toBe(200);
    expect(res.body.items.find((p: { schoolId: number }) => p.schoolId === demo.school1)).toMatchObject({
      learnerCount: 1,
      status: 'learners_loaded',
    });
    const teacher = await get('/school-participant/v-rest/', 'teacher');
    expect(teacher.body.items.every((p: { schoolId: number }) => p.schoolId === demo.school1)).toBe(true);
    const other = res.body.items.find((p: { schoolId: number }) => p.schoolId === demo.school2);
    expect((await get(`/school-participant/v-rest/${other.id}`, 'teacher')).status).toBe(404);
    expect((await get(`/participant/v-rest/?customerParticipantId=${other.id}`, 'teacher')).status).toBe(404);
    const learners = await get(`/participant/v-rest/?customerParticipantId=${other.id}`, 'admin');
    expect(learners.body.items.map((l: { username: string }) => l.username)).toEqual(['learner2']);
    const [foreign] = await server.query<{
      id: number;
    }>`select id from school_participants where school_id = ${otherSchool.id}`;
    expect((await get(`/school-participant/v-rest/${foreign!.id}`, 'admin')).status).toBe(404);
  });

  it('carries what the caller may do: the list whether they enter schools, each entry whether they change it', async () => {
    const admin = await get(`/school-participant/v-rest/?olympiadId=${demo.geoDemo}`, 'admin');
    expect(admin.body.can).toEqual({ enter: true });
    expect(admin.body.items[0].can).toEqual({ update: true, delete: true });
    for (const who of ['accountant', 'teacher']) {
      const res = await get(`/school-participant/v-rest/?olympiadId=${demo.geoDemo}`, who);
      expect(res.body.can, who).toEqual({ enter: false });
      expect(res.body.items[0].can, who).toEqual({ update: false, delete: false });
    }
  });

  it('an admin enters a school and sets the status; a teacher enters their own school', async () => {
    const school = await createSchool(server.db);
    const res = await server.api('POST', '/school-participant/v-rest/', {
      token: tokens.admin,
      body: { olympiadId: demo.geoDemo, schoolId: school.id },
    });
    expect(res.status).toBe(200);
    expect(
      (
        await server.api('POST', '/school-participant/v-rest/', {
          token: tokens.admin,
          body: { olympiadId: otherOlympiad.id, schoolId: school.id },
        })
      ).status,
    ).toBe(404);
    const put = await server.api('PUT', `/school-participant/v-rest/${res.body.participant.id}`, {
      token: tokens.admin,
      body: { status: 'withdrawn' },
    });
    expect(put.body.participant.status).toBe('withdrawn');
    expect(
      (await server.api('DELETE', `/school-participant/v-rest/${res.body.participant.id}`, { token: tokens.admin }))
        .status,
    ).toBe(200);

    const history = await server.query<{ id: number }>`select id from olympiads where var_name like 'history-%'`;
    const entered = await server.api('POST', '/teacher-expression/rest/', {
      token: tokens.teacher,
      body: { olympiadId: history[0]!.id },
    });
    expect(entered.status).toBe(200);
    expect(entered.body.participant).toMatchObject({ schoolId: demo.school1, status: 'entered' });
    const portal = await get('/api/portal/olympiads', 'teacher');
    expect(portal.body.items.find((o: { id: number }) => o.id === history[0]!.id).participant).not.toBeNull();
    expect((await get('/api/portal/olympiads/geo-demo', 'teacher')).body.olympiad.participant.learnerCount).toBe(1);
    expect((await get('/api/portal/olympiads/geo-demo', 'admin')).status).toBe(403);
  });

  it('the portal tells a teacher what entering costs: the fee per learner, its VAT, payment before writing', async () => {
    expect((await get('/api/portal/olympiads')).status).toBe(401);
    expect((await get('/api/portal/olympiads', 'learner')).status).toBe(403);
    const [geo] = await server.query<{ fee_cents: number; vat_rate_bp: number }>`
      select o.fee_cents, a.vat_rate_bp from olympiads o join accounts a on a.id = o.account_id where o.id = ${demo.geoDemo}`;
    const page = await get('/api/portal/olympiads/geo-demo', 'teacher');
    expect(page.status).toBe(200);
    expect(page.body.olympiad.fee).toEqual({ cents: geo!.fee_cents, currency: 'ZAR', vatRateBp: geo!.vat_rate_bp });
    expect(page.body.olympiad.paymentRequired).toBe(false);

    // An olympiad without an account charges no VAT; one with payment before writing says so.
    const [afrikaans] = await server.query<{ id: number }>`select id from olympiads where var_name like 'afrikaans-%'`;
    await server.query`update olympiads set fee_cents = 4250, payment_required = true where id = ${afrikaans!.id}`;
    const list = await get('/api/portal/olympiads', 'teacher');
    const offered = list.body.items.find((o: { id: number }) => o.id === afrikaans!.id);
    expect(offered).toMatchObject({
      participant: null,
      fee: { cents: 4250, currency: 'ZAR', vatRateBp: 0 },
      paymentRequired: true,
    });
  });
});
