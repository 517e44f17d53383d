import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { IdRow, type Queryable, intArray, preparedRows, rows } from '../../db/client.js';
import { answers, attempts, questions } from '../../db/schema/index.js';
import { StoredAnswerKey } from './paper-queries.js';

/* SQL of finishing and marking. A finish is three statements in one transaction: lock, read, close and mark. */

export type FinishReason = 'submitted' | 'time_up' | 'admin';

/** An attempt locked to be finished, and its olympiad. */
const AttemptOfOlympiad = createSelectSchema(attempts).pick({ id: true, olympiadId: true });

/**
 * Locks the unfinished attempts among `attemptIds` (with `overdueOnly`, only those past their deadline) for this
 * transaction, in id order. A save in flight holds its attempt's row lock until it commits, so the reads that follow
 * see its answer; a save that comes after finds the attempt closed and saves nothing.
 */
export async function lockUnfinished(
  q: Queryable,
  attemptIds: number[],
  overdueOnly: boolean,
): Promise<Array<z.infer<typeof AttemptOfOlympiad>>> {
  if (attemptIds.length === 0) return [];
  return rows(
    q,
    AttemptOfOlympiad,
    sql`
    select id, olympiad_id from attempts
    where id = any(${intArray(attemptIds)})
      and finished_at is null
      and (${overdueOnly} = false or deadline_at <= now())
    order by id
    for update`,
  );
}

/** Overdue attempts, locked for this transaction and skipped by every other process's sweep. */
export async function lockOverdue(q: Queryable, limit: number, olympiadId: number | null = null) {
  return rows(
    q,
    AttemptOfOlympiad,
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
  const found = await rows(
    q,
    IdRow,
    sql`
    select id from attempts where olympiad_id = ${olympiadId} and finished_at is not null order by id`,
  );
  return found.map((r) => r.id);
}

/**
 * What marking reads: two json lists, their objects keyed as the statement builds them (`json_build_object`).
 * `questions`: the olympiad's live questions in paper order, keys included.
 */
const MarkingInput = z.object({
  questions: z.array(
    z.object({
      id: createSelectSchema(questions).shape.id,
      module_id: createSelectSchema(questions).shape.moduleId,
      marks: createSelectSchema(questions).shape.marks,
      answer_key: StoredAnswerKey,
    }),
  ),
  answers: z.array(
    z.object({
      attempt_id: createSelectSchema(answers).shape.attemptId,
      question_id: createSelectSchema(answers).shape.questionId,
      value: createSelectSchema(answers).shape.value,
    }),
  ),
});
export type MarkingInput = z.infer<typeof MarkingInput>;

/**
 * What marking needs, in one round trip: the olympiad's live questions with their keys (marking always reads the
 * database, decision 012, never a process's copy of the paper) and the attempts' answers.
 */
export async function markingInput(q: Queryable, olympiadId: number, attemptIds: number[]): Promise<MarkingInput> {
  const [row] = await preparedRows(
    q,
    'sitting.marking-input',
    MarkingInput,
    sql`
    select
      (select coalesce(json_agg(json_build_object('id', qu.id, 'module_id', qu.module_id, 'marks', qu.marks,
                                                  'answer_key', qu.answer_key)
                                order by m.position, m.id, qu.position, qu.id), '[]'::json)
       from questions qu join question_modules m on m.id = qu.module_id
       where m.olympiad_id = ${olympiadId}::int and qu.retired_at is null) as questions,
      (select coalesce(json_agg(json_build_object('attempt_id', an.attempt_id, 'question_id', an.question_id,
                                                  'value', an.value)), '[]'::json)
       from answers an where an.attempt_id = any(${intArray(attemptIds)})) as answers`,
  );
  return row!;
}

/** How `storeMarks` closes the attempts it marks: their finish time and reason (a deadline caps a time-up). */
const closing: Record<FinishReason, SQL> = {
  submitted: sql.raw(`, finished_at = now(), finish_reason = 'submitted'`),
  admin: sql.raw(`, finished_at = now(), finish_reason = 'admin'`),
  time_up: sql.raw(`, finished_at = least(now(), t.deadline_at), finish_reason = 'time_up'`),
};

/** A marked attempt and when it finished. */
const MarkedAttempt = createSelectSchema(attempts).pick({ id: true, finishedAt: true });

/**
 * Stores marks per answer and per attempt in one statement; with `close`, the attempts are finished by the same
 * update (lock them first: `lockUnfinished`, `lockOverdue`). Answers each attempt's id and finish time.
 */
export async function storeMarks(
  q: Queryable,
  answerMarks: Array<{ a: number; q: number; m: number | null }>,
  attemptMarks: Array<{ id: number; score: number; max: number; ms: unknown }>,
  close: FinishReason | null,
): Promise<Array<z.infer<typeof MarkedAttempt>>> {
  if (attemptMarks.length === 0) return [];
  return preparedRows(
    q,
    `sitting.store-marks.${close ?? 'only'}`,
    MarkedAttempt,
    sql`
    with answer_marks as (
      update answers an set marks_awarded = v.m
      from jsonb_to_recordset(${JSON.stringify(answerMarks)}::jsonb) as v(a int, q int, m real)
      where an.attempt_id = any(${intArray([...new Set(answerMarks.map((m) => m.a))])})
        and an.attempt_id = v.a and an.question_id = v.q
    )
    update attempts t set score = v.score, max_score = v.max, module_scores = v.ms, marked_at = now()
                          ${close ? closing[close] : sql``}
    from jsonb_to_recordset(${JSON.stringify(attemptMarks)}::jsonb) as v(id int, score real, max real, ms jsonb)
    where t.id = any(${intArray(attemptMarks.map((m) => m.id))}) and t.id = v.id
    returning t.id, t.finished_at`,
  );
}
