import { sql } from 'drizzle-orm';
import { type Queryable, untypedPreparedRows, untypedRows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import { actorLearner, admittedNow, sessionLearner, writingOpenNow } from './learner-session.js';
import { siteTimeZone as SAST_ZONE } from '#contract/site-time';

/** SQL of a learner's attempt, step by step. Timestamps come back as Date (both drivers); ints as numbers. */

export interface AttemptRow {
  id: number;
  olympiad_id: number;
  user_id: number;
  declaration_accepted_at: Date | null;
  recovery_pin_hash: string | null;
  pin_issued_at: Date | null;
  details_confirmed_at: Date | null;
  started_at: Date | null;
  deadline_at: Date | null;
  extra_minutes: number;
  finished_at: Date | null;
  finish_reason: 'submitted' | 'time_up' | 'admin' | null;
  position: { moduleIndex: number; questionIndex: number } | null;
  score: number | null;
  max_score: number | null;
  module_scores: Array<{ moduleId: number; score: number; maxScore: number }> | null;
  last_seen_at: Date | null;
  ip_changes: number;
  feedback_at: Date | null;
  feedback_rating: number | null;
  feedback_comment: string | null;
  /** Computed: the deadline has passed and the attempt is not finished yet. */
  overdue: boolean;
}

export interface LearnerRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  grade: number | null;
  role: string;
  olympiad_id: number | null;
  school_id: number | null;
  school_name: string | null;
  /** The zone the learner reads times in: their country's (decision 039), else South African time. */
  time_zone: string;
}

export async function learnerById(q: Queryable, userId: number): Promise<LearnerRow | null> {
  const [row] = await untypedRows<LearnerRow>(
    q,
    sql`
    select u.id, u.username, u.first_name, u.last_name, u.grade, u.role, u.olympiad_id, u.school_id, s.name as school_name,
           coalesce(c.time_zone, ${SAST_ZONE}) as time_zone
    from users u left join schools s on s.id = u.school_id left join countries c on c.id = s.country_id
    where u.id = ${userId}`,
  );
  return row ?? null;
}

const attemptColumns = sql.raw(
  `*, (finished_at is null and deadline_at is not null and deadline_at <= now()) as overdue`,
);

export async function attemptOf(q: Queryable, olympiadId: number, userId: number): Promise<AttemptRow | null> {
  const [row] = await untypedRows<AttemptRow>(
    q,
    sql`
    select ${attemptColumns} from attempts where olympiad_id = ${olympiadId} and user_id = ${userId}`,
  );
  return row ?? null;
}

/** An attempt with the learner's waiting-room ticket (null: none yet) and how far their room has admitted. */
export interface StepAttemptRow extends AttemptRow {
  ticket: string | number | null;
  room_admitted: string | number | null;
  room_rate: number | null;
}

const placeColumns = sql.raw(
  `p.ticket, r.admitted as room_admitted, least(r.adaptive_rate, r.admissions_per_second) as room_rate`,
);

/**
 * The learner's attempt, created at their first step, with their waiting-room place: one round trip (the
 * arrival steps' hot path, decision 041).
 */
export async function ensureAttempt(q: Queryable, olympiadId: number, userId: number): Promise<StepAttemptRow> {
  const [row] = await untypedPreparedRows<StepAttemptRow>(
    q,
    'sitting.ensure-attempt',
    sql`
    with ins as (
      insert into attempts (olympiad_id, user_id) values (${olympiadId}, ${userId})
      on conflict (olympiad_id, user_id) do nothing returning *
    ), a as (
      select * from ins
      union all
      select * from attempts
      where olympiad_id = ${olympiadId} and user_id = ${userId} and not exists (select 1 from ins)
    )
    select a.*, (a.finished_at is null and a.deadline_at is not null and a.deadline_at <= now()) as overdue,
           ${placeColumns}
    from a left join waiting_places p on p.olympiad_id = a.olympiad_id and p.user_id = a.user_id
           left join waiting_rooms r on r.olympiad_id = a.olympiad_id`,
  );
  if (row) return row;
  // Another request created it in the same instant (this statement's snapshot predates it): read it now.
  const [again] = await untypedRows<StepAttemptRow>(
    q,
    sql`
    select a.*, (a.finished_at is null and a.deadline_at is not null and a.deadline_at <= now()) as overdue,
           ${placeColumns}
    from attempts a left join waiting_places p on p.olympiad_id = a.olympiad_id and p.user_id = a.user_id
           left join waiting_rooms r on r.olympiad_id = a.olympiad_id
    where a.olympiad_id = ${olympiadId} and a.user_id = ${userId}`,
  );
  return again!;
}

/** What `state` reads, in one round trip: the learner, their attempt (if any), their place, the olympiad's copy. */
export interface StateRow {
  learner: LearnerRow;
  attempt: AttemptRow | null;
  place: { ticket: number; admitted: number; rate: number | null } | null;
  copy: Record<string, string>;
}

/**
 * `who` names whose state: the actor (`actorLearner`, the ordinary path) or the bearer session's learner
 * (`sessionLearner`, the fast path: no row when the session is not a learner's of this olympiad).
 */
export async function stateOf(
  q: Queryable,
  who: { actor: { userId: number; olympiadId: number } } | { tokenHash: string; olympiadId: number },
): Promise<StateRow | null> {
  const [name, me] =
    'actor' in who
      ? ['sitting.state', actorLearner(who.actor.userId, who.actor.olympiadId)]
      : ['sitting.state-for-session', sessionLearner(who.tokenHash, who.olympiadId)];
  const [row] = await untypedPreparedRows<
    AttemptRow & {
      l_id: number;
      l_username: string;
      l_first_name: string;
      l_last_name: string;
      l_grade: number | null;
      l_role: string;
      l_olympiad_id: number | null;
      l_school_id: number | null;
      l_school_name: string | null;
      l_time_zone: string;
      ticket: string | null;
      room_admitted: string | null;
      room_rate: number | null;
      copy: Record<string, string> | null;
    }
  >(
    q,
    name,
    sql`
    with me as (${me})
    select u.id as l_id, u.username as l_username, u.first_name as l_first_name, u.last_name as l_last_name,
           u.grade as l_grade, u.role as l_role, u.olympiad_id as l_olympiad_id, u.school_id as l_school_id,
           s.name as l_school_name, coalesce(tz.time_zone, ${SAST_ZONE}) as l_time_zone,
           a.*, (a.finished_at is null and a.deadline_at is not null and a.deadline_at <= now()) as overdue,
           ${placeColumns},
           (select json_object_agg(c.key, c.body) from general_copy c where c.olympiad_id = me.olympiad_id) as copy
    from me join users u on u.id = me.user_id
         left join schools s on s.id = u.school_id
         left join countries tz on tz.id = s.country_id
         left join attempts a on a.olympiad_id = me.olympiad_id and a.user_id = u.id
         left join waiting_places p on p.olympiad_id = me.olympiad_id and p.user_id = u.id
         left join waiting_rooms r on r.olympiad_id = me.olympiad_id`,
  );
  if (!row) return null;
  const learner: LearnerRow = {
    id: row.l_id,
    username: row.l_username,
    first_name: row.l_first_name,
    last_name: row.l_last_name,
    grade: row.l_grade,
    role: row.l_role,
    olympiad_id: row.l_olympiad_id,
    school_id: row.l_school_id,
    school_name: row.l_school_name,
    time_zone: row.l_time_zone,
  };
  const {
    l_id: _id,
    l_username: _username,
    l_first_name: _first,
    l_last_name: _last,
    l_grade: _grade,
    l_role: _role,
    l_olympiad_id: _olympiad,
    l_school_id: _school,
    l_school_name: _schoolName,
    l_time_zone: _timeZone,
    ticket,
    room_admitted,
    room_rate,
    copy,
    ...attempt
  } = row;
  return {
    learner,
    attempt: attempt.id == null ? null : attempt,
    place:
      ticket == null ? null : { ticket: Number(ticket), admitted: Number(room_admitted ?? 0), rate: room_rate ?? null },
    copy: copy ?? {},
  };
}

export async function acceptDeclaration(q: Queryable, attemptId: number) {
  await q.execute(sql`
    update attempts set declaration_accepted_at = coalesce(declaration_accepted_at, now()) where id = ${attemptId}`);
}

/**
 * Stores a new PIN's hash while the learner has not yet confirmed writing a PIN down (`pin_issued_at` is the
 * confirmation): a PIN lost to a reload is replaced, never shown again. False once a PIN was confirmed.
 */
export async function issuePin(q: Queryable, attemptId: number, pinHash: string): Promise<boolean> {
  const done = await untypedRows<{ id: number }>(
    q,
    sql`
    update attempts set recovery_pin_hash = ${pinHash}
    where id = ${attemptId} and pin_issued_at is null and declaration_accepted_at is not null returning id`,
  );
  return done.length === 1;
}

/**
 * The learner wrote the PIN down: records it, provided the PIN checked is still the newest one (another window
 * may have replaced it since). False when it was replaced meanwhile.
 */
export async function confirmPin(q: Queryable, attemptId: number, pinHash: string): Promise<boolean> {
  const done = await untypedRows<{ id: number }>(
    q,
    sql`
    update attempts set pin_issued_at = coalesce(pin_issued_at, now())
    where id = ${attemptId} and recovery_pin_hash = ${pinHash} returning id`,
  );
  return done.length === 1;
}

/** Confirms the details (before the start only) and stores them on the learner, in one statement. */
export async function confirmDetails(
  q: Queryable,
  attemptId: number,
  userId: number,
  details: { firstName: string; lastName: string; grade: number },
): Promise<boolean> {
  const done = await untypedPreparedRows<{ id: number }>(
    q,
    'sitting.confirm-details',
    sql`
    with a as (
      update attempts set details_confirmed_at = now()
      where id = ${attemptId} and pin_issued_at is not null and started_at is null returning id
    ), u as (
      update users set first_name = ${details.firstName}, last_name = ${details.lastName}, grade = ${details.grade},
                       updated_at = now()
      where id = ${userId} and exists (select 1 from a) returning id
    )
    select a.id from a cross join u`,
  );
  return done.length === 1;
}

/**
 * Starts the timer once: deadline = min(now + duration, window end) + the learner's extra minutes
 * (decision 011). Answers the started attempt, or null when it was started already or is not ready.
 */
export async function startAttempt(
  q: Queryable,
  attemptId: number,
  olympiad: Pick<Olympiad, 'id'>,
): Promise<AttemptRow | null> {
  const [row] = await untypedPreparedRows<AttemptRow>(
    q,
    'sitting.start-attempt',
    sql`
    update attempts
    set started_at = now(),
        deadline_at = (select least(now() + make_interval(mins => coalesce(o.duration_minutes, 0)),
                                    coalesce(o.ends_at, 'infinity'::timestamptz))
                       from olympiads o where o.id = ${olympiad.id})
                      + make_interval(mins => extra_minutes)
    where id = ${attemptId} and started_at is null and details_confirmed_at is not null
    returning ${attemptColumns}`,
  );
  return row ?? null;
}

/** The heartbeat: last seen, position and address changes, in one cheap update. */
export async function heartbeat(
  q: Queryable,
  input: { attemptId: number; ip: string; position: { moduleIndex: number; questionIndex: number } | null },
) {
  await q.execute(sql`
    update attempts
    set last_seen_at = now(),
        position = coalesce(${input.position ? JSON.stringify(input.position) : null}::jsonb, position),
        ip_changes = ip_changes + (case when last_ip is not null and last_ip <> ${input.ip} then 1 else 0 end),
        last_ip = ${input.ip}
    where id = ${input.attemptId}`);
}

export async function storeFeedback(
  q: Queryable,
  attemptId: number,
  feedback: { rating: number | null; comment: string },
): Promise<boolean> {
  const done = await untypedRows<{ id: number }>(
    q,
    sql`
    update attempts set feedback_rating = ${feedback.rating}, feedback_comment = ${feedback.comment}, feedback_at = now()
    where id = ${attemptId} and finished_at is not null and feedback_at is null returning id`,
  );
  return done.length === 1;
}

/** The learner (a full user row, for the session) by username within an olympiad, case-insensitively. */
export async function learnerForRecovery(q: Queryable, olympiadId: number, username: string) {
  const [row] = await q
    .select()
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${username}) and ${users.olympiadId} = ${olympiadId} and ${users.role} = 'learner'`,
    );
  return row ?? null;
}

/*
 * The arrival steps in one statement each, with the session (decisions 041 and 049): each does its step only
 * when the bearer session is a learner's of this olympiad (learner-session.ts) and every rule holds (the
 * learner admitted from the waiting room, the attempt unfinished and at this step, the window open and no
 * payment gate), and otherwise changes nothing and answers null, so the route runs the ordinary way, which
 * answers the precise refusal. They may only say yes where the ordinary path would.
 */

export async function acceptDeclarationForSession(q: Queryable, tokenHash: string, olympiadId: number) {
  const done = await untypedPreparedRows<{ id: number }>(
    q,
    'sitting.declaration-for-session',
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

/** Stores a fresh PIN's hash; null when a rule does not hold, else whether it replaced one shown before. */
export async function issuePinForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
  pinHash: string,
): Promise<{ replaced: boolean } | null> {
  const [row] = await untypedPreparedRows<{ replaced: boolean }>(
    q,
    'sitting.pin-for-session',
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
  const done = await untypedPreparedRows<{ id: number }>(
    q,
    'sitting.pin-confirm-for-session',
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
  const done = await untypedPreparedRows<{ id: number }>(
    q,
    'sitting.details-for-session',
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
  const [row] = await untypedPreparedRows<AttemptRow>(
    q,
    'sitting.start-for-session',
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

/**
 * The bearer session's started attempt, locked for this transaction (the finish's fast path): its id and whether
 * it has finished or run past its deadline. None when the session is not a learner's of this olympiad or the
 * attempt has not started.
 */
export async function lockStartedAttemptForSession(
  q: Queryable,
  tokenHash: string,
  olympiadId: number,
): Promise<{ id: number; olympiad_id: number; finished_at: Date | null; overdue: boolean } | null> {
  const [row] = await untypedPreparedRows<{ id: number; olympiad_id: number; finished_at: Date | null; overdue: boolean }>(
    q,
    'sitting.lock-started-for-session',
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
