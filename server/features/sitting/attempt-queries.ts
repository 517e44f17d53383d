import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { IdRow, type Queryable, preparedRows, rows } from '../../db/client.js';
import { attempts, schools, users, waitingPlaces, waitingRooms } from '../../db/schema/index.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import { actorLearner, sessionLearner } from './learner-session.js';
import { siteTimeZone as SAST_ZONE } from '#contract/site-time';

/** SQL of a learner's attempt, step by step. */

/** An attempt as `select *` reads it (the columns the steps use), with whether it has run past its deadline. */
export const AttemptRow = createSelectSchema(attempts)
  .pick({
    id: true,
    olympiadId: true,
    userId: true,
    declarationAcceptedAt: true,
    recoveryPinHash: true,
    pinIssuedAt: true,
    detailsConfirmedAt: true,
    startedAt: true,
    deadlineAt: true,
    extraMinutes: true,
    finishedAt: true,
    finishReason: true,
    position: true,
    score: true,
    maxScore: true,
    moduleScores: true,
    lastSeenAt: true,
    ipChanges: true,
    feedbackAt: true,
    feedbackRating: true,
    feedbackComment: true,
    language: true,
  })
  .extend({
    /** Computed: the deadline has passed and the attempt is not finished yet. */
    overdue: z.boolean(),
  });
export type AttemptRow = z.infer<typeof AttemptRow>;

/** A learner with their school's name and the zone they read times in. */
const LearnerRow = createSelectSchema(users)
  .pick({
    id: true,
    username: true,
    firstName: true,
    lastName: true,
    grade: true,
    role: true,
    olympiadId: true,
    schoolId: true,
  })
  .extend({
    schoolName: createSelectSchema(schools).shape.name.nullable(),
    /** The zone the learner reads times in: their country's (decision 039), else South African time. */
    timeZone: z.string(),
  });
export type LearnerRow = z.infer<typeof LearnerRow>;

export async function learnerById(q: Queryable, userId: number): Promise<LearnerRow | null> {
  const [row] = await rows(
    q,
    LearnerRow,
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
  const [row] = await rows(
    q,
    AttemptRow,
    sql`
    select ${attemptColumns} from attempts where olympiad_id = ${olympiadId} and user_id = ${userId}`,
  );
  return row ?? null;
}

/** An attempt with the learner's waiting-room ticket (null: none yet) and how far their room has admitted. */
const StepAttemptRow = AttemptRow.extend({
  ticket: createSelectSchema(waitingPlaces).shape.ticket.nullable(),
  roomAdmitted: createSelectSchema(waitingRooms).shape.admitted.nullable(),
  roomRate: z.number().nullable(),
});
export type StepAttemptRow = z.infer<typeof StepAttemptRow>;

const placeColumns = sql.raw(
  `p.ticket, r.admitted as room_admitted, least(r.adaptive_rate, r.admissions_per_second) as room_rate`,
);

/**
 * The learner's attempt, created at their first step, with their waiting-room place: one round trip (the
 * arrival steps' hot path, decision 041).
 */
export async function ensureAttempt(q: Queryable, olympiadId: number, userId: number): Promise<StepAttemptRow> {
  const [row] = await preparedRows(
    q,
    'sitting.ensure-attempt',
    StepAttemptRow,
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
  const [again] = await rows(
    q,
    StepAttemptRow,
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
export interface StateRead {
  learner: LearnerRow;
  attempt: AttemptRow | null;
  place: { ticket: number; admitted: number; rate: number | null } | null;
  copy: Record<string, string>;
}

/**
 * The row of `stateOf`: the learner's columns (prefixed `l_`), the attempt's (all null when there is none: a left
 * join), their place and the olympiad's copy.
 */
const StateOfRow = AttemptRow.extend({
  id: AttemptRow.shape.id.nullable(),
  olympiadId: AttemptRow.shape.olympiadId.nullable(),
  userId: AttemptRow.shape.userId.nullable(),
  extraMinutes: AttemptRow.shape.extraMinutes.nullable(),
  ipChanges: AttemptRow.shape.ipChanges.nullable(),
  lId: LearnerRow.shape.id,
  lUsername: LearnerRow.shape.username,
  lFirstName: LearnerRow.shape.firstName,
  lLastName: LearnerRow.shape.lastName,
  lGrade: LearnerRow.shape.grade,
  lRole: LearnerRow.shape.role,
  lOlympiadId: LearnerRow.shape.olympiadId,
  lSchoolId: LearnerRow.shape.schoolId,
  lSchoolName: LearnerRow.shape.schoolName,
  lTimeZone: LearnerRow.shape.timeZone,
  ticket: StepAttemptRow.shape.ticket,
  roomAdmitted: StepAttemptRow.shape.roomAdmitted,
  roomRate: StepAttemptRow.shape.roomRate,
  copy: z.record(z.string(), z.string()).nullable(),
});

/**
 * `who` names whose state: the actor (`actorLearner`, the ordinary path) or the bearer session's learner
 * (`sessionLearner`, the fast path: no row when the session is not a learner's of this olympiad).
 */
export async function stateOf(
  q: Queryable,
  who: { actor: { userId: number; olympiadId: number } } | { tokenHash: string; olympiadId: number },
): Promise<StateRead | null> {
  const [name, me] =
    'actor' in who
      ? ['sitting.state', actorLearner(who.actor.userId, who.actor.olympiadId)]
      : ['sitting.state-for-session', sessionLearner(who.tokenHash, who.olympiadId)];
  const [row] = await preparedRows(
    q,
    name,
    StateOfRow,
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
  const {
    lId,
    lUsername,
    lFirstName,
    lLastName,
    lGrade,
    lRole,
    lOlympiadId,
    lSchoolId,
    lSchoolName,
    lTimeZone,
    ticket,
    roomAdmitted,
    roomRate,
    copy,
    ...attempt
  } = row;
  const learner: LearnerRow = {
    id: lId,
    username: lUsername,
    firstName: lFirstName,
    lastName: lLastName,
    grade: lGrade,
    role: lRole,
    olympiadId: lOlympiadId,
    schoolId: lSchoolId,
    schoolName: lSchoolName,
    timeZone: lTimeZone,
  };
  return {
    learner,
    // The attempt's columns are all null together (no attempt: the left join found none), or none is.
    attempt: attempt.id == null ? null : (attempt as AttemptRow),
    place:
      ticket == null ? null : { ticket: Number(ticket), admitted: Number(roomAdmitted ?? 0), rate: roomRate ?? null },
    copy: copy ?? {},
  };
}

export async function acceptDeclaration(q: Queryable, attemptId: number) {
  await q.execute(sql`
    update attempts set declaration_accepted_at = coalesce(declaration_accepted_at, now()) where id = ${attemptId}`);
}

/** The language the learner writes in (decision 091): kept on their attempt whatever step they are at. */
export async function setLanguage(q: Queryable, attemptId: number, language: string): Promise<void> {
  await q.execute(sql`update attempts set language = ${language} where id = ${attemptId}`);
}

/**
 * Stores a new PIN's hash while the learner has not yet confirmed writing a PIN down (`pin_issued_at` is the
 * confirmation): a PIN lost to a reload is replaced, never shown again. False once a PIN was confirmed.
 */
export async function issuePin(q: Queryable, attemptId: number, pinHash: string): Promise<boolean> {
  const done = await rows(
    q,
    IdRow,
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
  const done = await rows(
    q,
    IdRow,
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
  const done = await preparedRows(
    q,
    'sitting.confirm-details',
    IdRow,
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
  const [row] = await preparedRows(
    q,
    'sitting.start-attempt',
    AttemptRow,
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
  const done = await rows(
    q,
    IdRow,
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
