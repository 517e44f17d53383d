import { sql } from 'drizzle-orm';
import type { AnswerValue } from '#contract/questions';
import { type Queryable, intArray, rows } from '../../db/client.js';

/* SQL of finishing and marking. */

/** Closes attempts (only unfinished ones; with `overdueOnly`, only those past their deadline). */
export async function closeAttempts(
  q: Queryable,
  attemptIds: number[],
  reason: 'submitted' | 'time_up' | 'admin',
  overdueOnly = false,
): Promise<Array<{ id: number; olympiad_id: number }>> {
  if (attemptIds.length === 0) return [];
  return rows(
    q,
    sql`
    update attempts set finished_at = case when ${reason} = 'time_up' then least(now(), deadline_at) else now() end,
                        finish_reason = ${reason}
    where id = any(${intArray(attemptIds)})
      and finished_at is null
      and (${overdueOnly} = false or deadline_at <= now())
    returning id, olympiad_id`,
  );
}

/** Overdue attempts, locked for this transaction and skipped by every other process's sweep. */
export async function lockOverdue(q: Queryable, limit: number, olympiadId: number | null = null) {
  return rows<{ id: number; olympiad_id: number }>(
    q,
    sql`
    select id, olympiad_id from attempts
    where finished_at is null and deadline_at is not null and deadline_at <= now()
      and (${olympiadId}::int is null or olympiad_id = ${olympiadId}::int)
    order by deadline_at
    limit ${limit}
    for update skip locked`,
  );
}

export async function finishedAttemptIds(q: Queryable, olympiadId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    q,
    sql`
    select id from attempts where olympiad_id = ${olympiadId} and finished_at is not null order by id`,
  );
  return found.map((r) => r.id);
}

export async function answersOfAttempts(q: Queryable, attemptIds: number[]) {
  return rows<{ attempt_id: number; question_id: number; value: AnswerValue }>(
    q,
    sql`
    select attempt_id, question_id, value from answers where attempt_id = any(${intArray(attemptIds)})`,
  );
}

export async function storeMarks(
  q: Queryable,
  answerMarks: Array<{ a: number; q: number; m: number | null }>,
  attemptMarks: Array<{ id: number; score: number; max: number; ms: unknown }>,
) {
  if (answerMarks.length > 0) {
    await q.execute(sql`
      update answers an set marks_awarded = v.m
      from jsonb_to_recordset(${JSON.stringify(answerMarks)}::jsonb) as v(a int, q int, m real)
      where an.attempt_id = any(${intArray([...new Set(answerMarks.map((m) => m.a))])})
        and an.attempt_id = v.a and an.question_id = v.q`);
  }
  if (attemptMarks.length > 0) {
    await q.execute(sql`
      update attempts t set score = v.score, max_score = v.max, module_scores = v.ms, marked_at = now()
      from jsonb_to_recordset(${JSON.stringify(attemptMarks)}::jsonb) as v(id int, score real, max real, ms jsonb)
      where t.id = any(${intArray(attemptMarks.map((m) => m.id))}) and t.id = v.id`);
  }
}
