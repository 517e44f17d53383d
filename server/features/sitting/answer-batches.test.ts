import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { tokenHash } from '../../platform/secrets.js';
import { answerSaves } from './answer-batches.js';
import type { SessionSaveInput } from './answer-queries.js';

import {
  adminActingAs,
  answerKeysNeverLeak,
  attemptRow,
  call,
  demo,
  newLearner,
  server,
  toPaper,
  untilWaitingOnLock,
  useSittingServer,
} from './testing.js';

useSittingServer();

/** A learner of geo-demo with the paper open: their session's hash and the paper's first module's questions. */
async function writing() {
  const learner = await newLearner();
  const { paper } = await toPaper(learner.token);
  const questions = paper.modules[0].questions as { id: number }[];
  return { ...learner, hash: tokenHash(server.appSecret, learner.token), questions };
}

function input(
  hash: string,
  questionId: number,
  value: SessionSaveInput['value'],
  more: Partial<SessionSaveInput> = {},
) {
  return {
    tokenHash: hash,
    olympiadId: demo.geoDemo,
    questionId,
    value,
    flagged: false,
    position: null,
    ip: '127.0.0.1',
    ...more,
  } satisfies SessionSaveInput;
}

/** A statement's time as milliseconds (PGlite's raw rows give text, PostgreSQL's a Date). */
const ms = (at: unknown) => new Date(at as string).getTime();

async function storedOf(userId: number) {
  return server.query<{ question_id: number; value: unknown; flagged: boolean }>`
    select an.question_id, an.value, an.flagged from answers an join attempts a on a.id = an.attempt_id
    where a.user_id = ${userId} order by an.question_id`;
}

describe('answer saves that arrive together (decision 063)', () => {
  it('go in one statement, each saved or refused exactly as it would be alone', async () => {
    const learners = await Promise.all([writing(), writing(), writing(), writing()]);
    const finished = await writing();
    expect((await call(finished.token, 'POST', '/api/sitting/geo-demo/finish')).status).toBe(200);
    const acting = await adminActingAs(finished.user, 'batch');
    const saves = answerSaves(server.db);

    const results = await Promise.all([
      ...learners.map((l, i) =>
        saves.save(
          input(
            l.hash,
            l.questions[0]!.id,
            { type: 'single', optionId: 'abcd'[i]! },
            {
              flagged: i === 1,
              position: { moduleIndex: 0, questionIndex: i },
              ip: `10.0.0.${i + 1}`,
            },
          ),
        ),
      ),
      saves.save(input(finished.hash, finished.questions[0]!.id, { type: 'single', optionId: 'a' })),
      saves.save(
        input(tokenHash(server.appSecret, acting.actingToken), finished.questions[1]!.id, {
          type: 'multiple',
          optionIds: ['a'],
        }),
      ),
    ]);

    expect(saves.figures()).toEqual({ statements: 1, saves: 6, batched: 6, retriedAlone: 0 });
    for (const [i, l] of learners.entries()) {
      const attempt = await attemptRow(l.user.id);
      expect(ms(results[i]!.deadlineAt)).toBe(ms(attempt!.deadline_at));
      expect(ms(results[i]!.savedAt)).toBe(ms(attempt!.last_seen_at));
      expect(await storedOf(l.user.id)).toEqual([
        { question_id: l.questions[0]!.id, value: { type: 'single', optionId: 'abcd'[i] }, flagged: i === 1 },
      ]);
      expect(attempt).toMatchObject({ position: { moduleIndex: 0, questionIndex: i }, last_ip: `10.0.0.${i + 1}` });
    }
    // the finished learner's save and the admin acting as them: nothing written
    expect(results.slice(4)).toEqual([null, null]);
    expect(await storedOf(finished.user.id)).toEqual([]);
  });

  it('keep a session’s saves in order: its second save waits for the statement of its first', async () => {
    const l = await writing();
    const saves = answerSaves(server.db);
    const [first, second] = await Promise.all([
      saves.save(input(l.hash, l.questions[0]!.id, { type: 'single', optionId: 'a' })),
      saves.save(input(l.hash, l.questions[0]!.id, { type: 'single', optionId: 'c' }, { flagged: true })),
    ]);
    expect(first).not.toBeNull();
    expect(ms(second!.savedAt)).toBeGreaterThanOrEqual(ms(first!.savedAt));
    expect(saves.figures()).toMatchObject({ statements: 2, saves: 2, batched: 0 });
    expect(await storedOf(l.user.id)).toEqual([
      { question_id: l.questions[0]!.id, value: { type: 'single', optionId: 'c' }, flagged: true },
    ]);
  });

  it('are tried one by one when their statement fails, so one bad save never costs another its answer', async () => {
    const [a, b] = await Promise.all([writing(), writing()]);
    const saves = answerSaves(server.db);
    const [good, bad] = await Promise.allSettled([
      saves.save(input(a.hash, a.questions[2]!.id, { type: 'true_false', value: true })),
      // no such question: the batch's insert fails as a whole, then this save alone
      saves.save(input(b.hash, 2_000_000_000, { type: 'true_false', value: true })),
    ]);
    expect(saves.figures()).toEqual({ statements: 3, saves: 2, batched: 2, retriedAlone: 2 });
    expect(good).toMatchObject({ status: 'fulfilled', value: { savedAt: expect.anything() } });
    expect(bad.status).toBe('rejected');
    expect(await storedOf(a.user.id)).toEqual([
      { question_id: a.questions[2]!.id, value: { type: 'true_false', value: true }, flagged: false },
    ]);
    expect(await storedOf(b.user.id)).toEqual([]);
  });

  it('through the API: learners saving at the same moment are all acknowledged and stored', async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => writing()));
    const answers = await Promise.all(
      learners.map((l) =>
        call(l.token, 'PUT', `/api/sitting/geo-demo/answers/${l.questions[3]!.id}`, {
          value: { type: 'numeric', value: l.user.id },
        }),
      ),
    );
    for (const [i, l] of learners.entries()) {
      expect(answers[i]!.status, answers[i]!.text).toBe(200);
      expect(await storedOf(l.user.id)).toEqual([
        { question_id: l.questions[3]!.id, value: { type: 'numeric', value: l.user.id }, flagged: false },
      ]);
    }
  });

  // Two transactions meet only on PostgreSQL (PGlite is one connection).
  it.skipIf(!inject('postgres'))(
    'behind a finish: the finished learner’s save writes nothing, the others in the batch are saved',
    async () => {
      const [a, b] = await Promise.all([writing(), writing()]);
      const finisher = new pg.Client({ connectionString: server.databaseUrl });
      await finisher.connect();
      try {
        await finisher.query('begin');
        await finisher.query(`update attempts set finished_at = now(), finish_reason = 'admin' where user_id = $1`, [
          a.user.id,
        ]);
        const saves = answerSaves(server.db);
        const both = Promise.all([
          saves.save(input(a.hash, a.questions[0]!.id, { type: 'single', optionId: 'b' })),
          saves.save(input(b.hash, b.questions[0]!.id, { type: 'single', optionId: 'b' })),
        ]);
        await untilWaitingOnLock(finisher, 'the batch');
        await finisher.query('commit');
        const [saveA, saveB] = await both;
        expect(saves.figures()).toMatchObject({ statements: 1, batched: 2 });
        expect(saveA).toBeNull();
        expect(saveB).not.toBeNull();
        expect(await storedOf(a.user.id)).toEqual([]);
        expect(await storedOf(b.user.id)).toHaveLength(1);
      } finally {
        await finisher.query('rollback').catch(() => undefined);
        await finisher.end();
      }
    },
  );
});

answerKeysNeverLeak();
