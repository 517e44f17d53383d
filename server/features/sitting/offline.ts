import type { AnswerValue } from '#contract/questions';
import type { Db, Queryable } from '../../db/client.js';
import type { SavedAnswer } from './answer-queries.js';
import { finishLocked, markAttempts } from './finishing.js';
import * as queries from './offline-queries.js';

/*
 * What a learner's device kept while the network was down, arriving after the deadline (decision 087): an answer given
 * before it counts, marked as synced late for moderation, when it arrives within OFFLINE_GRACE_MINUTES from a learner
 * the server had lost contact with; a finish given before it says when the learner handed in.
 */

/**
 * Saves an answer that arrived after the deadline, when it counts (offline-queries.ts says when), in one transaction:
 * the attempt locked, the answer stored as synced late (unless one given later stays), and the attempt marked again
 * with it: finished at the deadline if nothing had finished it yet. Null, having written nothing, when it does not
 * count; the caller then refuses it as time up.
 */
export async function saveLateAnswer(
  db: Db,
  input: {
    olympiadId: number;
    userId: number;
    questionId: number;
    value: AnswerValue;
    flagged: boolean;
    givenAt: string;
    graceMinutes: number;
  },
): Promise<SavedAnswer | null> {
  if (input.graceMinutes <= 0) return null;
  return db.transaction(async (tx) => {
    const attempt = await queries.lockForLateAnswer(tx, input);
    if (!attempt) return null;
    const saved = await queries.storeLateAnswer(tx, {
      attemptId: attempt.id,
      deadlineAt: attempt.deadlineAt,
      questionId: input.questionId,
      value: input.value,
      flagged: input.flagged,
      givenAt: attempt.givenAt,
    });
    if (!saved.kept) await markAgain(tx, attempt);
    return saved;
  });
}

/** The attempt's marks with the late answer: closed at its deadline by the same statement when it was still open. */
async function markAgain(tx: Queryable, attempt: { id: number; olympiadId: number; finishedAt: Date | null }) {
  if (attempt.finishedAt) await markAttempts(tx, attempt.olympiadId, [attempt.id]);
  else await finishLocked(tx, [attempt], 'time_up');
}

/**
 * A finish given at `givenAt` that arrived once the deadline had finished the attempt: handed in at that moment when
 * it was given before the deadline and arrived within the grace (the finish time then), else the attempt stays as the
 * deadline left it (null).
 */
export async function handInLate(
  q: Queryable,
  input: { attemptId: number; givenAt: string | undefined; graceMinutes: number },
): Promise<Date | null> {
  if (!input.givenAt || input.graceMinutes <= 0) return null;
  return queries.handInLate(q, { ...input, givenAt: input.givenAt });
}
