import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;
const tokens: Record<string, string> = {};
let otherOlympiad: { id: number };
let otherSchool: { id: number };

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  for (const u of ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'teacher2'])
    tokens[u] = (await server.signIn(u)).accessToken.token;
  tokens.learner = (await server.signIn('learner1', { olympiadName: 'geo-demo' })).accessToken.token;
  otherOlympiad = await createOlympiad(server.db);
  otherSchool = await createSchool(server.db, { name: 'Other Olympiad School', town: 'Durban' });
  await enterSchool(server.db, otherOlympiad.id, otherSchool.id);
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.query`delete from throttles`;
});

const get = (path: string, who?: string) => server.api('GET', path, { token: who ? tokens[who] : null });

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
});

describe('expressions of interest', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    olympiadId: demo.geoDemo,
    schoolName: 'Hoerskool Waterkloof',
    emisNumber: '',
    province: 'Gauteng',
    town: 'pretoria',
    teacherFirstName: 'Anél',
    teacherLastName: "D'Oliveira",
    teacherEmail: 'anel@example.org',
    learnerEstimate: 120,
    ...over,
  });

  it('takes the public form, ignores the honeypot, rate-limits', async () => {
    const ok = await server.api('POST', '/website/api/eoi', { body: form() });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/Thank you/);
    const bot = await server.api('POST', '/website/api/eoi', {
      body: form({ website: 'http://spam', schoolName: 'Spam School' }),
    });
    expect(bot.status).toBe(200);
    expect(await server.query`select id from expressions_of_interest where school_name = 'Spam School'`).toHaveLength(
      0,
    );
    const bad = await server.api('POST', '/website/api/eoi', {
      body: form({ teacherEmail: 'nope', province: 'Mars' }),
    });
    expect(bad.status).toBe(400);
    for (let i = 0; i < 2; i++)
      await server.api('POST', '/website/api/eoi', { body: form({ teacherEmail: 'many@example.org' }) });
    const limited = await server.api('POST', '/website/api/eoi', { body: form({ teacherEmail: 'many@example.org' }) });
    expect(limited.status).toBe(200);
    expect(
      (await server.api('POST', '/website/api/eoi', { body: form({ teacherEmail: 'many@example.org' }) })).status,
    ).toBe(429);
  });

  it('lists, finds possible matches, processes (school linked, teacher created and mailed)', async () => {
    expect((await get('/expression-of-interest/rest/')).status).toBe(401);
    expect((await get('/expression-of-interest/rest/', 'teacher')).status).toBe(403);
    const list = await get('/expression-of-interest/rest/?status=pending&search=anel', 'funding');
    expect(list.status).toBe(200);
    const eoi = list.body.items[0];
    expect(eoi).toMatchObject({ processed: false, declined: false, status: 'pending', teacherLastName: "D'Oliveira" });
    const matches = await get(`/expression-of-interest/rest/get-possible-matches?expressionId=${eoi.id}`, 'admin');
    expect(matches.status).toBe(200);
    expect(matches.body.items[0]).toMatchObject({ schoolId: demo.school1, reasons: ['name_town'] });
    const processed = await server.api('POST', `/expression-of-interest/rest/${eoi.id}/process`, {
      token: tokens.admin,
      body: { schoolId: demo.school1 },
    });
    expect(processed.status).toBe(200);
    expect(processed.body.expression).toMatchObject({ processed: true, schoolId: demo.school1 });
    const [teacher] = await server.query<{
      school_id: number;
      password_hash: string | null;
    }>`select school_id, password_hash from users where email = 'anel@example.org'`;
    expect(teacher).toMatchObject({ school_id: demo.school1, password_hash: null });
    const [mail] = await server.query<{
      text_body: string;
    }>`select text_body from emails where to_address = 'anel@example.org' order by id desc`;
    expect(mail!.text_body).toMatch(/\/verify-email\//);
    expect(
      (await server.api('POST', `/expression-of-interest/rest/${eoi.id}/process`, { token: tokens.admin, body: {} }))
        .status,
    ).toBe(409);
    const again = await get(`/expression-of-interest/rest/get-possible-matches?expressionId=${eoi.id}`, 'admin');
    expect(again.body.items[0].reasons).toEqual(['name_town', 'teacher_email']);
  });

  it('creates a new school when asked, declines with a mailed reason, deletes; another olympiad’s EOI is 404', async () => {
    await server.api('POST', '/website/api/eoi', {
      body: form({ schoolName: 'Brand New Academy', emisNumber: '987654321', teacherEmail: 'new@example.org' }),
    });
    await server.api('POST', '/website/api/eoi', {
      body: form({ schoolName: 'Declined High', teacherEmail: 'no@example.org' }),
    });
    const [fresh] = await server.query<{
      id: number;
    }>`select id from expressions_of_interest where school_name = 'Brand New Academy'`;
    const [decl] = await server.query<{
      id: number;
    }>`select id from expressions_of_interest where school_name = 'Declined High'`;
    // Finance staff may not add a school or enter one, so not through an expression either.
    for (const who of ['accountant', 'funding']) {
      const refused = await server.api('POST', `/expression-of-interest/rest/${fresh!.id}/process`, {
        token: tokens[who],
        body: {},
      });
      expect(refused.status, who).toBe(403);
    }
    expect(await server.query`select id from schools where emis_number = '987654321'`).toHaveLength(0);
    const created = await server.api('POST', `/expression-of-interest/rest/${fresh!.id}/process`, {
      token: tokens.admin,
      body: {},
    });
    expect(created.status).toBe(200);
    expect(await server.query`select id from schools where emis_number = '987654321'`).toHaveLength(1);
    expect(
      (
        await server.api('POST', `/expression-of-interest/rest/${decl!.id}/decline`, {
          token: tokens.admin,
          body: { reason: '' },
        })
      ).status,
    ).toBe(400);
    const declined = await server.api('POST', `/expression-of-interest/rest/${decl!.id}/decline`, {
      token: tokens.admin,
      body: { reason: 'Entries closed.' },
    });
    expect(declined.body.expression).toMatchObject({ declined: true, declineReason: 'Entries closed.' });
    const [mail] = await server.query<{
      text_body: string;
    }>`select text_body from emails where to_address = 'no@example.org'`;
    expect(mail!.text_body).toContain('Entries closed.');

    const foreign = await server.api('POST', '/website/api/eoi', {
      body: form({ olympiadId: otherOlympiad.id, teacherEmail: 'far@example.org' }),
    });
    expect(foreign.status).toBe(200);
    const [far] = await server.query<{
      id: number;
    }>`select id from expressions_of_interest where teacher_email = 'far@example.org'`;
    expect(
      (await get(`/expression-of-interest/rest/get-possible-matches?expressionId=${far!.id}`, 'admin')).status,
    ).toBe(404);
    expect(
      (
        await server.api('POST', `/expression-of-interest/rest/${far!.id}/decline`, {
          token: tokens.admin,
          body: { reason: 'Nope nope' },
        })
      ).status,
    ).toBe(404);
    expect((await server.api('DELETE', `/interest/rest/${far!.id}`, { token: tokens.admin })).status).toBe(404);
    expect(
      await server.query`select id from expressions_of_interest where id = ${far!.id} and status = 'pending'`,
    ).toHaveLength(1);
    expect((await server.api('DELETE', `/interest/rest/${decl!.id}`, { token: tokens.funding })).status).toBe(403);
    expect((await server.api('DELETE', `/interest/rest/${decl!.id}`, { token: tokens.admin })).status).toBe(200);
  });

  it('processing loads the school and the teacher for what it does: nobody moves or adds through it what they could not directly', async () => {
    const farTeacher = await createUser(server.db, {
      role: 'teacher',
      schoolId: otherSchool.id,
      email: `far-${Date.now()}@other.example.org`,
    });
    const submit = async (teacherEmail: string) => {
      await server.api('POST', '/website/api/eoi', { body: form({ schoolName: 'Some School', teacherEmail }) });
      const [row] = await server.query<{ id: number }>`
        select id from expressions_of_interest where teacher_email = ${teacherEmail.toLowerCase()} order by id desc limit 1`;
      return row!.id;
    };
    const process = (id: number, body: Record<string, unknown>, who = 'admin') =>
      server.api('POST', `/expression-of-interest/rest/${id}/process`, { token: tokens[who], body });
    const unchanged = async () => {
      const [t] = await server.query<{ school_id: number }>`select school_id from users where id = ${farTeacher.id}`;
      expect(t!.school_id).toBe(otherSchool.id);
      expect(
        await server.query`select id from school_participants where school_id = ${otherSchool.id} and olympiad_id = ${demo.geoDemo}`,
      ).toHaveLength(0);
    };

    // Another olympiad's teacher named by id: 404, as PUT teacher/v-rest/{id} would answer.
    const byId = await submit(`someone-${Date.now()}@example.org`);
    expect((await process(byId, { schoolId: demo.school1, teacherId: farTeacher.id })).status).toBe(404);
    // The same teacher matched by the public form's email: refused, not moved.
    const byEmail = await submit(farTeacher.email!);
    expect((await process(byEmail, { schoolId: demo.school1 })).status).toBe(409);
    // A school of another olympiad: the admin may enter it, but not add a teacher account to it.
    const newTeacher = await submit(`newcomer-${Date.now()}@example.org`);
    expect((await process(newTeacher, { schoolId: otherSchool.id })).status).toBe(409);
    // Finance staff see and decline expressions, but entering a school is the admins'.
    expect((await process(newTeacher, { schoolId: demo.school1 }, 'funding')).status).toBe(403);
    await unchanged();
    const pending = await server.query<{ status: string }>`
      select status from expressions_of_interest where id in (${byId}, ${byEmail}, ${newTeacher})`;
    expect(pending.map((p) => p.status)).toEqual(['pending', 'pending', 'pending']);
    // The overlord may do all of it.
    expect((await process(byEmail, { schoolId: demo.school1 }, 'overlord')).status).toBe(200);
    const [moved] = await server.query<{ school_id: number }>`select school_id from users where id = ${farTeacher.id}`;
    expect(moved!.school_id).toBe(demo.school1);
  });
});

void grant;
