import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { IdRow, type Queryable, rows } from '../../db/client.js';
import { answers, attempts, questions, schools, users } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';
import { StoredAnswerKey } from './paper-queries.js';

/* SQL of the admin's and teacher's view of the day. */

export async function isSchoolInOlympiad(q: Queryable, schoolId: number, olympiadId: number) {
  const found = await rows(
    q,
    IdRow,
    sql`
    select id from school_participants where school_id = ${schoolId} and olympiad_id = ${olympiadId}`,
  );
  return found.length > 0;
}

/** How many learners have not started, are writing, have finished, and were seen in the last two minutes. */
const SittingCountsRow = z.object({
  notStarted: z.number(),
  writing: z.number(),
  finished: z.number(),
  activeNow: z.number(),
});

/** The learners of an olympiad within a reach (one olympiad; a teacher's reach also narrows to their school). */
export async function sittingCounts(q: Queryable, reach: Reach) {
  const [row] = await rows(
    q,
    SittingCountsRow,
    sql`
    select count(*) filter (where a.started_at is null)::int as not_started,
           count(*) filter (where a.started_at is not null and a.finished_at is null)::int as writing,
           count(*) filter (where a.finished_at is not null)::int as finished,
           count(*) filter (where a.last_seen_at > now() - interval '2 minutes')::int as active_now
    from users u left join attempts a on a.user_id = u.id and a.olympiad_id = u.olympiad_id
    where u.role = 'learner' and ${reachSql(reach, sql`u.olympiad_id`, sql`u.school_id`)}`,
  );
  return {
    notStarted: Number(row?.notStarted ?? 0),
    writing: Number(row?.writing ?? 0),
    finished: Number(row?.finished ?? 0),
    activeNow: Number(row?.activeNow ?? 0),
  };
}

const attemptColumn = createSelectSchema(attempts).shape;

/** A learner on the start-times page: their attempt's columns are null before they have one (a left join). */
const StartTimeDbRow = createSelectSchema(users)
  .pick({ username: true, firstName: true, lastName: true, grade: true, schoolId: true })
  .extend({
    learnerId: createSelectSchema(users).shape.id,
    schoolName: createSelectSchema(schools).shape.name.nullable(),
    status: z.enum(['not_started', 'writing', 'finished']),
    startedAt: attemptColumn.startedAt,
    deadlineAt: attemptColumn.deadlineAt,
    finishedAt: attemptColumn.finishedAt,
    finishReason: attemptColumn.finishReason,
    extraMinutes: attemptColumn.extraMinutes.nullable(),
    lastSeenAt: attemptColumn.lastSeenAt,
    ipChanges: attemptColumn.ipChanges.nullable(),
    score: attemptColumn.score,
    maxScore: attemptColumn.maxScore,
    total: z.number(),
  });
export type StartTimeDbRow = z.infer<typeof StartTimeDbRow>;

const startTimeSorts = {
  learner: sql`lower(u.last_name || ' ' || u.first_name)`,
  school: sql`lower(s.name)`,
  startedAt: sql`a.started_at`,
  finishedAt: sql`a.finished_at`,
  status: sql`status`,
  lastSeenAt: sql`a.last_seen_at`,
};

export async function startTimes(
  q: Queryable,
  input: Paging & { olympiadId: number; status?: 'not_started' | 'writing' | 'finished' | undefined },
) {
  const like = input.search ? containsPattern(input.search) : null;
  return rows(
    q,
    StartTimeDbRow,
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
      order by ${orderBy(input, startTimeSorts, 'startedAt', sql`u.id`)}
      limit ${input.pageSize} offset ${offsetOf(input)}`,
  );
}

export async function deleteAttempt(q: Queryable, olympiadId: number, userId: number) {
  return rows(
    q,
    createSelectSchema(attempts).pick({ id: true, startedAt: true, finishedAt: true, score: true }),
    sql`
    delete from attempts where olympiad_id = ${olympiadId} and user_id = ${userId}
    returning id, started_at, finished_at, score`,
  );
}

/** Sets a learner's extra minutes (creating the attempt if needed) and moves a running deadline. */
export async function setExtraMinutes(q: Queryable, olympiad: { id: number }, userId: number, minutes: number) {
  await q.execute(sql`
    insert into attempts (olympiad_id, user_id, extra_minutes) values (${olympiad.id}, ${userId}, ${minutes})
    on conflict (olympiad_id, user_id) do update set extra_minutes = excluded.extra_minutes`);
  const [row] = await rows(
    q,
    createSelectSchema(attempts).pick({ extraMinutes: true, deadlineAt: true }),
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

/** A question of the paper with the learner's answer to it, if any (a left join). */
const SubmittedAnswerRow = createSelectSchema(questions)
  .pick({ moduleId: true, type: true, prompt: true, marks: true, options: true, targets: true, gapText: true })
  .extend({
    questionId: createSelectSchema(questions).shape.id,
    answerKey: StoredAnswerKey,
    value: createSelectSchema(answers).shape.value.nullable(),
    flagged: createSelectSchema(answers).shape.flagged.nullable(),
    savedAt: createSelectSchema(answers).shape.savedAt.nullable(),
    givenAt: createSelectSchema(answers).shape.givenAt,
    syncedLate: createSelectSchema(answers).shape.syncedLate.nullable(),
    marksAwarded: createSelectSchema(answers).shape.marksAwarded,
  });

export async function submittedAnswers(q: Queryable, olympiadId: number, attemptId: number | null) {
  return rows(
    q,
    SubmittedAnswerRow,
    sql`
    select qu.id as question_id, qu.module_id, qu.type, qu.prompt, qu.marks, qu.answer_key, qu.options,
           qu.targets, qu.gap_text, an.value, an.flagged, an.saved_at,
           coalesce(an.given_at, an.saved_at) as given_at, an.synced_late, an.marks_awarded
    from questions qu join question_modules m on m.id = qu.module_id
    left join answers an on an.question_id = qu.id and an.attempt_id = ${attemptId}
    where m.olympiad_id = ${olympiadId} and (qu.retired_at is null or an.attempt_id is not null)
    order by m.position, m.id, qu.position, qu.id`,
  );
}
