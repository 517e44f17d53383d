import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Queryable } from '../../../db/client.js';
import {
  createModule,
  createOlympiad,
  createQuestion,
  createSchool,
  createUser,
  enterSchool,
  grant,
} from '../../../seed/factories.js';
import { demoIds, startTestServer, type TestServer } from '../../../test/harness.js';

/**
 * A closed olympiad with a written paper, for the moderation tests: 30 single-choice questions (option a right,
 * b, c and d wrong), two schools of learners with independent answers from a seeded generator, and planted cases:
 * a copied pair (the same wrong answers), an honest pair (strong learners with the popular right answers), a
 * fast finisher, an attempt with many address changes, and one written from two browsers at once.
 */
export interface ModerationFixture {
  olympiadId: number;
  schoolA: number;
  schoolB: number;
  questionIds: number[];
  /** Attempt ids by role in the story. */
  copyA: number;
  copyB: number;
  honestA: number;
  honestB: number;
  fast: number;
  roaming: number;
  twoBrowsers: number;
  /** Every attempt, by learner. */
  attempts: Array<{ attemptId: number; userId: number; schoolId: number }>;
}

const QUESTIONS = 30;
const OPTIONS = ['a', 'b', 'c', 'd'];

/** A small seeded generator: the same answers every run. */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insertAttempt(
  q: Queryable,
  o: { olympiadId: number; userId: number; options: string[]; minutes: number; ipChanges?: number; at: Date },
): Promise<number> {
  const started = new Date(o.at.getTime() - o.minutes * 60_000);
  const score = o.options.filter((x) => x === 'a').length;
  const [row] = (
    (await q.execute(
      sql`insert into attempts (olympiad_id, user_id, declaration_accepted_at, details_confirmed_at, started_at,
            deadline_at, finished_at, finish_reason, score, max_score, marked_at, ip_changes, last_ip)
          values (${o.olympiadId}, ${o.userId}, ${started}, ${started}, ${started}, ${new Date(started.getTime() + 3_600_000)},
            ${o.at}, 'submitted', ${score}, ${QUESTIONS}, ${o.at}, ${o.ipChanges ?? 0}, '10.0.0.1')
          returning id`,
    )) as unknown as { rows: Array<{ id: number }> }
  ).rows;
  return row!.id;
}

async function insertAnswers(q: Queryable, attemptId: number, questionIds: number[], options: string[]) {
  const values = options.map((option, j) => ({ option, questionId: questionIds[j]! })).filter((x) => x.option !== '');
  await q.execute(
    sql`insert into answers (attempt_id, question_id, value, marks_awarded)
        select ${attemptId}, x.question_id, jsonb_build_object('type', 'single', 'optionId', x.option),
               case when x.option = 'a' then 1 else 0 end
        from jsonb_to_recordset(${JSON.stringify(values.map((v) => ({ question_id: v.questionId, option: v.option })))}::jsonb)
          as x(question_id int, option text)`,
  );
}

export async function buildModerationFixture(q: Queryable, adminUserId: number): Promise<ModerationFixture> {
  const random = generator(13);
  const olympiad = await createOlympiad(q, {
    startsAt: new Date(Date.now() - 3 * 86_400_000),
    endsAt: new Date(Date.now() - 86_400_000),
    durationMinutes: 60,
  });
  await grant(q, adminUserId, olympiad.id, 'admin');
  const module = await createModule(q, { olympiadId: olympiad.id, title: 'Maps and places' });
  const questionIds: number[] = [];
  for (let j = 0; j < QUESTIONS; j++) {
    const question = await createQuestion(q, {
      moduleId: module.id,
      position: j,
      prompt: `<p>Question ${j + 1}: which is right?</p>`,
      options: OPTIONS.map((id) => ({
        id,
        text: id === 'a' ? `Right ${j + 1}` : `Wrong ${id} ${j + 1}`,
        imageUrl: null,
      })),
    });
    questionIds.push(question.id);
  }
  const schoolA = await createSchool(q, { name: 'Hoërskool Moderasie' });
  const schoolB = await createSchool(q, { name: 'Moderation High' });
  await enterSchool(q, olympiad.id, schoolA.id);
  await enterSchool(q, olympiad.id, schoolB.id);

  const at = new Date(Date.now() - 2 * 86_400_000);
  const attempts: ModerationFixture['attempts'] = [];
  const learner = async (schoolId: number, name: string) =>
    createUser(q, {
      role: 'learner',
      olympiadId: olympiad.id,
      schoolId,
      firstName: name,
      lastName: 'Test',
      password: null,
      grade: 10,
    });
  const honestAnswers = (ability: number) =>
    Array.from({ length: QUESTIONS }, () => (random() < ability ? 'a' : OPTIONS[1 + Math.floor(random() * 3)]!));
  const add = async (
    schoolId: number,
    name: string,
    options: string[],
    extra: Partial<{ minutes: number; ipChanges: number }> = {},
  ) => {
    const user = await learner(schoolId, name);
    const minutes = extra.minutes ?? 35 + Math.floor(random() * 20);
    const attemptId = await insertAttempt(q, {
      olympiadId: olympiad.id,
      userId: user.id,
      options,
      minutes,
      at,
      ...extra,
    });
    await insertAnswers(q, attemptId, questionIds, options);
    attempts.push({ attemptId, userId: user.id, schoolId });
    return attemptId;
  };

  // 24 ordinary learners at each school, of mixed ability, answering on their own.
  for (const school of [schoolA.id, schoolB.id]) {
    for (let i = 0; i < 24; i++) await add(school, `Learner${school}x${i}`, honestAnswers(0.35 + random() * 0.5));
  }
  // The copied pair: a weak learner's paper (many wrong answers), copied by a classmate.
  const copied = honestAnswers(0.25);
  const copyA = await add(schoolA.id, 'Copy', copied);
  const copyB = await add(schoolA.id, 'Copier', [...copied]);
  // The honest pair: two strong learners of the same school, the popular right answers, their own few mistakes.
  const honestA = await add(schoolA.id, 'Honest', honestAnswers(0.9));
  const honestB = await add(schoolA.id, 'Alsohonest', honestAnswers(0.9));
  // A paper finished in five minutes, one that changed address eight times, one written from two browsers.
  const fast = await add(schoolB.id, 'Speedy', honestAnswers(0.5), { minutes: 5 });
  const roaming = await add(schoolB.id, 'Roaming', honestAnswers(0.6), { ipChanges: 8 });
  const twoBrowsers = await add(schoolB.id, 'Twobrowsers', honestAnswers(0.6));
  const user = attempts.find((x) => x.attemptId === twoBrowsers)!.userId;
  const during = new Date(at.getTime() - 20 * 60_000);
  for (const [n, agent, ip] of [
    [1, 'Mozilla/5.0 (Windows NT 10.0) Chrome/126', '196.1.1.1'],
    [2, 'Mozilla/5.0 (Linux; Android 14) Mobile Safari', '41.2.2.2'],
  ] as const) {
    await q.execute(
      sql`insert into sessions (token_hash, user_id, created_at, expires_at, ip, user_agent)
          values (${`moderation-test-${twoBrowsers}-${n}`}, ${user}, ${new Date(during.getTime() + n * 60_000)},
                  ${new Date(at.getTime() + 3_600_000)}, ${ip}, ${agent})`,
    );
  }
  return {
    olympiadId: olympiad.id,
    schoolA: schoolA.id,
    schoolB: schoolB.id,
    questionIds,
    copyA,
    copyB,
    honestA,
    honestB,
    fast,
    roaming,
    twoBrowsers,
    attempts,
  };
}

/** This file's server, its moderation fixture, and another olympiad's attempt (out of the demo admin's reach). */
export let server: TestServer;
export let fx: ModerationFixture;
export let other: { olympiadId: number; attemptId: number };

/** Starts the calling file's server (the automatic start off; jobs polled often) with the fixture built. */
export function useModerationServer(): void {
  beforeAll(async () => {
    server = await startTestServer({
      env: { SITTING_SWEEP_SECONDS: '0', JOBS_POLL_MS: '50', MAIL_SENDER: 'false' },
    });
    const demo = await demoIds(server);
    fx = await buildModerationFixture(server.db, demo.users.admin);
    const olympiad = await createOlympiad(server.db, { endsAt: new Date(Date.now() - 86_400_000) });
    const school = await createSchool(server.db);
    const user = await createUser(server.db, {
      role: 'learner',
      olympiadId: olympiad.id,
      schoolId: school.id,
      password: null,
    });
    const attemptId = await insertAttempt(server.db, {
      olympiadId: olympiad.id,
      userId: user.id,
      options: ['a', 'b'],
      minutes: 30,
      at: new Date(Date.now() - 2 * 86_400_000),
    });
    other = { olympiadId: olympiad.id, attemptId };
  });
  afterAll(() => server?.close());
}

/** Waits for the olympiad's latest computation to finish; answers its status. */
export async function waitForJob(olympiadId: number): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const [job] = await server.query<{ status: string; error: string | null }>`
      select status, error from jobs where kind = 'moderation.compute' and olympiad_id = ${olympiadId}
      order by id desc limit 1`;
    if (job && (job.status === 'done' || job.status === 'failed')) return job.error ?? job.status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The moderation job did not finish');
}

/** The roles that never moderate (403 before anything is read). */
export const notModerators = ['teacher', 'learner1', 'accountant', 'funding'] as const;
