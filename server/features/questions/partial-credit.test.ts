import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type TestServer, startTestServer } from '../../test/harness.js';

/**
 * Partial credit on the real server (decision 082): a key given points after learners answered is confirmed,
 * re-marked, and read back in part marks by the admin's views of the attempts.
 */
let server: TestServer;
let olympiadId: number;
let admin: string;
let otherAdmin: string;
let teacher: string;
let accountant: string;
let moduleId: number;
const learners: Array<{ id: number; attempt: number }> = [];

const question = {
  type: 'multiple',
  prompt: '<p>Which of these are provinces of South Africa?</p>',
  options: [
    { id: 'a', text: 'Limpopo' },
    { id: 'b', text: 'Gauteng' },
    { id: 'c', text: 'Lesotho' },
    { id: 'd', text: 'Eswatini' },
  ],
  answerKey: { type: 'multiple', correct: ['a', 'b'] },
  marks: 2,
};
const mapped = {
  ...question,
  answerKey: {
    type: 'multiple',
    correct: ['a', 'b'],
    mapping: {
      entries: [
        { response: 'a', points: 1 },
        { response: 'b', points: 1 },
        { response: 'c', points: -1 },
      ],
      defaultValue: -0.5,
      lowerBound: 0,
      upperBound: null,
    },
  },
};

beforeAll(async () => {
  server = await startTestServer();
  const o = await createOlympiad(server.db, { varName: 'credit-2026' });
  olympiadId = o.id;
  const me = await createUser(server.db, { role: 'admin', username: 'credit-admin', password: 'olympus-demo' });
  await grant(server.db, me.id, olympiadId, 'admin');
  admin = (await server.signIn('credit-admin')).accessToken.token;
  otherAdmin = (await server.signIn('admin')).accessToken.token; // the demo olympiad's admin, not this one's
  teacher = (await server.signIn('teacher')).accessToken.token;
  accountant = (await server.signIn('accountant')).accessToken.token;
  const m = await server.api('POST', '/question-module/v-rest/', { token: admin, body: { olympiadId, title: 'Maps' } });
  moduleId = m.body.module.id;
  const school = await createSchool(server.db, {});
  await enterSchool(server.db, olympiadId, school.id);
  for (let i = 0; i < 3; i++) {
    const u = await createUser(server.db, { role: 'learner', olympiadId, schoolId: school.id, grade: 10 });
    const [a] = await server.query<{ id: number }>`
      insert into attempts (olympiad_id, user_id, started_at, finished_at, deadline_at)
      values (${olympiadId}, ${u.id}, now() - interval '1 hour', now() - interval '30 minutes', now())
      returning id`;
    learners.push({ id: u.id, attempt: a!.id });
  }
});
afterAll(() => server?.close());

async function answered() {
  const q = (
    await server.api('POST', '/question/v-rest/', { token: admin, body: { questionModuleId: moduleId, ...question } })
  ).body.question as { id: number };
  const given = [['a', 'b'], ['a'], ['a', 'b', 'd']];
  for (const [i, l] of learners.entries())
    await server.query`insert into answers (attempt_id, question_id, value)
      values (${l.attempt}, ${q.id}, ${JSON.stringify({ type: 'multiple', optionIds: given[i] })}::jsonb)`;
  return q.id;
}

const marksOf = (questionId: number) =>
  server.query<{ attempt_id: number; marks_awarded: number | null }>`
    select attempt_id, marks_awarded from answers where question_id = ${questionId} order by attempt_id`;

describe('PUT /question/v-rest/{id} with partial credit', () => {
  it('401 without a token, 403 for the teacher and the accountant, 404 for another olympiad’s admin, row unchanged', async () => {
    const id = await answered();
    const before = await server.query`select answer_key, marks from questions where id = ${id}`;
    const put = (token: string | undefined) =>
      server.api('PUT', `/question/v-rest/${id}`, { token, body: { ...mapped, confirmKeyChange: true } });
    expect((await put(undefined)).status).toBe(401);
    expect((await put(teacher)).status).toBe(403);
    expect((await put(accountant)).status).toBe(403);
    const other = await put(otherAdmin);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, code: expect.any(String) });
    expect(await server.query`select answer_key, marks from questions where id = ${id}`).toEqual(before);
  });

  it('bad points are a 400 naming the field, never a 500, and store nothing', async () => {
    const id = await answered();
    const before = await server.query`select answer_key, marks from questions where id = ${id}`;
    const wrongOption = {
      ...mapped,
      answerKey: { ...mapped.answerKey, mapping: { entries: [{ response: 'z', points: 2 }] } },
    };
    const res = await server.api('PUT', `/question/v-rest/${id}`, { token: admin, body: wrongOption });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual(
      expect.objectContaining({ message: 'Give points only to this question’s options' }),
    );
    const short = await server.api('PUT', `/question/v-rest/${id}`, {
      token: admin,
      body: { ...mapped, marks: 3, confirmKeyChange: true },
    });
    expect(short.status).toBe(400);
    expect(short.body.details).toContainEqual(
      expect.objectContaining({
        message: 'The best answer scores 2 by its points; give the question 2 marks or change the points',
      }),
    );
    const notANumber = await server.api('PUT', `/question/v-rest/${id}`, {
      token: admin,
      body: { ...mapped, answerKey: { ...mapped.answerKey, mapping: { entries: [{ response: 'a', points: 'one' }] } } },
    });
    expect(notANumber.status).toBe(400);
    expect(await server.query`select answer_key, marks from questions where id = ${id}`).toEqual(before);
  });

  it('a confirmed key change stores the mapping; the re-mark gives part marks; the admin’s views read them', async () => {
    const id = await answered();
    await server.api('POST', `/olympiad/remark/${olympiadId}`, { token: admin });
    expect((await marksOf(id)).map((r) => r.marks_awarded)).toEqual([2, 0, 0]); // all or nothing

    const refused = await server.api('PUT', `/question/v-rest/${id}`, { token: admin, body: mapped });
    expect(refused.status).toBe(409);
    const saved = await server.api('PUT', `/question/v-rest/${id}`, {
      token: admin,
      body: { ...mapped, confirmKeyChange: true },
    });
    expect(saved.status).toBe(200);
    const [row] = await server.query<{ answer_key: unknown }>`select answer_key from questions where id = ${id}`;
    expect(row!.answer_key).toEqual(mapped.answerKey);

    const remark = await server.api('POST', `/olympiad/remark/${olympiadId}`, { token: admin });
    expect(remark.body).toEqual({ success: true, remarked: 3 });
    // a, b: 2; a alone: 1; a, b and d (no points: the default −0.5): 1.5
    expect((await marksOf(id)).map((r) => r.marks_awarded)).toEqual([2, 1, 1.5]);
    const submitted = await server.api('GET', `/participant/get-submitted-data/${learners[2]!.id}`, { token: admin });
    expect(submitted.status).toBe(200);
    expect(submitted.body.answers.find((a: { questionId: number }) => a.questionId === id)).toMatchObject({
      marks: 2,
      marksAwarded: 1.5,
      answerKey: mapped.answerKey,
    });
    const times = await server.api('GET', `/olympiad/start-times?olympiadId=${olympiadId}&pageSize=10`, {
      token: admin,
    });
    const listed = (times.body.items as Array<{ learnerId: number; score: number; maxScore: number }>).find(
      (r) => r.learnerId === learners[2]!.id,
    );
    const [stored] = await server.query<{ score: number; max_score: number }>`
      select score, max_score from attempts where id = ${learners[2]!.attempt}`;
    // The earlier tests' questions are still all or nothing (a, b and d: 0), this one gives 1.5 of its 2
    expect(stored).toEqual({ score: 1.5, max_score: 6 });
    expect(listed).toMatchObject({ score: stored!.score, maxScore: stored!.max_score });
  });

  it('the moderation pair view says a part-marked answer is partly right', async () => {
    const id = await answered();
    await server.api('PUT', `/question/v-rest/${id}`, { token: admin, body: { ...mapped, confirmKeyChange: true } });
    await server.api('POST', `/olympiad/remark/${olympiadId}`, { token: admin });
    const res = await server.api(
      'GET',
      `/olympiad/moderation/pair?attemptA=${learners[0]!.attempt}&attemptB=${learners[1]!.attempt}`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    const row = (res.body.questions as Array<{ questionId: number; a: unknown; b: unknown }>).find(
      (q) => q.questionId === id,
    );
    expect(row).toMatchObject({
      a: { text: 'Limpopo; Gauteng', right: true, partial: false },
      b: { text: 'Limpopo', right: true, partial: true },
    });
  });

  it('POST /olympiad/remark/{id}: 401, 403 for the teacher, 404 for another olympiad’s admin with marks unchanged', async () => {
    const id = await answered();
    await server.api('POST', `/olympiad/remark/${olympiadId}`, { token: admin });
    const before = await marksOf(id);
    expect((await server.api('POST', `/olympiad/remark/${olympiadId}`)).status).toBe(401);
    expect((await server.api('POST', `/olympiad/remark/${olympiadId}`, { token: teacher })).status).toBe(403);
    expect((await server.api('POST', `/olympiad/remark/${olympiadId}`, { token: otherAdmin })).status).toBe(404);
    expect(await marksOf(id)).toEqual(before);
  });
});
