import type { FastifyBaseLogger } from 'fastify';
import type { AnswerValue } from '#contract/questions';
import type { Db, Queryable } from '../../db/client.js';
import { nextTurn } from '../../platform/turns.js';
import { type AttemptRow, attemptOf } from './attempt-queries.js';
import { markAttempt } from './marking.js';
import * as queries from './marking-queries.js';
import { markableQuestions } from './paper-queries.js';

/** Marks the given attempts of one olympiad and stores per-question, per-module and total marks. */
export async function markAttempts(q: Queryable, olympiadId: number, attemptIds: number[]): Promise<void> {
  if (attemptIds.length === 0) return;
  const questions = (await markableQuestions(q, olympiadId)).map((r) => ({
    id: r.id,
    moduleId: r.module_id,
    marks: r.marks,
    answerKey: r.answer_key,
  }));
  const CHUNK = 500;
  for (let i = 0; i < attemptIds.length; i += CHUNK) {
    const ids = attemptIds.slice(i, i + CHUNK);
    const byAttempt = new Map<number, Map<number, AnswerValue>>(ids.map((id) => [id, new Map()]));
    for (const a of await queries.answersOfAttempts(q, ids)) byAttempt.get(a.attempt_id)?.set(a.question_id, a.value);
    const answerMarks: Array<{ a: number; q: number; m: number | null }> = [];
    const attemptMarks: Array<{ id: number; score: number; max: number; ms: unknown }> = [];
    for (const [attemptId, answers] of byAttempt) {
      const marked = markAttempt(questions, answers);
      for (const questionId of answers.keys()) {
        answerMarks.push({ a: attemptId, q: questionId, m: marked.perQuestion.get(questionId) ?? null });
      }
      attemptMarks.push({ id: attemptId, score: marked.score, max: marked.maxScore, ms: marked.moduleScores });
    }
    await queries.storeMarks(q, answerMarks, attemptMarks);
  }
}

/**
 * Finishes attempts and marks them in one transaction. The close takes each attempt's row lock, so a
 * save in flight either committed before (and is marked) or saves nothing.
 */
export async function finishAttempts(
  db: Db,
  attemptIds: number[],
  reason: 'submitted' | 'time_up' | 'admin',
): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await queries.closeAttempts(tx, attemptIds, reason, reason === 'time_up');
    await markClosed(tx, closed);
    return closed.length;
  });
}

async function markClosed(tx: Queryable, closed: Array<{ id: number; olympiad_id: number }>) {
  const byOlympiad = new Map<number, number[]>();
  for (const c of closed) byOlympiad.set(c.olympiad_id, [...(byOlympiad.get(c.olympiad_id) ?? []), c.id]);
  for (const [olympiadId, ids] of byOlympiad) await markAttempts(tx, olympiadId, ids);
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
      const closed = await queries.closeAttempts(
        tx,
        locked.map((l) => l.id),
        'time_up',
        true,
      );
      await markClosed(tx, closed);
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
  return attemptOf(db, attempt.olympiad_id, attempt.user_id);
}
