import { type SQL, sql } from 'drizzle-orm';
import type { AnswerKey, AnswerValue, QuestionOption } from '#contract/questions';
import { defaultModerationSettings, ModerationSettings, type ModerationSettings as Settings } from '#contract/results';
import type { ModerationState } from '#contract/moderation';
import { type Queryable, intArray, untypedRows } from '../../../db/client.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

/* SQL of moderation: what the flags are computed from, the flags and decisions, the moderated list. */

/** The olympiad's thresholds: what was saved over the defaults (a setting added later takes its default). */
export async function settingsOf(q: Queryable, olympiadId: number): Promise<Settings> {
  const [row] = await untypedRows<{ moderation_settings: Record<string, unknown> | null }>(
    q,
    sql`select moderation_settings from olympiad_results where olympiad_id = ${olympiadId}`,
  );
  const parsed = ModerationSettings.safeParse({ ...defaultModerationSettings, ...(row?.moderation_settings ?? {}) });
  return parsed.success ? parsed.data : defaultModerationSettings;
}

export async function saveSettings(q: Queryable, olympiadId: number, settings: Settings): Promise<void> {
  await q.execute(
    sql`insert into olympiad_results (olympiad_id, moderation_settings, updated_at)
        values (${olympiadId}, ${JSON.stringify(settings)}::jsonb, now())
        on conflict (olympiad_id) do update set moderation_settings = excluded.moderation_settings, updated_at = now()`,
  );
}

/**
 * The olympiad's results row, made when missing and locked for this transaction: starting a computation takes
 * it first, so two requests (or two processes' schedulers) never start two at once.
 */
export async function lockResultsRow(q: Queryable, olympiadId: number) {
  await q.execute(
    sql`insert into olympiad_results (olympiad_id) values (${olympiadId}) on conflict (olympiad_id) do nothing`,
  );
  const [row] = await untypedRows<{ flags_computed_at: Date | string | null }>(
    q,
    sql`select flags_computed_at from olympiad_results where olympiad_id = ${olympiadId} for update`,
  );
  return row!;
}

export interface FinishedAttempt {
  id: number;
  user_id: number;
  school_id: number | null;
  started_at: Date | string | null;
  finished_at: Date | string;
  score: number | null;
  max_score: number | null;
  ip_changes: number;
  last_ip: string | null;
}

/** The finished, marked attempts of an olympiad (what every flag looks at) after `afterId`, by id, `limit` of them. */
export const finishedAttempts = (q: Queryable, olympiadId: number, afterId: number, limit: number) =>
  untypedRows<FinishedAttempt>(
    q,
    sql`select a.id, a.user_id, u.school_id, a.started_at, a.finished_at, a.score, a.max_score, a.ip_changes, a.last_ip
        from attempts a join users u on u.id = a.user_id
        where a.olympiad_id = ${olympiadId} and a.id > ${afterId}
          and a.finished_at is not null and a.marked_at is not null
        order by a.id limit ${limit}`,
  );

export interface PaperQuestion {
  id: number;
  type: string;
  prompt: string;
  options: QuestionOption[];
  answer_key: AnswerKey | null;
  module: string;
}

/** The paper's questions in order (retired ones are neither shown nor marked). */
export const paperQuestions = (q: Queryable, olympiadId: number) =>
  untypedRows<PaperQuestion>(
    q,
    sql`select q.id, q.type, q.prompt, q.options, q.answer_key, m.title as module
        from questions q join question_modules m on m.id = q.module_id
        where m.olympiad_id = ${olympiadId} and q.retired_at is null
        order by m.position, m.id, q.position, q.id`,
  );

export interface AnswerRow {
  attempt_id: number;
  question_id: number;
  value: AnswerValue;
  marks_awarded: number | null;
}

export interface SessionRow {
  user_id: number;
  created_at: Date | string;
  ended_at: Date | string;
  ip: string | null;
  user_agent: string | null;
}

/** The learners' own sessions (not an admin acting as them) alive at some moment of these attempts (a batch). */
export const attemptSessions = (q: Queryable, attemptIds: readonly number[]) =>
  untypedRows<SessionRow>(
    q,
    sql`select s.user_id, s.created_at, coalesce(s.revoked_at, s.expires_at) as ended_at, s.ip, s.user_agent
        from sessions s join attempts a on a.user_id = s.user_id
        where a.id = any(${intArray(attemptIds)}) and a.started_at is not null
          and s.impersonator_id is null
          and s.created_at <= a.finished_at and coalesce(s.revoked_at, s.expires_at) >= a.started_at
        order by s.user_id, s.created_at`,
  );

export interface NewFlag {
  attemptId: number;
  kind: string;
  otherAttemptId: number | null;
  strength: number;
  evidence: Record<string, unknown>;
}

/** Replaces the olympiad's flags as a whole and notes when (in the caller's transaction). */
export async function replaceFlags(q: Queryable, olympiadId: number, flags: NewFlag[]): Promise<void> {
  await q.execute(sql`delete from moderation_flags where olympiad_id = ${olympiadId}`);
  const CHUNK = 500;
  for (let i = 0; i < flags.length; i += CHUNK) {
    const part = flags.slice(i, i + CHUNK);
    await q.execute(
      sql`insert into moderation_flags (olympiad_id, attempt_id, kind, other_attempt_id, strength, evidence)
          select ${olympiadId}, f.attempt_id, f.kind, f.other_attempt_id, f.strength, f.evidence
          from jsonb_to_recordset(${JSON.stringify(
            part.map((f) => ({
              attempt_id: f.attemptId,
              kind: f.kind,
              other_attempt_id: f.otherAttemptId,
              strength: f.strength,
              evidence: f.evidence,
            })),
          )}::jsonb) as f(attempt_id int, kind text, other_attempt_id int, strength real, evidence jsonb)`,
    );
  }
  await q.execute(
    sql`insert into olympiad_results (olympiad_id, flags_computed_at) values (${olympiadId}, now())
        on conflict (olympiad_id) do update set flags_computed_at = now(), updated_at = now()`,
  );
}

/** Closed olympiads (the window ended) with finished attempts whose flags were never computed nor started. */
export const olympiadsDueForFlags = (q: Queryable, kind: string) =>
  untypedRows<{ id: number }>(
    q,
    sql`select o.id from olympiads o
        where o.ends_at is not null and o.ends_at < now()
          and not exists (select 1 from olympiad_results r where r.olympiad_id = o.id and r.flags_computed_at is not null)
          and not exists (select 1 from jobs j where j.kind = ${kind} and j.olympiad_id = o.id)
          and exists (select 1 from attempts a where a.olympiad_id = o.id and a.finished_at is not null)
        order by o.ends_at limit 20`,
  );

/** A computation of the olympiad that is queued or running (one at a time). */
export const activeJob = (q: Queryable, olympiadId: number, kind: string) =>
  untypedRows<{ id: number }>(
    q,
    sql`select id from jobs where kind = ${kind} and olympiad_id = ${olympiadId} and status in ('queued', 'running')
        limit 1`,
  ).then((r) => r[0] ?? null);

/** Any computation of the olympiad, running or finished (the automatic start happens once). */
export const anyJob = (q: Queryable, olympiadId: number, kind: string) =>
  untypedRows<{ id: number }>(q, sql`select id from jobs where kind = ${kind} and olympiad_id = ${olympiadId} limit 1`).then(
    (r) => r[0] ?? null,
  );

export interface JobView {
  id: number;
  status: 'held' | 'queued' | 'running' | 'done' | 'failed';
  phase: string | null;
  done: number;
  total: number;
  error: string | null;
  started_by: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

export const latestJob = (q: Queryable, olympiadId: number, kind: string) =>
  untypedRows<JobView>(
    q,
    sql`select j.id, j.status, j.phase, j.done, j.total, j.error, j.created_at, j.finished_at,
               nullif(btrim(u.first_name || ' ' || u.last_name), '') as started_by
        from jobs j left join users u on u.id = j.created_by
        where j.kind = ${kind} and j.olympiad_id = ${olympiadId}
        order by j.id desc limit 1`,
  ).then((r) => r[0] ?? null);

export interface SummaryCounts {
  finished: number;
  computed_at: Date | string | null;
  flagged: number;
  similarity: number;
  fast_finish: number;
  ip_changes: number;
  concurrent_sessions: number;
  undecided: number;
  cleared: number;
  adjusted: number;
  disqualified: number;
  reset: number;
}

/** Counts for the summary: attempts per flag kind (a pair counts both learners) and per decision. */
export async function summaryCounts(q: Queryable, olympiadId: number): Promise<SummaryCounts> {
  const [row] = await untypedRows<SummaryCounts>(
    q,
    sql`with flagged as (
          select attempt_id, kind from moderation_flags where olympiad_id = ${olympiadId}
          union select other_attempt_id, kind from moderation_flags
            where olympiad_id = ${olympiadId} and other_attempt_id is not null
        ), decided as (select attempt_id, decision from attempt_moderations where olympiad_id = ${olympiadId})
        select
          (select count(*)::int from attempts where olympiad_id = ${olympiadId} and finished_at is not null) as finished,
          (select flags_computed_at from olympiad_results where olympiad_id = ${olympiadId}) as computed_at,
          (select count(distinct attempt_id)::int from flagged) as flagged,
          (select count(distinct attempt_id)::int from flagged where kind = 'similarity') as similarity,
          (select count(distinct attempt_id)::int from flagged where kind = 'fast_finish') as fast_finish,
          (select count(distinct attempt_id)::int from flagged where kind = 'ip_changes') as ip_changes,
          (select count(distinct attempt_id)::int from flagged where kind = 'concurrent_sessions')
            as concurrent_sessions,
          (select count(distinct f.attempt_id)::int from flagged f
             where not exists (select 1 from decided d where d.attempt_id = f.attempt_id)) as undecided,
          (select count(*)::int from decided where decision = 'cleared') as cleared,
          (select count(*)::int from decided where decision = 'adjusted') as adjusted,
          (select count(*)::int from decided where decision = 'disqualified') as disqualified,
          (select count(*)::int from decided where decision = 'reset') as reset`,
  );
  return row!;
}

export interface ModeratedRow {
  attempt_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  username: string;
  school_id: number | null;
  school_name: string | null;
  grade: number | null;
  score: number | null;
  max_score: number | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  decision: string | null;
  adjusted_score: number | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  strength: number | null;
  total: number;
}

const moderatedColumns = sql`a.id as attempt_id, u.id as user_id, u.first_name, u.last_name, u.username,
  s.id as school_id, s.name as school_name, u.grade, a.score, a.max_score, a.started_at, a.finished_at,
  m.decision, m.adjusted_score, m.reason, m.decided_at,
  nullif(btrim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), '') as decided_by`;

const moderatedJoins = sql`join users u on u.id = a.user_id
  left join schools s on s.id = u.school_id
  left join attempt_moderations m on m.attempt_id = a.id
  left join users d on d.id = m.decided_by`;

/** The attempts flagged (either side of a pair) of an olympiad, with the strongest flag's strength. */
const flaggedCte = (olympiadId: number) => sql`flagged as (
  select attempt_id, kind, strength from moderation_flags where olympiad_id = ${olympiadId}
  union all
  select other_attempt_id, kind, strength from moderation_flags where olympiad_id = ${olympiadId} and other_attempt_id is not null
)`;

const stateFilter = (state: ModerationState | undefined): SQL => {
  switch (state) {
    case undefined:
      return sql`(f.attempt_id is not null or m.attempt_id is not null)`;
    case 'flagged':
      return sql`f.attempt_id is not null`;
    case 'undecided':
      return sql`f.attempt_id is not null and m.attempt_id is null`;
    default:
      return sql`m.decision = ${state}`;
  }
};

/** `participant/api/moderated`: attempts with a decision, or flagged; paged, filtered, searched, sorted. */
export async function moderated(
  q: Queryable,
  olympiadId: number,
  p: Paging & { state?: ModerationState | undefined; kind?: string | undefined },
): Promise<ModeratedRow[]> {
  const where: SQL[] = [sql`a.olympiad_id = ${olympiadId}`, stateFilter(p.state)];
  if (p.kind) where.push(sql`a.id in (select attempt_id from flagged where kind = ${p.kind})`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(
      sql`(lower(u.first_name || ' ' || u.last_name) like ${like} or lower(u.username) like ${like}
           or lower(coalesce(s.name, '')) like ${like})`,
    );
  }
  const sorts = {
    strength: sql`f.strength`,
    learner: sql`lower(u.last_name || ' ' || u.first_name)`,
    school: sql`lower(s.name)`,
    score: sql`a.score`,
    decidedAt: sql`m.decided_at`,
  };
  // The strongest flags first unless another order is asked for.
  const paging = { ...p, order: p.sort ? p.order : ('desc' as const) };
  return untypedRows<ModeratedRow>(
    q,
    sql`with ${flaggedCte(olympiadId)},
        strongest as (select attempt_id, max(strength) as strength from flagged group by attempt_id)
        select ${moderatedColumns}, f.strength, count(*) over ()::int as total
        from attempts a ${moderatedJoins}
        left join strongest f on f.attempt_id = a.id
        where ${sql.join(where, sql` and `)}
        order by ${orderBy(paging, sorts, 'strength', sql`a.id`)}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
  );
}

/** One attempt as the moderated list shows it (after a decision). */
export async function moderatedAttempt(q: Queryable, attemptId: number): Promise<ModeratedRow | null> {
  const [row] = await untypedRows<ModeratedRow>(
    q,
    sql`select ${moderatedColumns}, null::real as strength, 1 as total
        from attempts a ${moderatedJoins} where a.id = ${attemptId}`,
  );
  return row ?? null;
}

export interface FlagRow {
  attempt_id: number;
  kind: string;
  other_attempt_id: number | null;
  strength: number;
  evidence: Record<string, unknown>;
  computed_at: Date | string;
  /** The attempt on the other side of a similarity flag, seen from `for_attempt`. */
  for_attempt: number;
  partner_id: number | null;
  partner_name: string | null;
  partner_username: string | null;
}

/** The flags of these attempts (both sides of a pair), strongest first, with each pair's partner named. */
export const flagsOf = (q: Queryable, attemptIds: number[]) =>
  attemptIds.length === 0
    ? Promise.resolve([] as FlagRow[])
    : untypedRows<FlagRow>(
        q,
        sql`with mine as (
              select f.*, f.attempt_id as for_attempt, f.other_attempt_id as partner_id from moderation_flags f
                where f.attempt_id = any(${intArray(attemptIds)})
              union all
              select f.*, f.other_attempt_id as for_attempt, f.attempt_id as partner_id from moderation_flags f
                where f.other_attempt_id = any(${intArray(attemptIds)})
            )
            select m.attempt_id, m.kind, m.other_attempt_id, m.strength, m.evidence, m.computed_at, m.for_attempt,
                   m.partner_id, btrim(pu.first_name || ' ' || pu.last_name) as partner_name,
                   pu.username as partner_username
            from mine m left join attempts pa on pa.id = m.partner_id left join users pu on pu.id = pa.user_id
            order by m.for_attempt, m.strength desc`,
      );

export interface AttemptRecordRow {
  id: number;
  olympiad_id: number;
  user_id: number;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  score: number | null;
  max_score: number | null;
  marked_at: Date | string | null;
  ip_changes: number;
}

export async function findAttempt(q: Queryable, id: number): Promise<AttemptRecordRow | null> {
  const [row] = await untypedRows<AttemptRecordRow>(
    q,
    sql`select id, olympiad_id, user_id, started_at, finished_at, score, max_score, marked_at, ip_changes
        from attempts where id = ${id}`,
  );
  return row ?? null;
}

/** The attempt's row locked for the decision (two admins deciding at once take turns). */
export async function lockAttempt(q: Queryable, id: number): Promise<AttemptRecordRow | null> {
  const [row] = await untypedRows<AttemptRecordRow>(
    q,
    sql`select id, olympiad_id, user_id, started_at, finished_at, score, max_score, marked_at, ip_changes
        from attempts where id = ${id} for update`,
  );
  return row ?? null;
}

export async function decisionOf(q: Queryable, attemptId: number) {
  const [row] = await untypedRows<{ decision: string; adjusted_score: number | null; reason: string }>(
    q,
    sql`select decision, adjusted_score, reason from attempt_moderations where attempt_id = ${attemptId}`,
  );
  return row ?? null;
}

export async function saveDecision(
  q: Queryable,
  d: { attemptId: number; olympiadId: number; decision: string; adjustedScore: number | null; reason: string },
  by: number,
): Promise<void> {
  await q.execute(
    sql`insert into attempt_moderations (attempt_id, olympiad_id, decision, adjusted_score, reason, decided_by, decided_at)
        values (${d.attemptId}, ${d.olympiadId}, ${d.decision}, ${d.adjustedScore}, ${d.reason}, ${by}, now())
        on conflict (attempt_id) do update set decision = excluded.decision, adjusted_score = excluded.adjusted_score,
          reason = excluded.reason, decided_by = excluded.decided_by, decided_at = excluded.decided_at`,
  );
}

/**
 * Empties an attempt so that the learner writes again: the answers go, and the start, finish, marks, timer
 * position and address count are cleared (the declaration, details and recovery PIN stay). Answers how many
 * answers were deleted.
 */
export async function emptyAttempt(q: Queryable, attemptId: number): Promise<number> {
  const [deleted] = await untypedRows<{ n: number }>(
    q,
    sql`with gone as (delete from answers where attempt_id = ${attemptId} returning 1) select count(*)::int as n from gone`,
  );
  await q.execute(
    sql`update attempts set started_at = null, deadline_at = null, finished_at = null, finish_reason = null,
          position = null, score = null, max_score = null, module_scores = null, marked_at = null,
          ip_changes = 0, last_ip = null
        where id = ${attemptId}`,
  );
  return deleted?.n ?? 0;
}

/** The two attempts of the pair view, with their learners and schools. */
export const pairAttempts = (q: Queryable, ids: number[]) =>
  untypedRows<{
    id: number;
    olympiad_id: number;
    first_name: string;
    last_name: string;
    username: string;
    school: string | null;
    score: number | null;
    max_score: number | null;
  }>(
    q,
    sql`select a.id, a.olympiad_id, u.first_name, u.last_name, u.username, s.name as school, a.score, a.max_score
        from attempts a join users u on u.id = a.user_id left join schools s on s.id = u.school_id
        where a.id = any(${intArray(ids)})`,
  );

/** The answers of these attempts (a pair, or a batch of the finished ones: see `computeFlags`). */
export const answersOf = (q: Queryable, attemptIds: readonly number[]) =>
  untypedRows<AnswerRow>(
    q,
    sql`select attempt_id, question_id, value, marks_awarded from answers where attempt_id = any(${intArray(attemptIds)})`,
  );

/** How many of the olympiad's finished learners gave each answer (by its canonical text) to each question. */
export const answerCounts = (q: Queryable, olympiadId: number, questionIds: number[]) =>
  untypedRows<{ question_id: number; value: AnswerValue; n: number }>(
    q,
    sql`select an.question_id, an.value, count(*)::int as n
        from answers an join attempts a on a.id = an.attempt_id
        where a.olympiad_id = ${olympiadId} and a.finished_at is not null
          and an.question_id = any(${intArray(questionIds)})
        group by an.question_id, an.value`,
  );

export const pairFlag = (q: Queryable, low: number, high: number) =>
  untypedRows<{ strength: number; evidence: Record<string, unknown> }>(
    q,
    sql`select strength, evidence from moderation_flags
        where attempt_id = ${low} and other_attempt_id = ${high} and kind = 'similarity'`,
  ).then((r) => r[0] ?? null);
