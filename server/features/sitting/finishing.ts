import type { FastifyBaseLogger } from 'fastify';
import type { AnswerValue } from '#contract/questions';
import type { Db, Queryable } from '../../db/client.js';
import { nextTurn } from '../../platform/turns.js';
import { type AttemptRow, attemptOf } from './attempt-queries.js';
import { markAttempt } from './marking.js';
import * as queries from './marking-queries.js';
import type { FinishReason } from './marking-queries.js';

/**
 * Marks the given attempts of one olympiad and stores per-question, per-module and total marks; with `close`, finishes
 * them in the same statement (they must be locked and unfinished: `lockUnfinished`, `lockOverdue`). Answers each
 * attempt's id and finish time. Each chunk is two round trips: read (keys and answers), then store.
 */
export async function markAttempts(
  q: Queryable,
  olympiadId: number,
  attemptIds: number[],
  close: FinishReason | null = null,
): Promise<Array<{ id: number; finishedAt: Date | null }>> {
  const stored: Array<{ id: number; finishedAt: Date | null }> = [];
  const CHUNK = 500;
  for (let i = 0; i < attemptIds.length; i += CHUNK) {
    const ids = attemptIds.slice(i, i + CHUNK);
    const input = await queries.markingInput(q, olympiadId, ids);
    const questions = input.questions.map((r) => ({
      id: r.id,
      moduleId: r.module_id,
      marks: r.marks,
      answerKey: r.answer_key,
    }));
    const byAttempt = new Map<number, Map<number, AnswerValue>>(ids.map((id) => [id, new Map()]));
    for (const a of input.answers) byAttempt.get(a.attempt_id)?.set(a.question_id, a.value);
    const answerMarks: Array<{ a: number; q: number; m: number | null }> = [];
    const attemptMarks: Array<{ id: number; score: number; max: number; ms: unknown }> = [];
    for (const [attemptId, answers] of byAttempt) {
      const marked = markAttempt(questions, answers);
      for (const questionId of answers.keys()) {
        answerMarks.push({ a: attemptId, q: questionId, m: marked.perQuestion.get(questionId) ?? null });
      }
      attemptMarks.push({ id: attemptId, score: marked.score, max: marked.maxScore, ms: marked.moduleScores });
    }
    stored.push(...(await queries.storeMarks(q, answerMarks, attemptMarks, close)));
  }
  return stored;
}

/**
 * Finishes attempts and marks them in one transaction: lock the unfinished ones, read, close and mark (decision 061).
 * Answers the attempts it finished, with their finish times.
 */
export async function finishAttempts(
  db: Db,
  attemptIds: number[],
  reason: FinishReason,
): Promise<Array<{ id: number; finishedAt: Date | null }>> {
  return db.transaction(async (tx) =>
    finishLocked(tx, await queries.lockUnfinished(tx, attemptIds, reason === 'time_up'), reason),
  );
}

/** Closes and marks attempts this transaction has locked, an olympiad at a time. */
export async function finishLocked(
  tx: Queryable,
  locked: Array<{ id: number; olympiadId: number }>,
  reason: FinishReason,
): Promise<Array<{ id: number; finishedAt: Date | null }>> {
  const byOlympiad = new Map<number, number[]>();
  for (const c of locked) byOlympiad.set(c.olympiadId, [...(byOlympiad.get(c.olympiadId) ?? []), c.id]);
  const finished: Array<{ id: number; finishedAt: Date | null }> = [];
  for (const [olympiadId, ids] of byOlympiad) finished.push(...(await markAttempts(tx, olympiadId, ids, reason)));
  return finished;
}

/**
 * The sweep: finishes and marks overdue attempts, a batch at a time. `FOR UPDATE SKIP LOCKED` lets several
 * server processes sweep side by side without finishing an attempt twice.
 */
export async function sweepOverdue(
  db: Queryable,
  options: { olympiadId?: number; batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 200;
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const locked = await queries.lockOverdue(tx, batch, options.olympiadId ?? null);
      const closed = await finishLocked(tx, locked, 'time_up');
      return { locked: locked.length, closed: closed.length };
    });
    total += done.closed;
    await nextTurn(); // many batches (a window closing on thousands unfinished) must not hold PGlite's process
    if (done.locked < batch) return total;
  }
}

/** Starts the periodic sweep (unref'd, so it never holds the process open); answers a stop function. */
export function startSweep(deps: { db: Db; log: FastifyBaseLogger }, seconds: number): () => void {
  if (seconds <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOverdue(deps.db)
      .then((n) => {
        if (n > 0) deps.log.info({ finished: n }, 'sitting sweep finished overdue attempts');
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'sitting sweep failed; it runs again on the next tick'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** An attempt past its deadline is finished on the spot (lazily), before anyone reads it. */
export async function settle(db: Db, attempt: AttemptRow | null): Promise<AttemptRow | null> {
  if (!attempt?.overdue) return attempt;
  await finishAttempts(db, [attempt.id], 'time_up');
  return attemptOf(db, attempt.olympiadId, attempt.userId);
}
