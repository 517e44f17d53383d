import { count, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { WinnersDisplay } from '#contract/public';
import { intArray, type Queryable, rows } from '../../db/client.js';
import { learnerResults, olympiadResults, olympiads, schools, users } from '../../db/schema/index.js';
import { offsetOf, type Paging } from '../../platform/paging.js';

/** How many of the top of an olympiad, and of each grade, the past-winners page names (ties included). */
export const TOP_RANKS = 10;
export const GRADE_RANKS = 3;
/** A bound on each list however many learners tie (a public page stays small). */
const MAX_ROWS = 60;

const results = createSelectSchema(olympiadResults).shape;

/** A closed olympiad of a project (its window is over), with its results settings (the defaults without them). */
const PastOlympiadRow = createSelectSchema(olympiads)
  .pick({ id: true, varName: true, title: true, year: true, kind: true, startsAt: true, endsAt: true })
  .extend({
    publishedAt: results.publishedAt,
    winnersDisplay: results.winnersDisplay,
    awardRule: results.awardRule,
    learners: z.number(),
    schools: z.number(),
  });
export type PastOlympiadRow = z.infer<typeof PastOlympiadRow>;
const TotalRow = z.object({ total: z.number() });

/**
 * One page of a project's closed olympiads (the writing window is over), latest first, with how many learners
 * started writing and from how many schools. Learners and schools are counted per olympiad on the attempts'
 * olympiad index; a page is at most 50 olympiads.
 */
export async function pastOlympiads(q: Queryable, projectId: number, p: Pick<Paging, 'page' | 'pageSize'>) {
  const closed = sql`o.project_id = ${projectId} and o.ends_at is not null and o.ends_at <= now()`;
  const [items, [count]] = await Promise.all([
    rows(
      q,
      PastOlympiadRow,
      sql`select o.id, o.var_name as "varName", o.title, o.year, o.kind, o.starts_at as "startsAt",
          o.ends_at as "endsAt", r.published_at as "publishedAt",
          coalesce(r.winners_display, 'initial_surname') as "winnersDisplay", r.award_rule as "awardRule",
          coalesce(t.learners, 0)::int as learners, coalesce(t.schools, 0)::int as schools
        from olympiads o
        left join olympiad_results r on r.olympiad_id = o.id
        left join lateral (
          select count(*) as learners, count(distinct u.school_id) as schools
          from attempts a join users u on u.id = a.user_id
          where a.olympiad_id = o.id and a.started_at is not null
        ) t on true
        where ${closed}
        order by o.ends_at desc, o.id desc
        limit ${p.pageSize} offset ${offsetOf({ ...p, order: 'asc' })}`,
    ),
    rows(q, TotalRow, sql`select count(*)::int as total from olympiads o where ${closed}`),
  ]);
  return { items, total: count?.total ?? 0 };
}

/** A published learner result with what the public page may show of the learner. */
const WinnerRow = createSelectSchema(learnerResults)
  .pick({ olympiadId: true, rank: true, gradeRank: true, grade: true, award: true })
  .extend({
    firstName: createSelectSchema(users).shape.firstName,
    lastName: createSelectSchema(users).shape.lastName,
    school: createSelectSchema(schools).shape.name.nullable(),
  });
export type WinnerRow = z.infer<typeof WinnerRow>;

/**
 * The winners of published olympiads: the top `TOP_RANKS` ranks of each olympiad and the top `GRADE_RANKS` of
 * each grade (ties included, bounded), read from the published snapshot (learner_results) only.
 */
export async function winnersOf(q: Queryable, olympiadIds: number[]) {
  if (olympiadIds.length === 0) return { top: [], grades: [], awards: [] };
  const ids = intArray(olympiadIds);
  const columns = sql`lr.olympiad_id as "olympiadId", lr.rank, lr.grade_rank as "gradeRank", lr.grade, lr.award,
    u.first_name as "firstName", u.last_name as "lastName", s.name as school`;
  const joins = sql`from learner_results lr join users u on u.id = lr.user_id
    left join school_participants sp on sp.id = lr.school_participant_id
    left join schools s on s.id = sp.school_id`;
  const [top, grades, awards] = await Promise.all([
    rows(
      q,
      WinnerRow,
      sql`select * from (
          select ${columns}, row_number() over (partition by lr.olympiad_id order by lr.rank, u.last_name, u.id) as n
          ${joins} where lr.olympiad_id = any(${ids}) and lr.rank <= ${TOP_RANKS}
        ) w where n <= ${MAX_ROWS} order by "olympiadId", rank, "lastName"`,
    ),
    rows(
      q,
      WinnerRow,
      sql`select * from (
          select ${columns}, row_number() over (partition by lr.olympiad_id, lr.grade order by lr.grade_rank, u.last_name, u.id) as n
          ${joins} where lr.olympiad_id = any(${ids}) and lr.grade_rank <= ${GRADE_RANKS}
        ) w where n <= ${MAX_ROWS} order by "olympiadId", grade nulls last, "gradeRank", "lastName"`,
    ),
    q
      .select({ olympiadId: learnerResults.olympiadId, award: learnerResults.award, count: count() })
      .from(learnerResults)
      .where(sql`${learnerResults.olympiadId} = any(${ids})`)
      .groupBy(learnerResults.olympiadId, learnerResults.award),
  ]);
  return { top, grades, awards };
}

/** Stores the winners-display choice (the olympiad's results row is made when it has none yet). */
export async function saveWinnersDisplay(q: Queryable, olympiadId: number, display: WinnersDisplay) {
  await q.execute(sql`insert into olympiad_results (olympiad_id, winners_display) values (${olympiadId}, ${display})
    on conflict (olympiad_id) do update set winners_display = excluded.winners_display, updated_at = now()`);
}
