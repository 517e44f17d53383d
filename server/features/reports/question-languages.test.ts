import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionsByLanguageReport } from '#contract/reports';
import {
  createModule,
  createOlympiad,
  createQuestion,
  createSchool,
  enterSchool,
  grant,
} from '../../seed/factories.js';
import { type Call, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { erfc, twoProportionTest } from './language-split.js';

/**
 * Questions by language (decision 096) on rows this file creates: an olympiad offering English and Afrikaans, 60
 * finished attempts in each language (a fifth of the English ones with no language kept: the default), and three
 * questions: one answered far worse in Afrikaans, one within chance, and an anchor (no Afrikaans words of its own)
 * answered as differently as the first.
 */
let server: TestServer;
let demo: DemoIds;
let bi: { id: number };
let other: { id: number };
let onlyEn: { id: number };
const q: Record<'fault' | 'fair' | 'anchor', number> = { fault: 0, fair: 0, anchor: 0 };

const rowsRead = 'select id, language, finished_at from attempts order by id';

/** `n` learners of `language` (null: none kept), each with a finished attempt; returns the attempts' ids. */
async function attemptsIn(olympiadId: number, schoolId: number, language: 'en' | 'af' | null, n: number, tag: string) {
  const made = await server.query<{ id: number }>`
    with u as (
      insert into users (role, username, first_name, last_name, password_hash, olympiad_id, school_id, grade)
      select 'learner', ${tag} || '-' || g, 'Zoë', 'L' || g, 'x', ${olympiadId}, ${schoolId}, 10
      from generate_series(1, ${n}) g returning id)
    insert into attempts (olympiad_id, user_id, started_at, deadline_at, finished_at, language)
    select ${olympiadId}, u.id, now(), now() + interval '1 hour', now(), ${language} from u returning id`;
  return made.map((r) => r.id);
}

/** The first `right` attempts answer the question right (1 mark), the rest wrong (0). */
async function answer(questionId: number, attempts: number[], right: number) {
  for (const [i, id] of attempts.entries())
    await server.db.execute(sql`insert into answers (attempt_id, question_id, value, marks_awarded)
      values (${id}, ${questionId}, ${JSON.stringify({ type: 'single', optionId: i < right ? 'a' : 'b' })}::jsonb,
        ${i < right ? 1 : 0})`);
}

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false', JOBS_WORKER: 'false' } });
  demo = await demoIds(server);
  bi = await createOlympiad(server.db, {
    varName: 'lang-a',
    title: 'Tale',
    languages: ['en', 'af'],
    defaultLanguage: 'en',
  });
  other = await createOlympiad(server.db, { varName: 'lang-b', title: 'Other', languages: ['en', 'af'] });
  onlyEn = await createOlympiad(server.db, { varName: 'lang-c', title: 'English only', languages: ['en'] });
  await grant(server.db, demo.users.admin, bi.id, 'admin');
  await grant(server.db, demo.users.admin, onlyEn.id, 'admin');
  const school = await createSchool(server.db, { name: 'Tweetalige Hoërskool' });
  await enterSchool(server.db, bi.id, school.id);
  const m = await createModule(server.db, { olympiadId: bi.id, title: 'Kaarte' });
  for (const key of ['fault', 'fair', 'anchor'] as const)
    q[key] = (await createQuestion(server.db, { moduleId: m.id })).id;
  const af = JSON.stringify({ af: { prompt: '<p>Vraag</p>', verifiedBy: null, verifiedAt: null } });
  await server.query`update questions set translations = ${af}::jsonb where id in (${q.fault}, ${q.fair})`;
  const en = [
    ...(await attemptsIn(bi.id, school.id, 'en', 48, 'ql-en')),
    ...(await attemptsIn(bi.id, school.id, null, 12, 'ql-none')),
  ];
  const afr = await attemptsIn(bi.id, school.id, 'af', 60, 'ql-af');
  // An unfinished Afrikaans attempt counts nowhere.
  const [open] = await attemptsIn(bi.id, school.id, 'af', 1, 'ql-open');
  await server.query`update attempts set finished_at = null where id = ${open!}`;
  await answer(q.fault, en, 48); // 0.8
  await answer(q.fault, afr, 24); // 0.4
  await answer(q.fair, en, 45); // 0.75
  await answer(q.fair, afr, 40); // 0.667
  await answer(q.anchor, en, 48);
  await answer(q.anchor, afr, 24);
});
afterAll(() => server?.close());

const report = (id: number) => (c: Client) => c.get(`/olympiad/reports/questions-by-language/${id}`);

describe('the two-proportion test', () => {
  it('erfc and the test agree with hand-worked values', () => {
    expect(erfc(0)).toBeCloseTo(1, 6);
    expect(erfc(1.959964 / Math.SQRT2)).toBeCloseTo(0.05, 5);
    // 48/60 against 24/60: pooled 0.6, se √(0.6·0.4·2/60) = 0.08944, z = 4.472, p = 7.74e-6.
    const t = twoProportionTest({ correct: 48, attempts: 60 }, { correct: 24, attempts: 60 })!;
    expect(t.z).toBeCloseTo(4.472, 3);
    expect(t.p).toBeCloseTo(7.74e-6, 7);
    expect(twoProportionTest({ correct: 5, attempts: 5 }, { correct: 9, attempts: 9 })).toEqual({
      difference: 0,
      z: 0,
      p: 1,
    });
    expect(twoProportionTest({ correct: 0, attempts: 0 }, { correct: 1, attempts: 2 })).toBeNull();
  });
});

describe('GET /olympiad/reports/questions-by-language/{id}', () => {
  it('401, 403 for every role but admin and overlord, 404 for another olympiad (rows unchanged)', async () => {
    const call: Call = report(bi.id);
    await unauthenticated(server, call);
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], call);
    await notFoundUnchanged(server, rowsRead, await server.as('admin'), report(other.id));
    await notFoundUnchanged(server, rowsRead, await server.as('admin'), report(2_000_000));
  });

  it('flags the question answered worse in Afrikaans beyond chance, not the one within chance, never the anchor', async () => {
    const res = await (
      await server.as('admin')
    ).get(`/olympiad/reports/questions-by-language/${bi.id}`, {
      schema: QuestionsByLanguageReport,
    });
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({ split: true, languages: ['en', 'af'], significance: 0.01, minAttempts: 30 });
    expect(r.attempts).toEqual([
      { language: 'en', attempts: 60 },
      { language: 'af', attempts: 60 },
    ]);
    const item = (id: number) => r.items.find((i) => i.questionId === id)!;
    expect(item(q.fault)).toMatchObject({
      verdict: 'differs',
      harderIn: 'af',
      difference: 0.4,
      z: 4.472,
      languages: [
        { language: 'en', attempts: 60, correct: 48, shareCorrect: 0.8 },
        { language: 'af', attempts: 60, correct: 24, shareCorrect: 0.4 },
      ],
    });
    expect(item(q.fault).p!).toBeLessThan(0.0001);
    expect(item(q.fair)).toMatchObject({ verdict: 'within_chance', harderIn: null, difference: 0.083 });
    expect(item(q.fair).p!).toBeGreaterThan(0.3);
    expect(item(q.anchor)).toMatchObject({ verdict: 'anchor', harderIn: null, p: null, z: null, difference: 0.4 });
    expect(r.items.filter((i) => i.verdict === 'differs').map((i) => i.questionId)).toEqual([q.fault]);
  });

  it('an olympiad of one language has nothing to split', async () => {
    const res = await (
      await server.as('admin')
    ).get(`/olympiad/reports/questions-by-language/${onlyEn.id}`, {
      schema: QuestionsByLanguageReport,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ split: false, languages: ['en'], items: [] });
  });
});
