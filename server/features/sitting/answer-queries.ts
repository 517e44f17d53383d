import { type SQL, sql } from 'drizzle-orm';
import type { AnswerValue } from '#contract/questions';
import { type Queryable, preparedRows, rows } from '../../db/client.js';
import { actorLearner, sessionLearner } from './learner-session.js';

/** SQL of the answers: exam day's hot path (decision 019). */

export interface AnswerRow {
  attempt_id: number;
  question_id: number;
  value: AnswerValue;
  flagged: boolean;
  saved_at: Date;
  marks_awarded: number | null;
}

export async function answersOf(q: Queryable, attemptId: number): Promise<AnswerRow[]> {
  return rows<AnswerRow>(q, sql`select * from answers where attempt_id = ${attemptId} order by question_id`);
}

export interface SaveInput {
  olympiadId: number;
  questionId: number;
  value: AnswerValue;
  flagged: boolean;
  position: { moduleIndex: number; questionIndex: number } | null;
  ip: string;
}

/**
 * THE HOT PATH: one statement saves an answer, and only while the attempt is started, unfinished and
 * before its deadline (the question was checked against the olympiad's paper before). Updating the attempt
 * row first (heartbeat and position) takes its row lock, so a concurrent
 * finish either sees this answer committed or makes this statement save nothing: an acknowledged answer
 * is always a committed, counted answer.
 *
 * The attempt is found by its key (olympiad, learner) alone: its state is one `coalesce(…)` expression, which no
 * partial index's predicate can be proved from, so the sweep's index of running attempts (`attempts_overdue_idx`) is
 * never a candidate. On a table the planner has no statistics for yet (a new database on its first exam day) that
 * index looked cheaper, and every save read every running attempt (decision 056). The expression is checked again
 * on the row's newest version when a finish got there first, as the separate conditions were.
 */
export const saveAnswerFor = (writer: SQL, input: SaveInput) => sql`
    with w as (${writer}), a as (
      update attempts
      set last_seen_at = now(),
          position = coalesce(${input.position ? JSON.stringify(input.position) : null}::jsonb, position),
          ip_changes = ip_changes + (case when last_ip is not null and last_ip <> ${input.ip} then 1 else 0 end),
          last_ip = ${input.ip}
      where olympiad_id = ${input.olympiadId} and user_id = (select user_id from w)
        and coalesce(started_at is not null and finished_at is null and deadline_at > now(), false)
      returning id, deadline_at
    ), ins as (
      insert into answers (attempt_id, question_id, value, flagged, saved_at)
      select a.id, ${input.questionId}, ${JSON.stringify(input.value)}::jsonb, ${input.flagged}, now() from a
      on conflict (attempt_id, question_id) do update
        set value = excluded.value, flagged = excluded.flagged, saved_at = excluded.saved_at
      returning saved_at
    )
    select ins.saved_at, a.deadline_at from ins cross join a`;

/** Saves an answer of a running attempt; null when the attempt is not running (not started, finished, overdue). */
export async function saveAnswer(
  q: Queryable,
  input: SaveInput & { userId: number },
): Promise<{ saved_at: Date; deadline_at: Date } | null> {
  const [row] = await preparedRows<{ saved_at: Date; deadline_at: Date }>(
    q,
    'sitting.save-answer',
    saveAnswerFor(actorLearner(input.userId, input.olympiadId), input),
  );
  return row ?? null;
}

/**
 * The same save in one round trip with the session check (decision 019): the bearer session's learner of this
 * olympiad (learner-session.ts). Null when there is none, or the attempt's state does not hold; nothing is
 * written then.
 */
export async function saveAnswerForSession(
  q: Queryable,
  input: SaveInput & { tokenHash: string },
): Promise<{ saved_at: Date; deadline_at: Date } | null> {
  const [row] = await preparedRows<{ saved_at: Date; deadline_at: Date }>(
    q,
    'sitting.save-answer-for-session',
    saveAnswerFor(sessionLearner(input.tokenHash, input.olympiadId), input),
  );
  return row ?? null;
}
