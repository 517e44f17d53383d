import { sql } from 'drizzle-orm';
import { type Queryable, rows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
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
  const [row] = await rows<LearnerRow>(
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
  const [row] = await rows<AttemptRow>(
    q,
    sql`
    select ${attemptColumns} from attempts where olympiad_id = ${olympiadId} and user_id = ${userId}`,
  );
  return row ?? null;
}

/** The learner's attempt, created at their first step. */
export async function ensureAttempt(q: Queryable, olympiadId: number, userId: number): Promise<AttemptRow> {
  const found = await attemptOf(q, olympiadId, userId);
  if (found) return found;
  await q.execute(sql`
    insert into attempts (olympiad_id, user_id) values (${olympiadId}, ${userId}) on conflict (olympiad_id, user_id) do nothing`);
  return (await attemptOf(q, olympiadId, userId))!;
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
  const done = await rows<{ id: number }>(
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
  const done = await rows<{ id: number }>(
    q,
    sql`
    update attempts set pin_issued_at = coalesce(pin_issued_at, now())
    where id = ${attemptId} and recovery_pin_hash = ${pinHash} returning id`,
  );
  return done.length === 1;
}

export async function confirmDetails(
  q: Queryable,
  attemptId: number,
  userId: number,
  details: { firstName: string; lastName: string; grade: number },
): Promise<boolean> {
  const done = await rows<{ id: number }>(
    q,
    sql`
    update attempts set details_confirmed_at = now()
    where id = ${attemptId} and pin_issued_at is not null and started_at is null returning id`,
  );
  if (done.length !== 1) return false;
  await q.execute(sql`
    update users set first_name = ${details.firstName}, last_name = ${details.lastName}, grade = ${details.grade},
                     updated_at = now()
    where id = ${userId}`);
  return true;
}

/**
 * Starts the timer once: deadline = min(now + duration, window end) + the learner's extra minutes
 * (decision 011). Answers the started attempt, or null when it was started already or is not ready.
 */
export async function startAttempt(q: Queryable, attemptId: number, olympiad: Pick<Olympiad, 'id'>): Promise<boolean> {
  const done = await rows<{ id: number }>(
    q,
    sql`
    update attempts
    set started_at = now(),
        deadline_at = (select least(now() + make_interval(mins => coalesce(o.duration_minutes, 0)),
                                    coalesce(o.ends_at, 'infinity'::timestamptz))
                       from olympiads o where o.id = ${olympiad.id})
                      + make_interval(mins => extra_minutes)
    where id = ${attemptId} and started_at is null and details_confirmed_at is not null returning id`,
  );
  return done.length === 1;
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
  const done = await rows<{ id: number }>(
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
