import { sql } from 'drizzle-orm';
import type { AnswerKey, AnswerValue } from '#contract/questions';
import { type Queryable, untypedRows } from '../../db/client.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/* SQL of the admin's and teacher's view of the day. */

export async function isSchoolInOlympiad(q: Queryable, schoolId: number, olympiadId: number) {
  const found = await untypedRows<{ id: number }>(
    q,
    sql`
    select id from school_participants where school_id = ${schoolId} and olympiad_id = ${olympiadId}`,
  );
  return found.length > 0;
}

/** The learners of an olympiad within a reach (one olympiad; a teacher's reach also narrows to their school). */
export async function sittingCounts(q: Queryable, reach: Reach) {
  const [row] = await untypedRows<{ not_started: number; writing: number; finished: number; active_now: number }>(
    q,
    sql`
    select count(*) filter (where a.started_at is null)::int as not_started,
           count(*) filter (where a.started_at is not null and a.finished_at is null)::int as writing,
           count(*) filter (where a.finished_at is not null)::int as finished,
           count(*) filter (where a.last_seen_at > now() - interval '2 minutes')::int as active_now
    from users u left join attempts a on a.user_id = u.id and a.olympiad_id = u.olympiad_id
    where u.role = 'learner' and ${reachSql(reach, sql`u.olympiad_id`, sql`u.school_id`)}`,
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
  return untypedRows<StartTimeDbRow>(
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
      order by ${orderBy(input, startTimeSorts, 'startedAt', sql`u.id`)}
      limit ${input.pageSize} offset ${offsetOf(input)}`,
  );
}

export async function deleteAttempt(q: Queryable, olympiadId: number, userId: number) {
  return untypedRows<{ id: number; started_at: Date | null; finished_at: Date | null; score: number | null }>(
    q,
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
  const [row] = await untypedRows<{ extra_minutes: number; deadline_at: Date | null }>(
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
  return untypedRows<{
    question_id: number;
    module_id: number;
    type: string;
    prompt: string;
    marks: number;
    answer_key: AnswerKey | null;
    options: { id: string; text: string }[];
    value: AnswerValue | null;
    flagged: boolean | null;
    saved_at: Date | null;
    marks_awarded: number | null;
  }>(
    q,
    sql`
    select qu.id as question_id, qu.module_id, qu.type, qu.prompt, qu.marks, qu.answer_key, qu.options,
           an.value, an.flagged, an.saved_at, an.marks_awarded
    from questions qu join question_modules m on m.id = qu.module_id
    left join answers an on an.question_id = qu.id and an.attempt_id = ${attemptId}
    where m.olympiad_id = ${olympiadId} and (qu.retired_at is null or an.attempt_id is not null)
    order by m.position, m.id, qu.position, qu.id`,
  );
}
