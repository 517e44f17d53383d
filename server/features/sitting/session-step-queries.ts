import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { IdRow, type Queryable, preparedRows } from '../../db/client.js';
import { AttemptRow } from './attempt-queries.js';
import { admittedNow, sessionLearner, writingOpenNow } from './learner-session.js';

/*
 * The arrival steps in one statement each, with the session (decisions 041 and 049): each does its step only
 * when the bearer session is a learner's of this olympiad (learner-session.ts) and every rule holds (the
 * learner admitted from the waiting room, the attempt unfinished and at this step, the window open and no
 * payment gate), and otherwise changes nothing and answers null, so the route runs the ordinary way, which
 * answers the precise refusal. They may only say yes where the ordinary path would.
 */

export async function acceptDeclarationForSession(q: Queryable, tokenHash: string, olympiadId: number) {
  const done = await preparedRows(
    q,
    'sitting.declaration-for-session',
    IdRow,
    sql`
    with me as (${sessionLearner(tokenHash, olympiadId)})
    insert into attempts as a (olympiad_id, user_id, declaration_accepted_at)
    select me.olympiad_id, me.user_id, now() from me join olympiads o on o.id = me.olympiad_id
    where ${writingOpenNow} and ${admittedNow}
    on conflict (olympiad_id, user_id) do update
      set declaration_accepted_at = coalesce(a.declaration_accepted_at, now())
      where a.finished_at is null and a.started_at is null
    returning a.id`,
  );
  return done.length === 1;
}

/** Whether a fresh PIN replaced one shown before. */
const ReplacedRow = z.object({ replaced: z.boolean() });

/** Stores a fresh PIN's hash; null when a rule does not hold, else whether it replaced one shown before. */
export async function issuePinForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
  pinHash: string,
): Promise<{ replaced: boolean } | null> {
  const [row] = await preparedRows(
    q,
    'sitting.pin-for-session',
    ReplacedRow,
    sql`
    with me as (${sessionLearner(tokenHash, olympiadId)}), old as (
      select a.id, a.recovery_pin_hash
      from attempts a join me on a.olympiad_id = me.olympiad_id and a.user_id = me.user_id
           join olympiads o on o.id = me.olympiad_id
      where a.declaration_accepted_at is not null and a.pin_issued_at is null and a.finished_at is null
        and a.started_at is null and ${writingOpenNow} and ${admittedNow}
      for update of a
    )
    update attempts a set recovery_pin_hash = ${pinHash} from old where a.id = old.id
    returning old.recovery_pin_hash is not null as replaced`,
  );
  return row ?? null;
}

/**
 * "I have written it down", when the PIN's hash is the one stored: `pinHash` is the PIN hashed as the issuing
 * fast path hashed it in this session (fast-steps.ts, `sessionPinSalt`), so a PIN shown in another session, a PIN
 * replaced since, or a wrong one changes nothing here.
 */
export async function confirmPinForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
  pinHash: string,
): Promise<boolean> {
  const done = await preparedRows(
    q,
    'sitting.pin-confirm-for-session',
    IdRow,
    sql`
    with me as (${sessionLearner(tokenHash, olympiadId)})
    update attempts a set pin_issued_at = now()
    from me
    where a.olympiad_id = me.olympiad_id and a.user_id = me.user_id and a.recovery_pin_hash = ${pinHash}
      and a.pin_issued_at is null and a.finished_at is null and a.started_at is null and ${admittedNow}
    returning a.id`,
  );
  return done.length === 1;
}

export async function confirmDetailsForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
  details: { firstName: string; lastName: string; grade: number },
): Promise<boolean> {
  const done = await preparedRows(
    q,
    'sitting.details-for-session',
    IdRow,
    sql`
    with me as (${sessionLearner(tokenHash, olympiadId)}), a as (
      update attempts a set details_confirmed_at = now()
      from me join olympiads o on o.id = me.olympiad_id
      where a.olympiad_id = me.olympiad_id and a.user_id = me.user_id and a.pin_issued_at is not null
        and a.started_at is null and a.finished_at is null and ${writingOpenNow} and ${admittedNow}
      returning a.id, a.user_id
    ), u as (
      update users set first_name = ${details.firstName}, last_name = ${details.lastName}, grade = ${details.grade},
                       updated_at = now()
      where id = (select user_id from a) returning id
    )
    select a.id from a cross join u`,
  );
  return done.length === 1;
}

/** The first paper call starts the timer (as startAttempt); null when a rule does not hold or it started before. */
export async function startAttemptForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
): Promise<AttemptRow | null> {
  const [row] = await preparedRows(
    q,
    'sitting.start-for-session',
    AttemptRow,
    sql`
    with me as (${sessionLearner(tokenHash, olympiadId)})
    update attempts a
    set started_at = now(),
        deadline_at = least(now() + make_interval(mins => o.duration_minutes),
                            coalesce(o.ends_at, 'infinity'::timestamptz))
                      + make_interval(mins => a.extra_minutes)
    from me join olympiads o on o.id = me.olympiad_id
    where a.olympiad_id = me.olympiad_id and a.user_id = me.user_id and a.started_at is null and a.finished_at is null
      and a.declaration_accepted_at is not null and a.pin_issued_at is not null and a.details_confirmed_at is not null
      and ${writingOpenNow} and ${admittedNow}
    returning a.*, (a.finished_at is null and a.deadline_at is not null and a.deadline_at <= now()) as overdue`,
  );
  return row ?? null;
}

/** A locked attempt: whether it has finished, or run past its deadline. */
const LockedAttempt = AttemptRow.pick({ id: true, olympiadId: true, finishedAt: true, overdue: true });
type LockedAttempt = z.infer<typeof LockedAttempt>;

/**
 * The bearer session's started attempt, locked for this transaction (the finish's fast path): its id and whether
 * it has finished or run past its deadline. None when the session is not a learner's of this olympiad or the
 * attempt has not started.
 */
export async function lockStartedAttemptForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
): Promise<LockedAttempt | null> {
  const [row] = await preparedRows(
    q,
    'sitting.lock-started-for-session',
    LockedAttempt,
    sql`
    with me as (${sessionLearner(tokenHash, olympiadId)})
    select a.id, a.olympiad_id, a.finished_at,
           (a.finished_at is null and a.deadline_at is not null and a.deadline_at <= now()) as overdue
    from me join attempts a on a.olympiad_id = me.olympiad_id and a.user_id = me.user_id
    where a.started_at is not null
    for update of a`,
  );
  return row ?? null;
}
