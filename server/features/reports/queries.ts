import { desc, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { FeedbackQuery } from '#contract/reports';
import { inTurn, type Queryable, rows } from '../../db/client.js';
import { attempts, olympiads, schools, users } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { offsetOf } from '../../platform/paging.js';

/*
 * SQL of the reports (decision 038). A user with an olympiad is a learner (users_learner_olympiad_ck), so learners
 * are counted on the olympiad column alone, from an index. Every figure is an aggregate over the rows themselves, grouped by olympiad,
 * each on an index that starts with the olympiad (no summary table to keep in step); days are South African days.
 */

const zone = sql.raw(`'Africa/Johannesburg'`);
const dayOf = (column: SQL) => sql`((${column}) at time zone ${zone})::date`;

/** A count per olympiad (`olympiad_id, count(*)::int as n … group by olympiad_id`). */
const OlympiadCountRow = z.object({ olympiadId: z.number(), n: z.number() });
/** A sum of cents per olympiad, as `::bigint` (int8 is read as a number). */
const OlympiadCentsRow = z.object({ olympiadId: z.number(), cents: z.number() });
const AttemptFiguresRow = z.object({
  olympiadId: z.number(),
  started: z.number(),
  writing: z.number(),
  finished: z.number(),
});
/** Mail per olympiad; site-wide mail has no olympiad. */
const MailFiguresRow = z.object({
  olympiadId: z.number().nullable(),
  sent: z.number(),
  waiting: z.number(),
  failed: z.number(),
});

/** Per olympiad within the reach: each figure of the overview (olympiads without a row have zeros). */
export async function figuresByOlympiad(q: Queryable, r: Reach) {
  const [list, entered, learners, attempted, invoiced, paid, mail] = await inTurn(
    () =>
      q
        .select({ id: olympiads.id, varName: olympiads.varName, title: olympiads.title, currency: olympiads.currency })
        .from(olympiads)
        .where(reachSql(r, sql`${olympiads.id}`))
        .orderBy(sql`${olympiads.startsAt} desc nulls last`, desc(olympiads.id)),
    () =>
      rows(
        q,
        OlympiadCountRow,
        sql`select olympiad_id, count(*)::int as n from school_participants
          where status <> 'withdrawn' and ${reachSql(r, sql`olympiad_id`)} group by olympiad_id`,
      ),
    () =>
      rows(
        q,
        OlympiadCountRow,
        sql`select olympiad_id, count(*)::int as n from users
          where olympiad_id is not null and ${reachSql(r, sql`olympiad_id`)} group by olympiad_id`,
      ),
    () =>
      rows(
        q,
        AttemptFiguresRow,
        sql`select olympiad_id, count(started_at)::int as started, count(finished_at)::int as finished,
            count(*) filter (where started_at is not null and finished_at is null
              and (deadline_at is null or deadline_at > now()))::int as writing
          from attempts where ${reachSql(r, sql`olympiad_id`)} group by olympiad_id`,
      ),
    () =>
      rows(
        q,
        OlympiadCentsRow,
        sql`select olympiad_id, coalesce(sum(total_cents), 0)::bigint as cents from invoices
          where ${reachSql(r, sql`olympiad_id`)} group by olympiad_id`,
      ),
    () =>
      rows(
        q,
        OlympiadCentsRow,
        sql`select olympiad_id, coalesce(sum(amount_cents), 0)::bigint as cents from payments
          where reversed_at is null and ${reachSql(r, sql`olympiad_id`)} group by olympiad_id`,
      ),
    () =>
      rows(
        q,
        MailFiguresRow,
        sql`select olympiad_id, count(*) filter (where status = 'sent')::int as sent,
            count(*) filter (where status in ('held', 'released', 'sending', 'outbox'))::int as waiting,
            count(*) filter (where status = 'failed')::int as failed
          from emails where ${reachSql(r, sql`olympiad_id`)} group by olympiad_id`,
      ),
  );
  const by = <T extends { olympiadId: number | null }>(list: T[]) => new Map(list.map((x) => [x.olympiadId, x]));
  return {
    olympiads: list,
    schools: by(entered),
    learners: by(learners),
    attempts: by(attempted),
    invoiced: by(invoiced),
    paid: by(paid),
    mail: by(mail),
  };
}
export type FiguresByOlympiad = Awaited<ReturnType<typeof figuresByOlympiad>>;

/** A South African day's figures; `day` is a date as text. */
const DayRow = z.object({
  day: z.string(),
  schools: z.number(),
  learners: z.number(),
  started: z.number(),
  mail: z.number(),
});
export type DayRow = z.infer<typeof DayRow>;

/** Per South African day: schools entered, learners loaded, learners started and mail sent. */
export async function overTime(q: Queryable, r: Reach) {
  return rows(
    q,
    DayRow,
    sql`select day::text as day, sum(schools)::int as schools, sum(learners)::int as learners,
          sum(started)::int as started, sum(mail)::int as mail from (
        select ${dayOf(sql`created_at`)} as day, count(*) as schools, 0 as learners, 0 as started, 0 as mail
          from school_participants where status <> 'withdrawn' and ${reachSql(r, sql`olympiad_id`)} group by 1
        union all
        select ${dayOf(sql`created_at`)}, 0, count(*), 0, 0 from users
          where olympiad_id is not null and ${reachSql(r, sql`olympiad_id`)} group by 1
        union all
        select ${dayOf(sql`started_at`)}, 0, 0, count(*), 0 from attempts
          where started_at is not null and ${reachSql(r, sql`olympiad_id`)} group by 1
        union all
        select ${dayOf(sql`sent_at`)}, 0, 0, 0, count(*) from emails
          where status = 'sent' and sent_at is not null and ${reachSql(r, sql`olympiad_id`)} group by 1
      ) t group by day order by day`,
  );
}

const ProvinceGradeRow = z.object({
  province: z.string(),
  grade: createSelectSchema(users).shape.grade,
  learners: z.number(),
});

/** Learners of an olympiad by their school's province and their grade. */
export const byProvinceGrade = (q: Queryable, olympiadId: number) =>
  rows(
    q,
    ProvinceGradeRow,
    sql`select coalesce(nullif(trim(s.province), ''), 'Not given') as province, u.grade, count(*)::int as learners
        from users u left join schools s on s.id = u.school_id
        where u.olympiad_id = ${olympiadId}
        group by 1, 2 order by 1, 2 nulls last`,
  );

/** Every day on which learners of the olympiad started, with how many. */
export const startDays = (q: Queryable, olympiadId: number) =>
  rows(
    q,
    z.object({ day: z.string(), starts: z.number() }),
    sql`select ${dayOf(sql`started_at`)}::text as day, count(*)::int as starts from attempts
        where olympiad_id = ${olympiadId} and started_at is not null group by 1 order by 1`,
  );

/** Starts per minute (HH:MM, South African time) on one South African day. */
export const startsPerMinute = (q: Queryable, olympiadId: number, day: string) =>
  rows(
    q,
    z.object({ minute: z.string(), starts: z.number() }),
    sql`select to_char(date_trunc('minute', started_at at time zone ${zone}), 'HH24:MI') as minute,
          count(*)::int as starts
        from attempts
        where olympiad_id = ${olympiadId}
          and started_at >= (${day}::date::timestamp at time zone ${zone})
          and started_at < ((${day}::date + 1)::timestamp at time zone ${zone})
        group by 1 order by 1`,
  );

/** Finished, marked attempts per band of ten percent (0 … 9; 100 % is in the last band). */
export const scoreBands = (q: Queryable, olympiadId: number) =>
  rows(
    q,
    z.object({ band: z.number(), learners: z.number() }),
    sql`select least(floor(score * 10 / max_score), 9)::int as band, count(*)::int as learners
        from attempts
        where olympiad_id = ${olympiadId} and finished_at is not null and score is not null and max_score > 0
        group by 1 order by 1`,
  );

/** One learner's feedback, with their name, grade and school. */
const FeedbackRow = createSelectSchema(users)
  .pick({ firstName: true, lastName: true, username: true, grade: true })
  .extend({
    attemptId: createSelectSchema(attempts).shape.id,
    learnerId: createSelectSchema(users).shape.id,
    schoolName: createSelectSchema(schools).shape.name.nullable(),
    rating: createSelectSchema(attempts).shape.feedbackRating,
    comment: createSelectSchema(attempts).shape.feedbackComment,
    at: z.date(),
  });
export type FeedbackRow = z.infer<typeof FeedbackRow>;

type FeedbackFilter = Pick<FeedbackQuery, 'schoolId' | 'grade' | 'rating' | 'comments'>;

/** Learners of the olympiad are joined only for a school or grade filter. */
const byLearner = (f: FeedbackFilter) => f.schoolId != null || f.grade != null;

const feedbackWhere = (olympiadId: number, f: FeedbackFilter, withRating: boolean) => {
  const parts: SQL[] = [sql`a.olympiad_id = ${olympiadId}`, sql`a.feedback_at is not null`];
  // An attempt's learner is a learner of its olympiad: saying so lets the grade filter read
  // users_learner_grade_idx and merge it with attempts_feedback_user_idx (decision 046).
  if (byLearner(f)) parts.push(sql`u.olympiad_id = ${olympiadId}`);
  if (f.schoolId != null) parts.push(sql`u.school_id = ${f.schoolId}`);
  if (f.grade != null) parts.push(sql`u.grade = ${f.grade}`);
  if (withRating && f.rating != null) parts.push(sql`a.feedback_rating = ${f.rating}`);
  if (f.comments === 'true') parts.push(sql`coalesce(a.feedback_comment, '') <> ''`);
  return sql.join(parts, sql` and `);
};

/**
 * The learners' feedback, newest first (attempts_feedback_idx reads one page without the rest: the order is the
 * index's own, `nulls last` included, or the planner sorts every feedback row instead); without `page`, every row
 * (the downloads). The total comes from `feedbackRatings`.
 */
export const feedback = (
  q: Queryable,
  olympiadId: number,
  f: FeedbackFilter,
  page?: { page: number; pageSize: number },
) =>
  rows(
    q,
    FeedbackRow,
    sql`select a.id as attempt_id, u.id as learner_id, u.first_name, u.last_name, u.username, u.grade,
          s.name as school_name, a.feedback_rating as rating, a.feedback_comment as comment, a.feedback_at as at
        from attempts a join users u on u.id = a.user_id left join schools s on s.id = u.school_id
        where ${feedbackWhere(olympiadId, f, true)}
        order by a.feedback_at desc nulls last, a.id desc nulls last
        ${page ? sql`limit ${page.pageSize} offset ${offsetOf({ ...page, order: 'asc' })}` : sql``}`,
  );

/**
 * Feedback per rating (null: none given), with the school, grade and comment filters (learners joined only for
 * those): attempts_feedback_user_idx alone, merged with users_learner_grade_idx under a grade filter.
 */
export const feedbackRatings = (q: Queryable, olympiadId: number, f: FeedbackFilter) =>
  rows(
    q,
    z.object({ rating: createSelectSchema(attempts).shape.feedbackRating, learners: z.number() }),
    sql`select a.feedback_rating as rating, count(*)::int as learners
        from attempts a ${byLearner(f) ? sql`join users u on u.id = a.user_id` : sql``}
        where ${feedbackWhere(olympiadId, f, false)} group by 1 order by 1 nulls last`,
  );

/** The schools entered in an olympiad, by name (the feedback filter). */
export const enteredSchools = (q: Queryable, olympiadId: number) =>
  rows(
    q,
    createSelectSchema(schools).pick({ id: true, name: true }),
    sql`select s.id, s.name from school_participants sp join schools s on s.id = sp.school_id
        where sp.olympiad_id = ${olympiadId} order by lower(s.name), s.id`,
  );

const DashboardUserRow = createSelectSchema(users)
  .pick({ id: true, firstName: true, lastName: true, username: true, role: true, email: true })
  .extend({ previous: z.date().nullable() });

/** The signed-in user, with the start of their session before this one. */
export async function dashboardUser(q: Queryable, userId: number, sessionId: number) {
  const [row] = await rows(
    q,
    DashboardUserRow,
    sql`select u.id, u.first_name, u.last_name, u.username, u.role, u.email,
          (select max(created_at) from sessions s where s.user_id = u.id and s.id <> ${sessionId}
             and s.impersonator_id is null) as previous
        from users u where u.id = ${userId}`,
  );
  return row;
}

/** The olympiads within a reach, newest first, with the actor's role in each. */
export const dashboardOlympiads = (q: Queryable, r: Reach, userId: number) =>
  rows(
    q,
    createSelectSchema(olympiads)
      .pick({ id: true, varName: true, title: true, startsAt: true, endsAt: true })
      .extend({ role: z.string().nullable() }),
    sql`select o.id, o.var_name, o.title, o.starts_at, o.ends_at,
          (select string_agg(g.role, ', ' order by g.role) from olympiad_grants g
            where g.olympiad_id = o.id and g.user_id = ${userId}) as role
        from olympiads o where ${reachSql(r, sql`o.id`)}
        order by o.starts_at desc nulls last, o.id desc limit 500`,
  );
