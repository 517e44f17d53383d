import { and, eq, inArray, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { AnswerKey } from '#contract/questions';
import { defaultModerationSettings, ModerationSettings, type ModerationSettings as Settings } from '#contract/results';
import { IdRow, type Queryable, intArray, rows } from '../../../db/client.js';
import {
  answers,
  attempts,
  jobs,
  olympiadResults,
  questionModules,
  questions,
  sessions,
  users,
} from '../../../db/schema/index.js';

/* SQL of the flags' computation: the thresholds, what the flags are computed from, the flags written, the job. */

/** The olympiad's thresholds: what was saved over the defaults (a setting added later takes its default). */
export async function settingsOf(q: Queryable, olympiadId: number): Promise<Settings> {
  const [row] = await q
    .select({ moderationSettings: olympiadResults.moderationSettings })
    .from(olympiadResults)
    .where(eq(olympiadResults.olympiadId, olympiadId));
  const parsed = ModerationSettings.safeParse({ ...defaultModerationSettings, ...(row?.moderationSettings ?? {}) });
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
  const [row] = await rows(
    q,
    createSelectSchema(olympiadResults).pick({ flagsComputedAt: true }),
    sql`select flags_computed_at from olympiad_results where olympiad_id = ${olympiadId} for update`,
  );
  return row!;
}

/** A finished, marked attempt with its learner's school. */
const FinishedAttempt = createSelectSchema(attempts)
  .pick({ id: true, userId: true, startedAt: true, score: true, maxScore: true, ipChanges: true, lastIp: true })
  .extend({ schoolId: createSelectSchema(users).shape.schoolId, finishedAt: z.date() });
export type FinishedAttempt = z.infer<typeof FinishedAttempt>;

/** The finished, marked attempts of an olympiad (what every flag looks at) after `afterId`, by id, `limit` of them. */
export const finishedAttempts = (q: Queryable, olympiadId: number, afterId: number, limit: number) =>
  rows(
    q,
    FinishedAttempt,
    sql`select a.id, a.user_id, u.school_id, a.started_at, a.finished_at, a.score, a.max_score, a.ip_changes, a.last_ip
        from attempts a join users u on u.id = a.user_id
        where a.olympiad_id = ${olympiadId} and a.id > ${afterId}
          and a.finished_at is not null and a.marked_at is not null
        order by a.id limit ${limit}`,
  );

/**
 * A stored key: the column is json to drizzle, so the shape names the contract's key (every key is written through
 * that schema).
 */
const StoredAnswerKey = z.custom<AnswerKey | null>((v) => v === null || AnswerKey.safeParse(v).success);

/** A question of the paper with its module's title. */
const PaperQuestion = createSelectSchema(questions)
  .pick({
    id: true,
    type: true,
    prompt: true,
    options: true,
    targets: true,
    gapText: true,
    imageWidth: true,
    imageHeight: true,
    marks: true,
  })
  .extend({ module: createSelectSchema(questionModules).shape.title, answerKey: StoredAnswerKey });
export type PaperQuestion = z.infer<typeof PaperQuestion>;

/** The paper's questions in order (retired ones are neither shown nor marked). */
export const paperQuestions = (q: Queryable, olympiadId: number) =>
  rows(
    q,
    PaperQuestion,
    sql`select q.id, q.type, q.prompt, q.options, q.targets, q.gap_text, q.image_width, q.image_height, q.marks,
          q.answer_key,
          m.title as module
        from questions q join question_modules m on m.id = q.module_id
        where m.olympiad_id = ${olympiadId} and q.retired_at is null
        order by m.position, m.id, q.position, q.id`,
  );

const AnswerRow = createSelectSchema(answers).pick({
  attemptId: true,
  questionId: true,
  value: true,
  marksAwarded: true,
  syncedLate: true,
});

/** The answers of these attempts (a pair, or a batch of the finished ones: see `computeFlags`). */
export const answersOf = (q: Queryable, attemptIds: readonly number[]) =>
  rows(
    q,
    AnswerRow,
    sql`select attempt_id, question_id, value, marks_awarded, synced_late from answers
        where attempt_id = any(${intArray(attemptIds)})`,
  );

/** A learner's session: when it began and ended (revoked, else expired), from where, in which browser. */
const SessionRow = createSelectSchema(sessions)
  .pick({ userId: true, createdAt: true, ip: true, userAgent: true })
  .extend({ endedAt: z.date() });
export type SessionRow = z.infer<typeof SessionRow>;

/** The learners' own sessions (not an admin acting as them) alive at some moment of these attempts (a batch). */
export const attemptSessions = (q: Queryable, attemptIds: readonly number[]) =>
  rows(
    q,
    SessionRow,
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
  rows(
    q,
    IdRow,
    sql`select o.id from olympiads o
        where o.ends_at is not null and o.ends_at < now()
          and not exists (select 1 from olympiad_results r where r.olympiad_id = o.id and r.flags_computed_at is not null)
          and not exists (select 1 from jobs j where j.kind = ${kind} and j.olympiad_id = o.id)
          and exists (select 1 from attempts a where a.olympiad_id = o.id and a.finished_at is not null)
        order by o.ends_at limit 20`,
  );

/** A computation of the olympiad that is queued or running (one at a time). */
export const activeJob = (q: Queryable, olympiadId: number, kind: string) =>
  q
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.olympiadId, olympiadId), inArray(jobs.status, ['queued', 'running'])))
    .limit(1)
    .then((r) => r[0] ?? null);

/** Any computation of the olympiad, running or finished (the automatic start happens once). */
export const anyJob = (q: Queryable, olympiadId: number, kind: string) =>
  q
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.olympiadId, olympiadId)))
    .limit(1)
    .then((r) => r[0] ?? null);

/** A computation as the summary shows it, with the name of whoever started it. */
const JobView = createSelectSchema(jobs)
  .pick({
    id: true,
    status: true,
    phase: true,
    done: true,
    total: true,
    error: true,
    result: true,
    createdAt: true,
    finishedAt: true,
  })
  .extend({ startedBy: z.string().nullable() });
export type JobView = z.infer<typeof JobView>;

export const latestJob = (q: Queryable, olympiadId: number, kind: string) =>
  rows(
    q,
    JobView,
    sql`select j.id, j.status, j.phase, j.done, j.total, j.error, j.result, j.created_at, j.finished_at,
               nullif(btrim(u.first_name || ' ' || u.last_name), '') as started_by
        from jobs j left join users u on u.id = j.created_by
        where j.kind = ${kind} and j.olympiad_id = ${olympiadId}
        order by j.id desc limit 1`,
  ).then((r) => r[0] ?? null);
