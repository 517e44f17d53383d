import { and, eq, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { CountRow, type Queryable, intArray, rows } from '../../../db/client.js';
import { answers, attemptModerations, attempts, moderationFlags, schools, users } from '../../../db/schema/index.js';

/* SQL of one attempt's moderation: the attempt, its decision, its emptying on a reset, and the pair view. */

/** What a decision reads of an attempt and records of it before and after. */
const attemptRecord = {
  id: attempts.id,
  olympiadId: attempts.olympiadId,
  userId: attempts.userId,
  startedAt: attempts.startedAt,
  finishedAt: attempts.finishedAt,
  score: attempts.score,
  maxScore: attempts.maxScore,
  markedAt: attempts.markedAt,
  ipChanges: attempts.ipChanges,
};
export type AttemptRecord = Pick<
  typeof attempts.$inferSelect,
  'id' | 'olympiadId' | 'userId' | 'startedAt' | 'finishedAt' | 'score' | 'maxScore' | 'markedAt' | 'ipChanges'
>;

export async function findAttempt(q: Queryable, id: number): Promise<AttemptRecord | null> {
  const [row] = await q.select(attemptRecord).from(attempts).where(eq(attempts.id, id));
  return row ?? null;
}

/** The attempt's row locked for the decision (two admins deciding at once take turns). */
export async function lockAttempt(q: Queryable, id: number): Promise<AttemptRecord | null> {
  const [row] = await q.select(attemptRecord).from(attempts).where(eq(attempts.id, id)).for('update');
  return row ?? null;
}

export async function decisionOf(q: Queryable, attemptId: number) {
  const [row] = await q
    .select({
      decision: attemptModerations.decision,
      adjustedScore: attemptModerations.adjustedScore,
      reason: attemptModerations.reason,
    })
    .from(attemptModerations)
    .where(eq(attemptModerations.attemptId, attemptId));
  return row ?? null;
}

export async function saveDecision(
  q: Queryable,
  d: { attemptId: number; olympiadId: number; decision: string; adjustedScore: number | null; reason: string },
  by: number,
): Promise<void> {
  await q.execute(
    sql`insert into attempt_moderations (attempt_id, olympiad_id, decision, adjusted_score, reason, decided_by, decided_at)
        values (${d.attemptId}, ${d.olympiadId}, ${d.decision}, ${d.adjustedScore}, ${d.reason}, ${by}, now())
        on conflict (attempt_id) do update set decision = excluded.decision, adjusted_score = excluded.adjusted_score,
          reason = excluded.reason, decided_by = excluded.decided_by, decided_at = excluded.decided_at`,
  );
}

/**
 * Empties an attempt so that the learner writes again: the answers go, and the start, finish, marks, timer
 * position and address count are cleared (the declaration, details and recovery PIN stay). Answers how many
 * answers were deleted.
 */
export async function emptyAttempt(q: Queryable, attemptId: number): Promise<number> {
  const [deleted] = await rows(
    q,
    CountRow,
    sql`with gone as (delete from answers where attempt_id = ${attemptId} returning 1) select count(*)::int as n from gone`,
  );
  await q.execute(
    sql`update attempts set started_at = null, deadline_at = null, finished_at = null, finish_reason = null,
          position = null, score = null, max_score = null, module_scores = null, marked_at = null,
          ip_changes = 0, last_ip = null
        where id = ${attemptId}`,
  );
  return deleted?.n ?? 0;
}

/** An attempt of the pair view with its learner and school. */
const PairAttempt = createSelectSchema(attempts)
  .pick({ id: true, olympiadId: true, score: true, maxScore: true })
  .extend({
    ...createSelectSchema(users).pick({ firstName: true, lastName: true, username: true }).shape,
    school: createSelectSchema(schools).shape.name.nullable(),
  });

/** The two attempts of the pair view, with their learners and schools. */
export const pairAttempts = (q: Queryable, ids: number[]) =>
  rows(
    q,
    PairAttempt,
    sql`select a.id, a.olympiad_id, u.first_name, u.last_name, u.username, s.name as school, a.score, a.max_score
        from attempts a join users u on u.id = a.user_id left join schools s on s.id = u.school_id
        where a.id = any(${intArray(ids)})`,
  );

const AnswerCount = createSelectSchema(answers).pick({ questionId: true, value: true }).extend({ n: z.number() });

/** How many of the olympiad's finished learners gave each answer (by its canonical text) to each question. */
export const answerCounts = (q: Queryable, olympiadId: number, questionIds: number[]) =>
  rows(
    q,
    AnswerCount,
    sql`select an.question_id, an.value, count(*)::int as n
        from answers an join attempts a on a.id = an.attempt_id
        where a.olympiad_id = ${olympiadId} and a.finished_at is not null
          and an.question_id = any(${intArray(questionIds)})
        group by an.question_id, an.value`,
  );

export const pairFlag = (q: Queryable, low: number, high: number) =>
  q
    .select({ strength: moderationFlags.strength, evidence: moderationFlags.evidence })
    .from(moderationFlags)
    .where(
      and(
        eq(moderationFlags.attemptId, low),
        eq(moderationFlags.otherAttemptId, high),
        eq(moderationFlags.kind, 'similarity'),
      ),
    )
    .then((r) => r[0] ?? null);
