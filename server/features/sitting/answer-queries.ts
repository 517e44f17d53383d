import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { AnswerValue } from '#contract/questions';
import { type Queryable, preparedRows, rows } from '../../db/client.js';
import { answers, attempts } from '../../db/schema/index.js';
import { actorLearner, sessionLearner, sessionOfLearner } from './learner-session.js';

/** SQL of the answers: exam day's hot path (decision 019). */

/** An answer as `select *` reads it. */
const AnswerRow = createSelectSchema(answers);
export type AnswerRow = z.infer<typeof AnswerRow>;

export async function answersOf(q: Queryable, attemptId: number): Promise<AnswerRow[]> {
  return rows(q, AnswerRow, sql`select * from answers where attempt_id = ${attemptId} order by question_id`);
}

export interface SaveInput {
  olympiadId: number;
  questionId: number;
  value: AnswerValue;
  flagged: boolean;
  position: { moduleIndex: number; questionIndex: number } | null;
  ip: string;
  /** When the learner gave it, on the server's clock (an ISO time); absent or null: now (decision 087). */
  givenAt?: string | null;
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
 *
 * The later given answer wins (decision 087): the attempt's update answers when this one was given (`givenTime`), and
 * the upsert keeps a stored answer given later (`laterGivenWins`), answering it as kept. Both in the same statement:
 * a device's answer given offline costs no round trip more than one given now.
 */
export const saveAnswerFor = (writer: SQL, input: SaveInput) => sql`
    with w as (${writer}), a as (
      update attempts t
      set ${touched(sql`${input.position ? JSON.stringify(input.position) : null}::jsonb`, sql`${input.ip}`)}
      where t.olympiad_id = ${input.olympiadId} and t.user_id = (select user_id from w) and ${running}
      returning t.id, t.deadline_at, ${givenTime(sql`${input.givenAt ?? null}::timestamptz`)} as given_at
    ), ins as (
      insert into answers (attempt_id, question_id, value, flagged, saved_at, given_at)
      select a.id, ${input.questionId}, ${JSON.stringify(input.value)}::jsonb, ${input.flagged}, now(), a.given_at
      from a
      ${laterGivenWins}
    )
    select ${savedColumns} from ins cross join a`;

/** The attempt `t` is running: started, unfinished, before its deadline (one expression: see `saveAnswerFor`). */
const running = sql.raw(
  `coalesce(t.started_at is not null and t.finished_at is null and t.deadline_at > now(), false)`,
);

/** What a save writes on its attempt `t`: the heartbeat, the position (when given) and a changed IP. */
const touched = (position: SQL, ip: SQL) => sql`last_seen_at = now(),
          position = coalesce(${position}, t.position),
          ip_changes = t.ip_changes + (case when t.last_ip is not null and t.last_ip <> ${ip} then 1 else 0 end),
          last_ip = ${ip}`;

/**
 * When a running attempt `t`'s answer was given: the time the device sent (`given`, null: now), never later than now
 * (a device's clock ahead) nor earlier than the start (a device's clock behind: such an answer loses to any the
 * server holds, and is kept when it holds none).
 */
const givenTime = (given: SQL) => sql`greatest(least(coalesce(${given}, now()), now()), t.started_at)`;

/**
 * An answer saved again replaces the one before when it was given at the same time or later; one given earlier (the
 * other device's, come back online) leaves the stored one as it is (decision 087). Rows saved before `given_at`
 * existed were given when saved. Every column is rewritten by the same rule, so the statement answers what is stored
 * either way: the caller compares its `given_at` with the save's own.
 */
const later = sql.raw(`excluded.given_at >= coalesce(answers.given_at, answers.saved_at)`);
export const laterGivenWins = sql`on conflict (attempt_id, question_id) do update
        set value = case when ${later} then excluded.value else answers.value end,
            flagged = case when ${later} then excluded.flagged else answers.flagged end,
            saved_at = case when ${later} then excluded.saved_at else answers.saved_at end,
            synced_late = case when ${later} then excluded.synced_late else answers.synced_late end,
            given_at = case when ${later} then excluded.given_at else answers.given_at end
      returning attempt_id, saved_at, coalesce(given_at, saved_at) as given_at, value, flagged`;

/** What a save answers, from `ins` (the stored answer) and `a` (the attempt, with the save's own given time). */
const savedColumns = sql.raw(
  `ins.saved_at, a.deadline_at, ins.given_at, ins.value, ins.flagged, ins.given_at > a.given_at as kept`,
);

/**
 * An answer saved: when, and the attempt's deadline then (a running attempt has one); the answer stored and when it
 * was given, and whether that is another, given later, which stays (`kept`).
 */
export const SavedAnswer = z.object({
  savedAt: createSelectSchema(answers).shape.savedAt,
  deadlineAt: createSelectSchema(attempts).shape.deadlineAt.unwrap(),
  givenAt: createSelectSchema(answers).shape.savedAt,
  value: createSelectSchema(answers).shape.value,
  flagged: createSelectSchema(answers).shape.flagged,
  kept: z.boolean(),
});
export type SavedAnswer = z.infer<typeof SavedAnswer>;

/** A batch's saved answer, by its place in the batch. */
const BatchSavedAnswer = SavedAnswer.extend({ n: z.number() });

/** Saves an answer of a running attempt; null when the attempt is not running (not started, finished, overdue). */
export async function saveAnswer(q: Queryable, input: SaveInput & { userId: number }): Promise<SavedAnswer | null> {
  const [row] = await preparedRows(
    q,
    'sitting.save-answer',
    SavedAnswer,
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
): Promise<SavedAnswer | null> {
  const [row] = await preparedRows(
    q,
    'sitting.save-answer-for-session',
    SavedAnswer,
    saveAnswerFor(sessionLearner(input.tokenHash, input.olympiadId), input),
  );
  return row ?? null;
}

/** One save of a batch: a session's answer, as `saveAnswerForSession` takes it. */
export type SessionSaveInput = SaveInput & { tokenHash: string };

/**
 * Several sessions' saves in one statement (decision 063): each save holds exactly as `saveAnswerForSession`'s would,
 * and the answer rows say which were saved, by their place in `inputs` (0-based); a save not among them saved
 * nothing. The callers give at most one save per session, so each attempt is written once.
 *
 * Each session and attempt is found by its key (`lateral … limit 1`: joined plainly, a plan made on a guess of the
 * batch's size read every session of the table for each batch). The attempts are locked in the order of
 * their keys (`w` sorted, then `l` locking row by row) before any is written, so two batches that meet on the same
 * attempts wait for each other instead of deadlocking. A save whose attempt a finish changed meanwhile is checked
 * again against the finished row, as the single statement's is, and saves nothing.
 *
 * Not a prepared statement: its plan is made afresh for each batch (a quarter of a millisecond, shared by the batch's
 * saves) from the tables' sizes now and the batch's size (the `limit`: a function's rows are otherwise guessed at
 * 100). Prepared on the morning's near-empty attempts table, its cached plan read every attempt for each batch all
 * day: a sequential scan was the cheaper plan then.
 */
export async function saveAnswersForSessions(
  q: Queryable,
  inputs: readonly SessionSaveInput[],
): Promise<Map<number, SavedAnswer>> {
  const items = JSON.stringify(
    inputs.map((input, n) => ({
      n,
      token_hash: input.tokenHash,
      olympiad_id: input.olympiadId,
      question_id: input.questionId,
      value: input.value,
      flagged: input.flagged,
      position: input.position,
      ip: input.ip,
      given_at: input.givenAt ?? null,
    })),
  );
  const saved = await rows(
    q,
    BatchSavedAnswer,
    sql`
    with i as (
      select * from jsonb_to_recordset(${items}::jsonb) as i(
        n int, token_hash text, olympiad_id int, question_id int, value jsonb, flagged boolean, position jsonb, ip text,
        given_at timestamptz)
      limit ${inputs.length}
    ), w as materialized (
      select i.n, s.user_id, i.olympiad_id
      from i cross join lateral (
        select s.user_id from sessions s where ${sessionOfLearner(sql`i.token_hash`, sql`i.olympiad_id`)} limit 1
      ) s
      order by i.olympiad_id, s.user_id
    ), l as materialized (
      select w.n, found.id
      from w cross join lateral (
        select t.id from attempts t
        where t.olympiad_id = w.olympiad_id and t.user_id = w.user_id and ${running}
        limit 1
        for update
      ) found
    ), a as (
      update attempts t
      set ${touched(sql`i.position`, sql`i.ip`)}
      from l join i on i.n = l.n
      where t.id = l.id and ${running}
      returning t.id, t.deadline_at, l.n, ${givenTime(sql`i.given_at`)} as given_at
    ), ins as (
      insert into answers (attempt_id, question_id, value, flagged, saved_at, given_at)
      select a.id, i.question_id, i.value, i.flagged, now(), a.given_at from a join i on i.n = a.n
      ${laterGivenWins}
    )
    select a.n, ${savedColumns} from ins join a on a.id = ins.attempt_id`,
  );
  return new Map(saved.map(({ n, ...row }) => [n, row]));
}
