import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, enterSchool, grant } from '../../seed/factories.js';
import type { Client } from '../../test/client.js';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * An olympiad's grade range (decision 045): set on the olympiad, offered and accepted everywhere a grade is chosen
 * for it (learners one by one and from a spreadsheet, the learner's details, the reports' and results' filters),
 * and never narrowed past a loaded learner.
 */

let server: TestServer;
let demo: DemoIds;
/** An olympiad for grades 8 to 12, with the demo teacher's school entered and the demo admin granted. */
let ranged: { id: number; varName: string };
/** Another olympiad, with an admin of its own (who must not reach `ranged`). */
let otherAdmin: Client;

const olympiadRows = 'select id, min_grade, max_grade, updated_at from olympiads order by id';
const learnerRows = "select id, first_name, last_name, grade from users where role = 'learner' order by id";
const csvOf = (rows: string[]) => Buffer.from(`First name,Surname,Grade\n${rows.join('\n')}\n`);
const learnersIn = async (olympiadId: number) =>
  server.query<{ id: number; first_name: string; grade: number }>`
    select id, first_name, grade from users where role = 'learner' and olympiad_id = ${olympiadId} order by id`;
const range = async (id: number) =>
  (
    await server.query<{ min_grade: number; max_grade: number }>`
    select min_grade, max_grade from olympiads where id = ${id}`
  )[0];

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  ranged = await createOlympiad(server.db, { varName: 'grades-test', title: 'Grades test', minGrade: 8, maxGrade: 12 });
  await enterSchool(server.db, ranged.id, demo.school1);
  await grant(server.db, demo.users.admin, ranged.id, 'admin');
  const other = await createOlympiad(server.db);
  const admin = await createUser(server.db, { role: 'admin', username: 'grades-other-admin' });
  await grant(server.db, admin.id, other.id, 'admin');
  otherAdmin = await server.as('grades-other-admin', { password: 'password-123' });
});
afterAll(() => server?.close());

describe('POST /olympiad/v-rest/ with a grade range', () => {
  const create = (body: Record<string, unknown>) => async (c: Client) => {
    const [geo] = await server.query<{ id: number }>`select id from projects where project_name = 'geography'`;
    return c.post('/olympiad/v-rest/', {
      body: { projectId: geo!.id, title: 'Seniors', year: 2030, feeCents: 0, ...body },
    });
  };

  it('401 without a token, 403 for everyone but the overlord', async () => {
    await unauthenticated(server, create({ varName: 'seniors-401' }));
    await forbiddenFor(server, ['admin', 'accountant', 'funding', 'teacher', 'learner1'], create({ varName: 'x-403' }));
  });

  it('stores the range; without one the olympiad is for every grade, 1 to 12', async () => {
    const overlord = await server.as('overlord');
    const res = await create({ varName: 'seniors', minGrade: 10, maxGrade: 12 })(overlord);
    expect(res.status).toBe(200);
    expect(res.body.olympiad).toMatchObject({ minGrade: 10, maxGrade: 12 });
    expect(await range(res.body.olympiad.id)).toEqual({ min_grade: 10, max_grade: 12 });
    const plain = await create({ varName: 'everyone' })(overlord);
    expect(await range(plain.body.olympiad.id)).toEqual({ min_grade: 1, max_grade: 12 });
  });

  it('refuses a range that ends below its start or leaves grades 1 to 12, on its field, creating nothing', async () => {
    const overlord = await server.as('overlord');
    await expectRowsUnchanged(server, olympiadRows, async () => {
      const upside = await create({ varName: 'upside', minGrade: 11, maxGrade: 9 })(overlord);
      expectError(upside, 400);
      expect(upside.body.details).toEqual([
        { path: 'body.maxGrade', message: 'The highest grade cannot be below the lowest' },
      ]);
      const beyond = await create({ varName: 'beyond', minGrade: 0, maxGrade: 13 })(overlord);
      expectError(beyond, 400);
      expect(beyond.body.details.map((d: { path: string; message: string }) => [d.path, d.message])).toEqual([
        ['body.minGrade', 'Grades go from 1 to 12'],
        ['body.maxGrade', 'Grades go from 1 to 12'],
      ]);
    });
  });
});

describe('PUT /olympiad/v-rest/{id}: the grade range', () => {
  const setRange = (id: number, body: Record<string, unknown>) => (c: Client) =>
    c.put(`/olympiad/v-rest/${id}`, { body });

  it('401 without a token, 403 for the roles that do not edit olympiads', async () => {
    await unauthenticated(server, setRange(ranged.id, { minGrade: 9 }));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], setRange(ranged.id, { minGrade: 9 }));
  });

  it('404 for another olympiad’s admin, the olympiad unchanged', async () => {
    await notFoundUnchanged(server, olympiadRows, otherAdmin, setRange(ranged.id, { minGrade: 9, maxGrade: 10 }));
  });

  it('its admin sets the range (a setting, decision 045): stored, and every form reads it', async () => {
    const res = await setRange(ranged.id, { minGrade: 7, maxGrade: 12 })(await server.as('admin'));
    expect(res.status).toBe(200);
    expect(res.body.olympiad).toMatchObject({ minGrade: 7, maxGrade: 12 });
    expect(await range(ranged.id)).toEqual({ min_grade: 7, max_grade: 12 });
    const pub = await server.anonymous().get(`/website/api/olympiad/${ranged.varName}`);
    expect(pub.body.olympiad).toMatchObject({ minGrade: 7, maxGrade: 12 });
    await setRange(ranged.id, { minGrade: 8 })(await server.as('admin'));
    expect(await range(ranged.id)).toEqual({ min_grade: 8, max_grade: 12 });
  });

  it('one end past the other stored end is refused on the field that was sent', async () => {
    const admin = await server.as('admin');
    await expectRowsUnchanged(server, olympiadRows, async () => {
      const res = await setRange(ranged.id, { minGrade: 13 })(admin);
      expectError(res, 400);
      const above = await setRange(ranged.id, { maxGrade: 7 })(admin);
      expectError(above, 400);
      expect(above.body.details).toEqual([
        { path: 'body.maxGrade', message: 'The lowest grade (8) cannot be above the highest (7)' },
      ]);
    });
  });

  it('narrowing past loaded learners is refused (409) with how many, by grade; the range stays', async () => {
    const olympiad = await createOlympiad(server.db, { minGrade: 7, maxGrade: 12 });
    await enterSchool(server.db, olympiad.id, demo.school1);
    for (const grade of [7, 7, 8, 12])
      await createUser(server.db, { role: 'learner', olympiadId: olympiad.id, schoolId: demo.school1, grade });
    const overlord = await server.as('overlord');
    const res = await expectRowsUnchanged(server, olympiadRows, () =>
      setRange(olympiad.id, { minGrade: 8, maxGrade: 11 })(overlord),
    );
    expectError(res, 409);
    expect(res.body.message).toBe(
      '3 learners are loaded outside grades 8 to 11 (2 in grade 7, 1 in grade 12): correct their grades or remove them first',
    );
    expect(res.body.details).toEqual([
      { path: 'body.minGrade', message: 'Learners loaded below this grade: 2 in grade 7' },
      { path: 'body.maxGrade', message: 'Learners loaded above this grade: 1 in grade 12' },
    ]);
    // Narrowing to what the learners need, and widening, are fine.
    expect((await setRange(olympiad.id, { maxGrade: 12, minGrade: 7 })(overlord)).status).toBe(200);
    expect((await setRange(olympiad.id, { minGrade: 1 })(overlord)).status).toBe(200);
    expect(await range(olympiad.id)).toEqual({ min_grade: 1, max_grade: 12 });
  });
});

describe('learners one by one: POST and PUT /learner/v-rest/ hold the olympiad’s grades', () => {
  it('a grade outside the range is refused on its field, nothing written; inside it is stored', async () => {
    const teacher = await server.as('teacher');
    await expectRowsUnchanged(server, learnerRows, async () => {
      const low = await teacher.post('/learner/v-rest/', {
        body: { olympiadId: ranged.id, firstName: 'Sipho', lastName: 'Dube', grade: 7 },
      });
      expectError(low, 400);
      expect(low.body.details).toEqual([{ path: 'body.grade', message: 'This olympiad is for grades 8 to 12' }]);
    });
    const ok = await teacher.post('/learner/v-rest/', {
      body: { olympiadId: ranged.id, firstName: 'Sipho', lastName: 'Dube', grade: 8 },
    });
    expect(ok.status).toBe(200);
    const id = ok.body.learner.id as number;
    expect((await learnersIn(ranged.id)).find((l) => l.id === id)).toMatchObject({ grade: 8 });

    await expectRowsUnchanged(server, learnerRows, async () => {
      const edit = await teacher.put(`/learner/v-rest/${id}`, {
        body: { firstName: 'Sipho', lastName: 'Dube', grade: 6 },
      });
      expectError(edit, 400);
      expect(edit.body.details).toEqual([{ path: 'body.grade', message: 'This olympiad is for grades 8 to 12' }]);
    });
    const edited = await teacher.put(`/learner/v-rest/${id}`, {
      body: { firstName: 'Sipho', lastName: 'Dube', grade: 11 },
    });
    expect(edited.status).toBe(200);
    expect((await learnersIn(ranged.id)).find((l) => l.id === id)).toMatchObject({ grade: 11 });
  });

  it('the admin too (the admin’s form and the same rule); another olympiad’s admin gets 404 first', async () => {
    const body = { olympiadId: ranged.id, schoolId: demo.school1, firstName: 'Ayanda', lastName: 'Mokoena', grade: 5 };
    await notFoundUnchanged(server, learnerRows, otherAdmin, (c) => c.post('/learner/v-rest/', { body }));
    await expectRowsUnchanged(server, learnerRows, async () =>
      expectError(await (await server.as('admin')).post('/learner/v-rest/', { body }), 400),
    );
  });
});

describe('POST /learner/v-rest/import and …/import/preview: a row outside the range', () => {
  const path = (p: string) => `/learner/v-rest/${p}?olympiadId=${ranged.id}`;

  it('is a clear per-row error, and nothing is saved', async () => {
    const teacher = await server.as('teacher');
    const file = csvOf(['Kea,Mahlangu,9', 'Lindi,Mahlangu,3', 'Naledi,Mahlangu,12']);
    const preview = await teacher.upload(path('import/preview'), { bytes: file, name: 'class.csv' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ total: 3, valid: 2, invalid: 1, importId: null });
    expect(preview.body.errors).toEqual([
      { row: 3, field: 'grade', message: 'This olympiad is for grades 8 to 12', value: '3' },
    ]);
    await expectRowsUnchanged(server, learnerRows, async () => {
      const refused = await teacher.upload(path('import'), { bytes: file, name: 'class.csv' });
      expectError(refused, 422);
      expect(refused.body.details).toEqual([{ path: 'rows.3.grade', message: 'This olympiad is for grades 8 to 12' }]);
    });
  });

  it('a checked import whose olympiad narrows before it starts fails whole in the worker', async () => {
    const olympiad = await createOlympiad(server.db, { minGrade: 7, maxGrade: 12 });
    await enterSchool(server.db, olympiad.id, demo.school1);
    const teacher = await server.as('teacher');
    const preview = await teacher.upload(`/learner/v-rest/import/preview?olympiadId=${olympiad.id}`, {
      bytes: csvOf(['Thabo,Nkosi,10', 'Zoë,Nkosi,7']),
      name: 'narrowed.csv',
    });
    const importId = preview.body.importId as number;
    expect(importId).toBeGreaterThan(0);
    // Nobody is loaded yet, so the range may narrow.
    expect(
      (await (await server.as('overlord')).put(`/olympiad/v-rest/${olympiad.id}`, { body: { minGrade: 8 } })).status,
    ).toBe(200);
    expect((await teacher.post(`/learner/v-rest/import/${importId}/start`)).status).toBe(202);
    let job: { status: string; message: string | null } = { status: 'queued', message: null };
    for (let i = 0; i < 200 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await teacher.get(`/learner/v-rest/import/${importId}`)).body.job;
    }
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^Row 3: .* is for grades 8 to 12, not grade 7; nothing was saved$/);
    expect(await learnersIn(olympiad.id)).toEqual([]);
  });
});

describe('PUT /api/sitting/{o}/learner-details: the learner’s grade', () => {
  it('a grade the olympiad is not for is refused on its field; the learner unchanged', async () => {
    await createUser(server.db, {
      role: 'learner',
      username: 'grades-learner',
      olympiadId: ranged.id,
      schoolId: demo.school1,
      grade: 9,
    });
    const learner = await server.as('grades-learner', { password: 'password-123', olympiadName: ranged.varName });
    await expectRowsUnchanged(server, learnerRows, async () => {
      const res = await learner.put(`/api/sitting/${ranged.varName}/learner-details`, {
        body: { firstName: 'Grace', lastName: 'Learner', grade: 6 },
      });
      expectError(res, 400);
      expect(res.body.details).toEqual([{ path: 'body.grade', message: 'This olympiad is for grades 8 to 12' }]);
    });
  });
});

describe('the grade filters of the feedback report and the ranked results', () => {
  const feedback = (grade: number) => (c: Client) =>
    c.get(`/olympiad/reports/feedback/${ranged.id}`, { query: { grade: String(grade) } });
  const ranked = (grade: number) => (c: Client) =>
    c.get(`/olympiad/results/${ranged.id}/learners`, { query: { grade: String(grade) } });

  it('401 without a token, 403 for a teacher, 404 for another olympiad’s admin', async () => {
    for (const call of [feedback(9), ranked(9)]) {
      await unauthenticated(server, call);
      await forbiddenFor(server, ['teacher', 'learner1'], call);
      expectError(await call(otherAdmin), 404);
    }
  });

  it('a grade of the olympiad filters; any other is refused on query.grade', async () => {
    const admin = await server.as('admin');
    expect((await feedback(9)(admin)).status).toBe(200);
    expect((await ranked(9)(admin)).status).toBe(200);
    for (const call of [feedback(5), ranked(5)]) {
      const res = await call(admin);
      expectError(res, 400);
      expect(res.body.details).toEqual([{ path: 'query.grade', message: 'This olympiad is for grades 8 to 12' }]);
    }
  });
});
