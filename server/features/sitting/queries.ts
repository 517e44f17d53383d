import { type SQL, sql } from 'drizzle-orm';
import type { AnswerKey, AnswerValue, QuestionOption } from '../../../contract/questions.js';
import { type Queryable, intArray, preparedRows, rows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** SQL of the exam day. Timestamps come back as Date (both drivers); ints as numbers. */

export interface OlympiadRow {
  id: number;
  var_name: string;
  title: string;
  open: boolean;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  duration_minutes: number | null;
  instructions: string;
  declaration: string;
  shuffle_options: boolean;
  show_score: boolean;
}

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

export interface QuestionRow {
  id: number;
  module_id: number;
  module_title: string;
  module_intro: string;
  type: AnswerValue['type'];
  prompt: string;
  image_url: string | null;
  image_alt: string;
  options: QuestionOption[];
  answer_key: AnswerKey | null;
  marks: number;
}

const olympiadColumns = sql.raw(`id, var_name, title, open, starts_at, ends_at, duration_minutes, instructions,
  declaration, shuffle_options, show_score`);

export async function olympiadByName(q: Queryable, varName: string): Promise<OlympiadRow | null> {
  const [row] = await rows<OlympiadRow>(
    q,
    sql`select ${olympiadColumns} from olympiads where var_name = ${varName.toLowerCase()}`,
  );
  return row ?? null;
}

export async function olympiadIdByName(q: Queryable, varName: string): Promise<number | null> {
  const [row] = await rows<{ id: number }>(q, sql`select id from olympiads where var_name = ${varName}`);
  return row?.id ?? null;
}

export async function olympiadById(q: Queryable, id: number): Promise<OlympiadRow | null> {
  const [row] = await rows<OlympiadRow>(q, sql`select ${olympiadColumns} from olympiads where id = ${id}`);
  return row ?? null;
}

export async function paperCounts(q: Queryable, olympiadId: number) {
  const [row] = await rows<{ modules: number; questions: number }>(
    q,
    sql`
    select (select count(*)::int from question_modules where olympiad_id = ${olympiadId}) as modules,
           (select count(*)::int from questions qu join question_modules m on m.id = qu.module_id
             where m.olympiad_id = ${olympiadId} and qu.retired_at is null) as questions`,
  );
  return { modules: Number(row?.modules ?? 0), questions: Number(row?.questions ?? 0) };
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
}

export async function learnerById(q: Queryable, userId: number): Promise<LearnerRow | null> {
  const [row] = await rows<LearnerRow>(
    q,
    sql`
    select u.id, u.username, u.first_name, u.last_name, u.grade, u.role, u.olympiad_id, u.school_id, s.name as school_name
    from users u left join schools s on s.id = u.school_id where u.id = ${userId}`,
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

/** Stores the PIN's hash once; answers false when a PIN was already issued. */
export async function issuePin(q: Queryable, attemptId: number, pinHash: string): Promise<boolean> {
  const done = await rows<{ id: number }>(
    q,
    sql`
    update attempts set recovery_pin_hash = ${pinHash}, pin_issued_at = now()
    where id = ${attemptId} and pin_issued_at is null and declaration_accepted_at is not null returning id`,
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
export async function startAttempt(q: Queryable, attemptId: number, olympiad: OlympiadRow): Promise<boolean> {
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

/** The paper: modules in order, their live (not retired) questions in order, keys included (server side only). */
export async function paperQuestions(q: Queryable, olympiadId: number): Promise<QuestionRow[]> {
  return rows<QuestionRow>(
    q,
    sql`
    select qu.id, qu.module_id, m.title as module_title, m.intro as module_intro, qu.type, qu.prompt, qu.image_url,
           qu.image_alt, qu.options, qu.answer_key, qu.marks
    from questions qu join question_modules m on m.id = qu.module_id
    where m.olympiad_id = ${olympiadId} and qu.retired_at is null
    order by m.position, m.id, qu.position, qu.id`,
  );
}

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

interface SaveInput {
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
 */
const saveAnswerFor = (writer: SQL, input: SaveInput) => sql`
    with w as (${writer}), a as (
      update attempts
      set last_seen_at = now(),
          position = coalesce(${input.position ? JSON.stringify(input.position) : null}::jsonb, position),
          ip_changes = ip_changes + (case when last_ip is not null and last_ip <> ${input.ip} then 1 else 0 end),
          last_ip = ${input.ip}
      where olympiad_id = ${input.olympiadId} and user_id = (select user_id from w)
        and started_at is not null and finished_at is null and deadline_at > now()
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
    saveAnswerFor(sql`select ${input.userId}::int as user_id`, input),
  );
  return row ?? null;
}

/**
 * The same save in one round trip with the session check (decision 019): the bearer session must be live,
 * its user enabled, a learner of this olympiad, and not impersonated (sittingPolicy.canSit). Null when any
 * of that, or the attempt's state, does not hold; nothing is written then.
 */
export async function saveAnswerForSession(
  q: Queryable,
  input: SaveInput & { tokenHash: string },
): Promise<{ saved_at: Date; deadline_at: Date } | null> {
  // The user by primary key from the session (a join could plan a scan of the olympiad's learners instead).
  const writer = sql`select s.user_id from sessions s
      where s.token_hash = ${input.tokenHash} and s.revoked_at is null and s.expires_at > now()
        and s.impersonator_id is null and s.scope = 'full'
        and (select u.role = 'learner' and u.olympiad_id = ${input.olympiadId} and u.disabled_at is null
             from users u where u.id = s.user_id)`;
  const [row] = await preparedRows<{ saved_at: Date; deadline_at: Date }>(
    q,
    'sitting.save-answer-for-session',
    saveAnswerFor(writer, input),
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
  const done = await rows<{ id: number }>(
    q,
    sql`
    update attempts set feedback_rating = ${feedback.rating}, feedback_comment = ${feedback.comment}, feedback_at = now()
    where id = ${attemptId} and finished_at is not null and feedback_at is null returning id`,
  );
  return done.length === 1;
}

/* ---------------- finishing and marking ---------------- */

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

export async function markableQuestions(q: Queryable, olympiadId: number) {
  return rows<{ id: number; module_id: number; marks: number; answer_key: AnswerKey | null }>(
    q,
    sql`
    select qu.id, qu.module_id, qu.marks, qu.answer_key
    from questions qu join question_modules m on m.id = qu.module_id
    where m.olympiad_id = ${olympiadId} and qu.retired_at is null
    order by m.position, m.id, qu.position, qu.id`,
  );
}

/* ---------------- the admin's and teacher's view ---------------- */

export async function isSchoolInOlympiad(q: Queryable, schoolId: number, olympiadId: number) {
  const found = await rows<{ id: number }>(
    q,
    sql`
    select id from school_participants where school_id = ${schoolId} and olympiad_id = ${olympiadId}`,
  );
  return found.length > 0;
}

export async function sittingCounts(q: Queryable, olympiadId: number, schoolId: number | null) {
  const [row] = await rows<{ not_started: number; writing: number; finished: number; active_now: number }>(
    q,
    sql`
    select count(*) filter (where a.started_at is null)::int as not_started,
           count(*) filter (where a.started_at is not null and a.finished_at is null)::int as writing,
           count(*) filter (where a.finished_at is not null)::int as finished,
           count(*) filter (where a.last_seen_at > now() - interval '2 minutes')::int as active_now
    from users u left join attempts a on a.user_id = u.id and a.olympiad_id = u.olympiad_id
    where u.olympiad_id = ${olympiadId} and u.role = 'learner'
      and (${schoolId}::int is null or u.school_id = ${schoolId}::int)`,
  );
  return {
    notStarted: Number(row?.not_started ?? 0),
    writing: Number(row?.writing ?? 0),
    finished: Number(row?.finished ?? 0),
    activeNow: Number(row?.active_now ?? 0),
  };
}

export interface StartTimeDbRow {
  learner_id: number;
  username: string;
  first_name: string;
  last_name: string;
  grade: number | null;
  school_id: number | null;
  school_name: string | null;
  status: 'not_started' | 'writing' | 'finished';
  started_at: Date | null;
  deadline_at: Date | null;
  finished_at: Date | null;
  finish_reason: string | null;
  extra_minutes: number | null;
  last_seen_at: Date | null;
  ip_changes: number | null;
  score: number | null;
  max_score: number | null;
  total: number;
}

const startTimeSorts = {
  learner: sql.raw(`lower(u.last_name || ' ' || u.first_name)`),
  school: sql.raw(`lower(s.name)`),
  startedAt: sql.raw(`a.started_at`),
  finishedAt: sql.raw(`a.finished_at`),
  status: sql.raw(`status`),
  lastSeenAt: sql.raw(`a.last_seen_at`),
} as const;

export async function startTimes(
  q: Queryable,
  input: {
    olympiadId: number;
    page: number;
    pageSize: number;
    search?: string | undefined;
    status?: 'not_started' | 'writing' | 'finished' | undefined;
    sort: keyof typeof startTimeSorts;
    order: 'asc' | 'desc';
  },
) {
  const like = input.search ? `%${input.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const direction = sql.raw(input.order === 'desc' ? 'desc nulls last' : 'asc nulls last');
  return rows<StartTimeDbRow>(
    q,
    sql`
      select u.id as learner_id, u.username, u.first_name, u.last_name, u.grade, u.school_id, s.name as school_name,
             case when a.finished_at is not null then 'finished'
                  when a.started_at is not null then 'writing' else 'not_started' end as status,
             a.started_at, a.deadline_at, a.finished_at, a.finish_reason, a.extra_minutes, a.last_seen_at, a.ip_changes,
             a.score, a.max_score, count(*) over ()::int as total
      from users u
      left join schools s on s.id = u.school_id
      left join attempts a on a.user_id = u.id and a.olympiad_id = u.olympiad_id
      where u.olympiad_id = ${input.olympiadId} and u.role = 'learner'
        and (${like}::text is null or lower(u.username) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like}
             or lower(coalesce(s.name, '')) like ${like})
        and (${input.status ?? null}::text is null or
             (case when a.finished_at is not null then 'finished'
                   when a.started_at is not null then 'writing' else 'not_started' end) = ${input.status ?? null})
      order by ${startTimeSorts[input.sort]} ${direction}, u.id
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
}

export async function deleteAttempt(q: Queryable, olympiadId: number, userId: number) {
  return rows<{ id: number; started_at: Date | null; finished_at: Date | null; score: number | null }>(
    q,
    sql`
    delete from attempts where olympiad_id = ${olympiadId} and user_id = ${userId}
    returning id, started_at, finished_at, score`,
  );
}

/** Sets a learner's extra minutes (creating the attempt if needed) and moves a running deadline. */
export async function setExtraMinutes(q: Queryable, olympiad: OlympiadRow, userId: number, minutes: number) {
  await q.execute(sql`
    insert into attempts (olympiad_id, user_id, extra_minutes) values (${olympiad.id}, ${userId}, ${minutes})
    on conflict (olympiad_id, user_id) do update set extra_minutes = excluded.extra_minutes`);
  const [row] = await rows<{ extra_minutes: number; deadline_at: Date | null }>(
    q,
    sql`
    update attempts
    set deadline_at = case when started_at is null then null
          else (select least(started_at + make_interval(mins => coalesce(o.duration_minutes, 0)),
                             coalesce(o.ends_at, 'infinity'::timestamptz))
                from olympiads o where o.id = ${olympiad.id})
               + make_interval(mins => extra_minutes) end
    where olympiad_id = ${olympiad.id} and user_id = ${userId}
    returning extra_minutes, deadline_at`,
  );
  return row!;
}

export async function submittedAnswers(q: Queryable, olympiadId: number, attemptId: number | null) {
  return rows<{
    question_id: number;
    module_id: number;
    type: string;
    prompt: string;
    marks: number;
    answer_key: AnswerKey | null;
    value: AnswerValue | null;
    flagged: boolean | null;
    saved_at: Date | null;
    marks_awarded: number | null;
  }>(
    q,
    sql`
    select qu.id as question_id, qu.module_id, qu.type, qu.prompt, qu.marks, qu.answer_key,
           an.value, an.flagged, an.saved_at, an.marks_awarded
    from questions qu join question_modules m on m.id = qu.module_id
    left join answers an on an.question_id = qu.id and an.attempt_id = ${attemptId}
    where m.olympiad_id = ${olympiadId} and (qu.retired_at is null or an.attempt_id is not null)
    order by m.position, m.id, qu.position, qu.id`,
  );
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
