import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { AnswerValue } from '#contract/questions';
import { type Queryable, rows } from '../../db/client.js';
import { attempts } from '../../db/schema/index.js';
import { SavedAnswer, laterGivenWins } from './answer-queries.js';

/*
 * SQL of what arrives after the deadline, given before it (decision 087). Only the slow path runs it: the save's one
 * statement saved nothing, and the attempt has run out of time.
 */

/**
 * The server had lost contact with the learner of attempt `t` in the last stretch before its deadline: nothing of
 * theirs reached it in the two minutes before the deadline (the page beats every minute while it is online: two beats
 * missed), or what did reach it then was answers the device had held (given more than two minutes before they
 * arrived: a device back online, still sending what it kept when the deadline came). Only what arrived before the
 * deadline counts: nothing after it writes `last_seen_at` (a save then saves nothing, a heartbeat finds the attempt
 * finished), and late answers are saved after it, so the first of forty late saves leaves the rest as it found them.
 */
const lostContact = sql.raw(`(
        t.last_seen_at is null or t.last_seen_at < t.deadline_at - interval '2 minutes'
        or exists (
          select 1 from answers an
          where an.attempt_id = t.id
            and an.saved_at > t.deadline_at - interval '2 minutes' and an.saved_at <= t.deadline_at
            and an.given_at < an.saved_at - interval '2 minutes'))`);

/** The attempt `t` ran out of time (it is overdue, or the deadline finished it) less than `grace` minutes ago. */
const withinGrace = (graceMinutes: number) => sql`t.started_at is not null and t.deadline_at <= now()
        and now() <= t.deadline_at + make_interval(mins => ${graceMinutes}::int)
        and (t.finished_at is null or t.finish_reason = 'time_up')`;

/** An attempt that may take a late answer, locked: its olympiad, whether it is finished yet, the answer's time. */
const LateAttempt = createSelectSchema(attempts)
  .pick({ id: true, olympiadId: true, finishedAt: true })
  .extend({ deadlineAt: createSelectSchema(attempts).shape.deadlineAt.unwrap(), givenAt: SavedAnswer.shape.givenAt });

/**
 * Locks the learner's attempt for a late answer given at `givenAt`, when one counts: the attempt ran out of time
 * within the grace (unfinished or finished by the deadline, never handed in), the answer was given before the
 * deadline, and the server had lost contact with the learner. None otherwise. The lock waits for a finish or a sweep
 * in flight and checks all of it again on the row it leaves.
 */
export async function lockForLateAnswer(
  q: Queryable,
  input: { olympiadId: number; userId: number; givenAt: string; graceMinutes: number },
) {
  const [row] = await rows(
    q,
    LateAttempt,
    sql`
    select t.id, t.olympiad_id, t.finished_at, t.deadline_at,
           greatest(${input.givenAt}::timestamptz, t.started_at) as given_at
    from attempts t
    where t.olympiad_id = ${input.olympiadId} and t.user_id = ${input.userId}
      and ${withinGrace(input.graceMinutes)}
      and ${input.givenAt}::timestamptz <= t.deadline_at
      and ${lostContact}
    for update of t`,
  );
  return row ?? null;
}

/**
 * Stores a late answer of the attempt locked by `lockForLateAnswer`, marked as synced late, unless the attempt holds
 * one given later (which stays: `kept`). The save's shape, as the online save answers it.
 */
export async function storeLateAnswer(
  q: Queryable,
  input: {
    attemptId: number;
    deadlineAt: Date;
    questionId: number;
    value: AnswerValue;
    flagged: boolean;
    givenAt: Date;
  },
): Promise<SavedAnswer> {
  const [row] = await rows(
    q,
    SavedAnswer,
    sql`
    with ins as (
      insert into answers (attempt_id, question_id, value, flagged, saved_at, given_at, synced_late)
      values (${input.attemptId}, ${input.questionId}, ${JSON.stringify(input.value)}::jsonb, ${input.flagged}, now(),
              ${input.givenAt.toISOString()}::timestamptz, true)
      ${laterGivenWins}
    )
    select ins.saved_at, ${input.deadlineAt.toISOString()}::timestamptz as deadline_at, ins.given_at, ins.value,
           ins.flagged, ins.given_at > ${input.givenAt.toISOString()}::timestamptz as kept
    from ins`,
  );
  return row!;
}

const HandedIn = createSelectSchema(attempts).pick({ finishedAt: true });

/**
 * A finish given at `givenAt`, before the deadline, that arrived after it: the attempt the deadline finished (time up)
 * becomes handed in at that moment, within the grace. Marks do not change (the answers are the same); the attempt's
 * finish time, or null when it was not the deadline's to change.
 */
export async function handInLate(
  q: Queryable,
  input: { attemptId: number; givenAt: string; graceMinutes: number },
): Promise<Date | null> {
  const [row] = await rows(
    q,
    HandedIn,
    sql`
    update attempts t set finish_reason = 'submitted', finished_at = greatest(${input.givenAt}::timestamptz, t.started_at)
    where t.id = ${input.attemptId} and t.finished_at is not null and ${withinGrace(input.graceMinutes)}
      and ${input.givenAt}::timestamptz <= t.deadline_at
    returning t.finished_at`,
  );
  return row?.finishedAt ?? null;
}
