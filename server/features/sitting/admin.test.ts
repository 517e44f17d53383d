import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;
let adminToken: string;
let otherAdminToken: string;
let teacherToken: string;
let teacher2Token: string;
let otherOlympiadId: number;

beforeAll(async () => {
  server = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0' } });
  demo = await demoIds(server);
  adminToken = (await server.signIn('admin')).accessToken.token;
  teacherToken = (await server.signIn('teacher')).accessToken.token;
  teacher2Token = (await server.signIn('teacher2')).accessToken.token;
  const other = await createOlympiad(server.db, { varName: 'other-olympiad', open: true });
  otherOlympiadId = other.id;
  const otherAdmin = await createUser(server.db, { role: 'admin', password: demoPassword });
  await grant(server.db, otherAdmin.id, other.id, 'admin');
  otherAdminToken = (await server.signIn(otherAdmin.username)).accessToken.token;
  // teacher2's school is entered in the other olympiad too; teacher's is not
  await enterSchool(server.db, other.id, demo.school2);
});
afterAll(() => server?.close());

async function learnerAt(step: 'none' | 'writing' | 'finished', schoolId = demo.school1) {
  const user = await createUser(server.db, {
    role: 'learner',
    olympiadId: demo.geoDemo,
    schoolId,
    password: demoPassword,
    firstName: 'Zanele',
    lastName: `Learner${Date.now() % 100000}`,
    email: null,
  });
  const token = (await server.signIn(user.username, { olympiadName: 'geo-demo' })).accessToken.token;
  let paper: { modules: Array<{ questions: Array<{ id: number }> }> } | null = null;
  if (step !== 'none') {
    await server.api('POST', '/api/sitting/geo-demo/declaration', { token, body: { accept: true } });
    const { pin } = (await server.api('POST', '/api/sitting/geo-demo/recovery-pin', { token })).body;
    await server.api('POST', '/api/sitting/geo-demo/recovery-pin/confirm', { token, body: { pin } });
    await server.api('PUT', '/api/sitting/geo-demo/learner-details', {
      token,
      body: { firstName: 'Zanele', lastName: 'Dube', grade: 11 },
    });
    paper = (await server.api('GET', '/api/sitting/geo-demo/paper', { token })).body;
    const [q1, q2] = paper!.modules[0]!.questions;
    await server.api('PUT', `/api/sitting/geo-demo/answers/${q1!.id}`, {
      token,
      body: { value: { type: 'single', optionId: 'b' } },
    });
    await server.api('PUT', `/api/sitting/geo-demo/answers/${q2!.id}`, {
      token,
      body: { value: { type: 'multiple', optionIds: ['a', 'b'] } },
    });
  }
  if (step === 'finished') await server.api('POST', '/api/sitting/geo-demo/finish', { token });
  return { user, token, paper };
}

const attemptOf = async (userId: number) =>
  (await server.query<Record<string, unknown>>`select * from attempts where user_id = ${userId}`)[0] ?? null;

describe('GET /olympiad/start-times', () => {
  it('lists the olympiad’s learners with their status, paged, searchable and sortable', async () => {
    const writing = await learnerAt('writing');
    const finished = await learnerAt('finished', demo.school2);
    const res = await server.api('GET', `/olympiad/start-times?olympiadId=${demo.geoDemo}&pageSize=500`, {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((r: { learnerId: number }) => [r.learnerId, r]));
    expect(byId.get(writing.user.id)).toMatchObject({
      status: 'writing',
      schoolName: 'Hoërskool Waterkloof',
      finishedAt: null,
    });
    expect(byId.get(finished.user.id)).toMatchObject({
      status: 'finished',
      finishReason: 'submitted',
      score: 2,
      maxScore: 30,
    });
    expect(byId.get(demo.users.learner1!)).toMatchObject({ status: 'not_started', startedAt: null });
    expect(res.body.total).toBe(res.body.items.length);

    const search = await server.api(
      'GET',
      `/olympiad/start-times?olympiadId=${demo.geoDemo}&search=${finished.user.username}`,
      { token: adminToken },
    );
    expect(search.body.items.map((r: { learnerId: number }) => r.learnerId)).toEqual([finished.user.id]);
    const onlyFinished = await server.api(
      'GET',
      `/olympiad/start-times?olympiadId=${demo.geoDemo}&status=finished&sort=school&order=desc`,
      { token: adminToken },
    );
    expect(onlyFinished.body.items.every((r: { status: string }) => r.status === 'finished')).toBe(true);
    const page = await server.api(
      'GET',
      `/olympiad/start-times?olympiadId=${demo.geoDemo}&pageSize=1&page=2&sort=startedAt&order=desc`,
      { token: adminToken },
    );
    expect(page.body).toMatchObject({ page: 2, pageSize: 1 });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(4);
  });

  it('answers 404 to an admin of another olympiad, 403 to a teacher, 401 without a token, 400 on bad input', async () => {
    expect(
      (await server.api('GET', `/olympiad/start-times?olympiadId=${demo.geoDemo}`, { token: otherAdminToken })).status,
    ).toBe(404);
    expect(
      (await server.api('GET', `/olympiad/start-times?olympiadId=${demo.geoDemo}`, { token: teacherToken })).status,
    ).toBe(403);
    expect((await server.api('GET', `/olympiad/start-times?olympiadId=${demo.geoDemo}`)).status).toBe(401);
    expect((await server.api('GET', `/olympiad/start-times?olympiadId=x`, { token: adminToken })).status).toBe(400);
    expect(
      (await server.api('GET', `/olympiad/start-times?olympiadId=${demo.geoDemo}&sort=password`, { token: adminToken }))
        .status,
    ).toBe(400);
    expect((await server.api('GET', `/olympiad/start-times?olympiadId=999999`, { token: adminToken })).status).toBe(
      404,
    );
  });
});

describe('GET /api/sitting-counts', () => {
  it('counts the whole olympiad for its admin, and only their own school for a teacher', async () => {
    await learnerAt('writing', demo.school1);
    await learnerAt('finished', demo.school2);
    const all = await server.api('GET', `/api/sitting-counts?olympiadId=${demo.geoDemo}`, { token: adminToken });
    expect(all.status).toBe(200);
    const [truth] = await server.query<{ learners: number; writing: number; finished: number }>`
      select count(*)::int as learners,
             count(*) filter (where a.started_at is not null and a.finished_at is null)::int as writing,
             count(*) filter (where a.finished_at is not null)::int as finished
      from users u left join attempts a on a.user_id = u.id where u.olympiad_id = ${demo.geoDemo}`;
    expect(all.body).toEqual({
      success: true,
      notStarted: truth!.learners - truth!.writing - truth!.finished,
      writing: truth!.writing,
      finished: truth!.finished,
      activeNow: expect.any(Number),
    });
    const own = await server.api('GET', `/api/sitting-counts?olympiadId=${demo.geoDemo}`, { token: teacherToken });
    const [school] = await server.query<{ learners: number; finished: number }>`
      select count(*)::int as learners, count(a.finished_at)::int as finished
      from users u left join attempts a on a.user_id = u.id where u.olympiad_id = ${demo.geoDemo} and u.school_id = ${demo.school1}`;
    expect(own.body.notStarted + own.body.writing + own.body.finished).toBe(school!.learners);
    expect(own.body.finished).toBe(school!.finished);
    expect(own.body.notStarted + own.body.writing + own.body.finished).toBeLessThan(truth!.learners);
    // a teacher whose school is not entered, an admin of another olympiad: 404
    expect(
      (await server.api('GET', `/api/sitting-counts?olympiadId=${otherOlympiadId}`, { token: teacherToken })).status,
    ).toBe(404);
    expect(
      (await server.api('GET', `/api/sitting-counts?olympiadId=${otherOlympiadId}`, { token: teacher2Token })).status,
    ).toBe(200);
    expect(
      (await server.api('GET', `/api/sitting-counts?olympiadId=${demo.geoDemo}`, { token: otherAdminToken })).status,
    ).toBe(404);
  });
});

describe('GET /participant/reset/{a}/{b}', () => {
  it('deletes the attempt and its answers, audited, and the learner can write again', async () => {
    const { user, token } = await learnerAt('finished');
    const attempt = await attemptOf(user.id);
    const res = await server.api('GET', `/participant/reset/${demo.geoDemo}/${user.id}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(await attemptOf(user.id)).toBeNull();
    expect(await server.query`select * from answers where attempt_id = ${attempt!.id}`).toEqual([]);
    const [audit] = await server.query<{
      action: string;
      actor_id: number;
      entity_id: string;
      data: { attemptId: number };
    }>`
      select action, actor_id, entity_id, data from audit_log where action = 'attempt.reset' order by id desc limit 1`;
    expect(audit).toMatchObject({
      actor_id: demo.users.admin,
      entity_id: String(user.id),
      data: { attemptId: attempt!.id },
    });
    const state = await server.api('GET', '/api/sitting/geo-demo/state', { token });
    expect(state.body.step).toBe('instructions');
  });

  it('answers 404 with the rows unchanged for another olympiad’s admin or a learner of another olympiad', async () => {
    const { user } = await learnerAt('writing');
    const before = await attemptOf(user.id);
    expect(
      (await server.api('GET', `/participant/reset/${demo.geoDemo}/${user.id}`, { token: otherAdminToken })).status,
    ).toBe(404);
    expect(
      (await server.api('GET', `/participant/reset/${otherOlympiadId}/${user.id}`, { token: otherAdminToken })).status,
    ).toBe(404);
    expect(
      (await server.api('GET', `/participant/reset/${demo.geoDemo}/${demo.users.teacher}`, { token: adminToken }))
        .status,
    ).toBe(404);
    expect(
      (await server.api('GET', `/participant/reset/${demo.geoDemo}/${user.id}`, { token: teacherToken })).status,
    ).toBe(403);
    expect((await server.api('GET', `/participant/reset/abc/${user.id}`, { token: adminToken })).status).toBe(400);
    expect(await attemptOf(user.id)).toEqual(before);
  });
});

describe('GET /participant/get-submitted-data/{id}', () => {
  it('shows the admin the learner’s answers with marks and the key', async () => {
    const { user, paper } = await learnerAt('finished');
    const res = await server.api('GET', `/participant/get-submitted-data/${user.id}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.attempt).toMatchObject({
      status: 'finished',
      score: 2,
      maxScore: 30,
      moduleScores: [
        { score: 2, maxScore: 10 },
        { score: 0, maxScore: 8 },
        { score: 0, maxScore: 12 },
      ],
    });
    expect(res.body.answers).toHaveLength(19);
    const q1 = res.body.answers.find(
      (a: { questionId: number }) => a.questionId === paper!.modules[0]!.questions[0]!.id,
    );
    expect(q1).toMatchObject({
      value: { type: 'single', optionId: 'b' },
      marksAwarded: 2,
      answerKey: { type: 'single', correct: 'b' },
    });
    // The options come along, so that the admin reads the chosen option's text, not its id.
    expect(q1.options).toContainEqual({ id: 'b', text: 'Northern Cape' });
    const q2 = res.body.answers.find(
      (a: { questionId: number }) => a.questionId === paper!.modules[0]!.questions[1]!.id,
    );
    expect(q2).toMatchObject({ marksAwarded: 0 });
    expect(
      (await server.api('GET', `/participant/get-submitted-data/${user.id}`, { token: otherAdminToken })).status,
    ).toBe(404);
    expect(
      (await server.api('GET', `/participant/get-submitted-data/${demo.users.admin}`, { token: adminToken })).status,
    ).toBe(404);
  });
});

describe('PUT /api/sitting-extra-time/{learnerId}', () => {
  it('moves a running deadline by the granted minutes, audited; refuses another olympiad’s admin', async () => {
    const { user, token } = await learnerAt('writing');
    const before = await attemptOf(user.id);
    expect(
      (await server.api('PUT', `/api/sitting-extra-time/${user.id}`, { token: otherAdminToken, body: { minutes: 10 } }))
        .status,
    ).toBe(404);
    expect(await attemptOf(user.id)).toEqual(before);
    const res = await server.api('PUT', `/api/sitting-extra-time/${user.id}`, {
      token: adminToken,
      body: { minutes: 15 },
    });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.deadlineAt) - new Date(before!.deadline_at as string).getTime()).toBe(15 * 60_000);
    const state = await server.api('GET', '/api/sitting/geo-demo/state', { token });
    expect(state.body.attempt.deadlineAt).toBe(res.body.deadlineAt);
    const [audit] = await server.query<{ data: { from: number; to: number } }>`
      select data from audit_log where action = 'attempt.extra-time' order by id desc limit 1`;
    expect(audit!.data).toMatchObject({ from: 0, to: 15 });
    expect(
      (await server.api('PUT', `/api/sitting-extra-time/${user.id}`, { token: adminToken, body: { minutes: -5 } }))
        .status,
    ).toBe(400);
  });

  it('is kept for a learner who has not started, and applied when they start', async () => {
    const { user, token } = await learnerAt('none');
    expect(
      (await server.api('PUT', `/api/sitting-extra-time/${user.id}`, { token: adminToken, body: { minutes: 20 } }))
        .status,
    ).toBe(200);
    await server.api('POST', '/api/sitting/geo-demo/declaration', { token, body: { accept: true } });
    const { pin } = (await server.api('POST', '/api/sitting/geo-demo/recovery-pin', { token })).body;
    await server.api('POST', '/api/sitting/geo-demo/recovery-pin/confirm', { token, body: { pin } });
    await server.api('PUT', '/api/sitting/geo-demo/learner-details', {
      token,
      body: { firstName: 'A', lastName: 'B', grade: 8 },
    });
    const paper = await server.api('GET', '/api/sitting/geo-demo/paper', { token });
    expect(Date.parse(paper.body.deadlineAt) - Date.parse(paper.body.startedAt)).toBe(80 * 60_000);
  });
});

describe('POST /olympiad/remark/{id}', () => {
  it('re-marks every finished attempt after a key change, audited', async () => {
    const { user, paper } = await learnerAt('finished');
    expect((await attemptOf(user.id))!.score).toBe(2);
    const q2 = paper!.modules[0]!.questions[1]!.id;
    // the key of the multiple-choice question is "fixed" to the learner's answer
    await server.query`update questions set answer_key = ${JSON.stringify({ type: 'multiple', correct: ['b', 'a'] })}::jsonb where id = ${q2}`;
    expect((await server.api('POST', `/olympiad/remark/${demo.geoDemo}`, { token: otherAdminToken })).status).toBe(404);
    expect((await attemptOf(user.id))!.score).toBe(2);
    const res = await server.api('POST', `/olympiad/remark/${demo.geoDemo}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.remarked).toBeGreaterThanOrEqual(1);
    expect((await attemptOf(user.id))!.score).toBe(5);
    const [answer] = await server.query<{ marks_awarded: number }>`
      select an.marks_awarded from answers an join attempts a on a.id = an.attempt_id where a.user_id = ${user.id} and an.question_id = ${q2}`;
    expect(answer!.marks_awarded).toBe(3);
    const [audit] = await server.query<{
      entity_id: string;
    }>`select entity_id from audit_log where action = 'olympiad.remark' order by id desc limit 1`;
    expect(audit!.entity_id).toBe(String(demo.geoDemo));
    await server.query`update questions set answer_key = ${JSON.stringify({ type: 'multiple', correct: ['a', 'b', 'd', 'e'] })}::jsonb where id = ${q2}`;
    await server.api('POST', `/olympiad/remark/${demo.geoDemo}`, { token: adminToken });
  });
});

describe('the overlord', () => {
  it('may see any olympiad’s day', async () => {
    const overlord = (await server.signIn('overlord')).accessToken.token;
    expect(
      (await server.api('GET', `/api/sitting-counts?olympiadId=${otherOlympiadId}`, { token: overlord })).status,
    ).toBe(200);
    const school = await createSchool(server.db);
    expect(school.id).toBeGreaterThan(0);
  });
});
