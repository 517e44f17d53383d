import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { type TestServer, startTestServer } from '../../test/harness.js';

let server: TestServer;
let admin: string;
let teacher: string;
let otherAdmin: string;
let olympiadId: number;
let good: number;
let broken: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.signIn('admin')).accessToken.token;
  teacher = (await server.signIn('teacher')).accessToken.token;
  const o = await createOlympiad(server.db, { varName: 'item-analysis' });
  olympiadId = o.id;
  const [a] = await server.query<{ id: number }>`select id from users where username = 'admin'`;
  await grant(server.db, a!.id, o.id, 'admin');
  admin = (await server.signIn('admin')).accessToken.token;
  const other = await createUser(server.db, { role: 'admin', username: 'other-admin', password: 'olympus-demo' });
  otherAdmin = (await server.signIn('other-admin')).accessToken.token;
  void other;
  const m = (await server.api('POST', '/question-module/v-rest/', { token: admin, body: { olympiadId, title: 'M' } }))
    .body.module.id;
  const q = (body: object) =>
    server.api('POST', '/question/v-rest/', { token: admin, body: { questionModuleId: m, marks: 1, ...body } });
  const options = [
    { id: 'a', text: 'A' },
    { id: 'b', text: 'B' },
    { id: 'c', text: 'C' },
  ];
  good = (await q({ type: 'single', prompt: 'Good item', options, answerKey: { type: 'single', correct: 'a' } })).body
    .question.id;
  broken = (await q({ type: 'single', prompt: 'Broken item', options, answerKey: { type: 'single', correct: 'b' } }))
    .body.question.id;
  // Ten learners, scores 10..1: the strong ones get the good item right and pick "c" on the broken one.
  for (let i = 0; i < 10; i++) {
    const learner = await createUser(server.db, { role: 'learner', olympiadId, password: null });
    const [attempt] = await server.query<{ id: number }>`
      insert into attempts (olympiad_id, user_id, started_at, finished_at, score, max_score)
      values (${olympiadId}, ${learner.id}, now(), now(), ${10 - i}, 10) returning id`;
    const strong = i < 5;
    await server.query`insert into answers (attempt_id, question_id, value, marks_awarded)
      values (${attempt!.id}, ${good}, ${JSON.stringify({ type: 'single', optionId: strong ? 'a' : 'b' })}::jsonb, ${strong ? 1 : 0})`;
    const pick = i <= 5 ? 'c' : 'b';
    await server.query`insert into answers (attempt_id, question_id, value, marks_awarded)
      values (${attempt!.id}, ${broken}, ${JSON.stringify({ type: 'single', optionId: pick })}::jsonb, ${pick === 'b' ? 1 : 0})`;
  }
});
afterAll(() => server?.close());

describe('POST /olympiad/reports/questions-by-difficulty/{id}', () => {
  it('401, 403, 404', async () => {
    expect((await server.api('POST', `/olympiad/reports/questions-by-difficulty/${olympiadId}`)).status).toBe(401);
    expect(
      (await server.api('POST', `/olympiad/reports/questions-by-difficulty/${olympiadId}`, { token: teacher })).status,
    ).toBe(403);
    expect(
      (await server.api('POST', `/olympiad/reports/questions-by-difficulty/${olympiadId}`, { token: otherAdmin }))
        .status,
    ).toBe(404);
  });

  it('share correct, discrimination, choices and flags', async () => {
    const res = await server.api('POST', `/olympiad/reports/questions-by-difficulty/${olympiadId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ attempts: 10, groupSize: 2 });
    const [g, b] = res.body.items;
    expect(g).toMatchObject({ questionId: good, shareCorrect: 0.5, discrimination: 1, flags: [] });
    expect(g.choices).toEqual([
      { id: 'a', label: 'A', count: 5, correct: true },
      { id: 'b', label: 'B', count: 5, correct: false },
      { id: 'c', label: 'C', count: 0, correct: false },
    ]);
    expect(b).toMatchObject({ questionId: broken, shareCorrect: 0.4, discrimination: -1 });
    expect(b.flags).toEqual(expect.arrayContaining(['negative_discrimination', 'distractor_beats_key']));
  });
});
