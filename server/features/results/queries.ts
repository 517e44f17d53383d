import { and, eq, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { LearnerResultsQuery } from '#contract/results';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import {
  attempts,
  learnerResults,
  olympiadResults,
  olympiads,
  questionModules,
  schoolParticipants,
  schools,
  users,
} from '../../db/schema/index.js';
import { containsPattern } from '../../platform/paging.js';
import type { SchoolOf, Standing } from './standings.js';

/* SQL of the results: settings, final scores, the published snapshot (learner_results) and its lists. */

const results = createSelectSchema(olympiadResults).shape;

/**
 * An olympiad with its results settings (none saved: nulls). The rule is the saved JSON as it is (`savedAwardRule`):
 * the loader reads it through the contract; `publishedBy` is the publisher's name.
 */
const ResultsRow = createSelectSchema(olympiads)
  .pick({ varName: true, title: true, kind: true, endsAt: true, minGrade: true, maxGrade: true })
  .extend({
    olympiadId: createSelectSchema(olympiads).shape.id,
    savedAwardRule: results.awardRule,
    topSchoolsBestN: results.topSchoolsBestN.nullable(),
    publishedAt: results.publishedAt,
    publishedBy: z.string().nullable(),
  });
export type ResultsRow = z.infer<typeof ResultsRow>;

/** An olympiad with its results settings (none saved: nulls). */
export async function findResults(q: Queryable, olympiadId: number): Promise<ResultsRow | null> {
  const [row] = await rows(
    q,
    ResultsRow,
    sql`select o.id as olympiad_id, o.var_name, o.title, o.kind, o.ends_at, o.min_grade, o.max_grade,
          r.award_rule as saved_award_rule, r.top_schools_best_n,
          r.published_at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
            as published_by
        from olympiads o
        left join olympiad_results r on r.olympiad_id = o.id
        left join users u on u.id = r.published_by
        where o.id = ${olympiadId}`,
  );
  return row ?? null;
}

/** The school participant of a school in an olympiad (a teacher's entry), if it is entered. */
export async function participantOf(q: Queryable, olympiadId: number, schoolId: number): Promise<number | null> {
  const [row] = await q
    .select({ id: schoolParticipants.id })
    .from(schoolParticipants)
    .where(and(eq(schoolParticipants.olympiadId, olympiadId), eq(schoolParticipants.schoolId, schoolId)));
  return row?.id ?? null;
}

export async function participantOlympiad(q: Queryable, id: number): Promise<number | null> {
  const [row] = await q
    .select({ olympiadId: schoolParticipants.olympiadId })
    .from(schoolParticipants)
    .where(eq(schoolParticipants.id, id));
  return row?.olympiadId ?? null;
}

export async function saveSettings(
  q: Queryable,
  olympiadId: number,
  awardRule: Record<string, unknown>,
  topSchoolsBestN: number,
) {
  await q.execute(sql`
    insert into olympiad_results (olympiad_id, award_rule, top_schools_best_n, updated_at)
    values (${olympiadId}, ${JSON.stringify(awardRule)}::jsonb, ${topSchoolsBestN}, now())
    on conflict (olympiad_id) do update
      set award_rule = excluded.award_rule, top_schools_best_n = excluded.top_schools_best_n, updated_at = now()`);
}

const CountsRow = z.object({
  learners: z.number(),
  finished: z.number(),
  marked: z.number(),
  disqualified: z.number(),
  adjusted: z.number(),
  counted: z.number(),
});

/** The attempts behind the results: registered, finished, marked, disqualified, adjusted, counted. */
export async function counts(q: Queryable, olympiadId: number) {
  const [row] = await rows(
    q,
    CountsRow,
    sql`select
      (select count(*)::int from users where olympiad_id = ${olympiadId} and role = 'learner') as learners,
      count(*) filter (where a.finished_at is not null)::int as finished,
      count(*) filter (where a.finished_at is not null and a.marked_at is not null and a.score is not null)::int
        as marked,
      count(*) filter (where m.decision = 'disqualified')::int as disqualified,
      count(*) filter (where m.decision = 'adjusted')::int as adjusted,
      count(*) filter (where ${counted})::int as counted
    from attempts a left join attempt_moderations m on m.attempt_id = a.id
    where a.olympiad_id = ${olympiadId}`,
  );
  return {
    learners: row?.learners ?? 0,
    finished: row?.finished ?? 0,
    marked: row?.marked ?? 0,
    disqualified: row?.disqualified ?? 0,
    adjusted: row?.adjusted ?? 0,
    counted: row?.counted ?? 0,
  };
}

/** An attempt counts: finished and marked, neither disqualified nor reset (r13-common.md). */
const counted = sql`a.finished_at is not null and a.marked_at is not null and a.score is not null
  and coalesce(m.decision, 'cleared') not in ('disqualified', 'reset')`;

/** A counted attempt's final score with the learner's school: an Entrant of the standings, and its module scores. */
const FinalScore = z.object({
  attemptId: createSelectSchema(attempts).shape.id,
  userId: createSelectSchema(attempts).shape.userId,
  schoolParticipantId: createSelectSchema(schoolParticipants).shape.id.nullable(),
  schoolName: createSelectSchema(schools).shape.name.nullable(),
  grade: createSelectSchema(users).shape.grade,
  province: createSelectSchema(schools).shape.province,
  score: z.number(),
  maxScore: z.number(),
  moduleScores: createSelectSchema(attempts).shape.moduleScores,
});
export type FinalScore = z.infer<typeof FinalScore>;

/** Every counted attempt's final score (an adjusted score replaces the marked one), with the learner's school. */
export async function finalScores(q: Queryable, olympiadId: number): Promise<FinalScore[]> {
  return rows(
    q,
    FinalScore,
    sql`select a.id as attempt_id, a.user_id, sp.id as school_participant_id, s.name as school_name, u.grade,
          nullif(s.province, '') as province,
          case when m.decision = 'adjusted' then m.adjusted_score else a.score end as score,
          coalesce(a.max_score, 0) as max_score, a.module_scores
        from attempts a
        join users u on u.id = a.user_id
        left join attempt_moderations m on m.attempt_id = a.id
        left join schools s on s.id = u.school_id
        left join school_participants sp on sp.school_id = u.school_id and sp.olympiad_id = a.olympiad_id
        where a.olympiad_id = ${olympiadId} and ${counted}
        order by a.id`,
  );
}

/** Writes the snapshot as a whole: the olympiad's earlier rows go, the new ones come in one statement. */
/**
 * Holds the olympiad's row until the caller's transaction ends, so two publishes of one olympiad take turns: the
 * second deletes the snapshot the first wrote instead of inserting beside it (a duplicate key, a 500, on PostgreSQL).
 */
export async function lockForPublishing(q: Queryable, olympiadId: number) {
  await q.execute(sql`select 1 from olympiads where id = ${olympiadId} for update`);
}

export async function replaceSnapshot(
  q: Queryable,
  olympiadId: number,
  list: ReadonlyArray<Standing & Pick<FinalScore, 'moduleScores'>>,
) {
  await q.execute(sql`delete from learner_results where olympiad_id = ${olympiadId}`);
  if (!list.length) return;
  const payload = list.map((s) => ({
    a: s.attemptId,
    u: s.userId,
    sp: s.schoolParticipantId,
    g: s.grade,
    p: s.province,
    s: s.score,
    mx: s.maxScore,
    pc: s.percent,
    pl: s.percentile,
    r: s.rank,
    gr: s.gradeRank,
    pr: s.provinceRank,
    aw: s.award,
    b: s.bestInSchool,
    ms: s.moduleScores,
  }));
  await q.execute(sql`
    insert into learner_results (attempt_id, olympiad_id, user_id, school_participant_id, grade, province, score,
      max_score, percent, percentile, rank, grade_rank, province_rank, award, best_in_school, module_scores)
    select v.a, ${olympiadId}, v.u, v.sp, v.g, v.p, v.s, v.mx, v.pc, v.pl, v.r, v.gr, v.pr, v.aw, v.b, v.ms
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as v(a int, u int, sp int, g int, p text, s real,
      mx real, pc real, pl real, r int, gr int, pr int, aw text, b boolean, ms jsonb)`);
}

export async function setPublished(q: Queryable, olympiadId: number, by: number | null) {
  const [row] = await rows(
    q,
    createSelectSchema(olympiadResults).pick({ publishedAt: true }),
    sql`insert into olympiad_results (olympiad_id, published_at, published_by, updated_at)
        values (${olympiadId}, ${by == null ? null : sql`now()`}, ${by}, now())
        on conflict (olympiad_id) do update
          set published_at = excluded.published_at, published_by = excluded.published_by, updated_at = now()
        returning published_at`,
  );
  return row?.publishedAt ?? null;
}

export async function snapshotRows(q: Queryable, olympiadId: number): Promise<number> {
  const [row] = await rows(
    q,
    CountRow,
    sql`select count(*)::int as n from learner_results where olympiad_id = ${olympiadId}`,
  );
  return row?.n ?? 0;
}

/** The language a learner wrote in (decision 096): the attempt's, else the olympiad's default (decision 090). */
const WrittenLanguage = z.enum(['en', 'af']);
const writtenIn = sql`coalesce((select t.language from attempts t where t.id = lr.attempt_id),
  (select o.default_language from olympiads o where o.id = lr.olympiad_id))`;

/** A learner's published row with their names and school, and how many rows the filter found (`total`). */
const SnapshotRow = createSelectSchema(learnerResults)
  .pick({
    attemptId: true,
    userId: true,
    schoolParticipantId: true,
    province: true,
    grade: true,
    score: true,
    maxScore: true,
    percent: true,
    percentile: true,
    rank: true,
    gradeRank: true,
    provinceRank: true,
    award: true,
    bestInSchool: true,
    moduleScores: true,
  })
  .extend({
    ...createSelectSchema(users).pick({ username: true, firstName: true, lastName: true }).shape,
    schoolName: createSelectSchema(schools).shape.name.nullable(),
    language: WrittenLanguage,
    total: z.number(),
  });
export type SnapshotRow = z.infer<typeof SnapshotRow>;

const sorts: Record<(typeof import('#contract/results').learnerResultSorts)[number], SQL> = {
  rank: sql`lr.rank`,
  name: sql`lower(u.last_name || ' ' || u.first_name)`,
  school: sql`lower(s.name)`,
  grade: sql`lr.grade`,
  score: sql`lr.score`,
  province: sql`lr.province`,
};

export interface SnapshotFilter extends Partial<Omit<LearnerResultsQuery, 'page' | 'pageSize'>> {
  olympiadId: number;
  schoolParticipantId?: number | null | undefined;
  /** Omitted: every row (a download). */
  page?: number;
  pageSize?: number;
}

/** A page of the published snapshot, filtered and sorted (rank, then name, breaks ties). */
export async function snapshot(q: Queryable, f: SnapshotFilter): Promise<SnapshotRow[]> {
  const where: SQL[] = [sql`lr.olympiad_id = ${f.olympiadId}`];
  if (f.schoolParticipantId != null) where.push(sql`lr.school_participant_id = ${f.schoolParticipantId}`);
  if (f.grade != null) where.push(sql`lr.grade = ${f.grade}`);
  if (f.province) where.push(sql`lr.province = ${f.province}`);
  if (f.award != null && f.award !== '')
    where.push(f.award === 'none' ? sql`lr.award = ''` : sql`lr.award = ${f.award}`);
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(sql`(lower(u.first_name || ' ' || u.last_name) like ${like} or lower(u.username) like ${like}
      or lower(coalesce(s.name, '')) like ${like})`);
  }
  const dir = f.order === 'desc' ? sql`desc` : sql`asc`;
  const paged =
    f.page != null && f.pageSize != null ? sql`limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}` : sql``;
  return rows(
    q,
    SnapshotRow,
    sql`select lr.attempt_id, lr.user_id, u.username, u.first_name, u.last_name, lr.school_participant_id,
          s.name as school_name, lr.province, lr.grade, lr.score, lr.max_score, lr.percent, lr.percentile, lr.rank,
          lr.grade_rank, lr.province_rank, lr.award, lr.best_in_school, lr.module_scores,
          ${writtenIn} as language, count(*) over ()::int as total
        from learner_results lr
        join users u on u.id = lr.user_id
        left join school_participants sp on sp.id = lr.school_participant_id
        left join schools s on s.id = sp.school_id
        where ${sql.join(where, sql` and `)}
        order by ${sorts[f.sort ?? 'rank']} ${dir} nulls last, lr.rank, lower(u.last_name), lr.attempt_id
        ${paged}`,
  );
}

/** The schools of an olympiad's participants, for the top schools. */
export async function schoolsOf(q: Queryable, olympiadId: number): Promise<Map<number, SchoolOf>> {
  const found = await rows(
    q,
    createSelectSchema(schools)
      .pick({ name: true, province: true })
      .extend({
        id: createSelectSchema(schoolParticipants).shape.id,
      }),
    sql`select sp.id, s.name, nullif(s.province, '') as province
        from school_participants sp join schools s on s.id = sp.school_id where sp.olympiad_id = ${olympiadId}`,
  );
  return new Map(
    found.map((r) => [r.id, { schoolParticipantId: r.id, schoolName: r.name, province: r.province }] as const),
  );
}

/** The snapshot's scores, for the top schools of a published olympiad. */
export async function snapshotScores(q: Queryable, olympiadId: number) {
  return q
    .select({
      schoolParticipantId: learnerResults.schoolParticipantId,
      score: learnerResults.score,
      maxScore: learnerResults.maxScore,
    })
    .from(learnerResults)
    .where(eq(learnerResults.olympiadId, olympiadId));
}

/** The olympiad's modules in paper order (the downloads' module columns). */
export async function modulesOf(q: Queryable, olympiadId: number) {
  return q
    .select({ moduleId: questionModules.id, title: questionModules.title })
    .from(questionModules)
    .where(eq(questionModules.olympiadId, olympiadId))
    .orderBy(questionModules.position, questionModules.id);
}

const OwnResultRow = createSelectSchema(learnerResults)
  .pick({ score: true, maxScore: true, percent: true, award: true, bestInSchool: true, rank: true, gradeRank: true })
  .extend({ counted: z.number(), gradeCounted: z.number().nullable(), language: WrittenLanguage });

/** A learner's own published row, with how many were ranked overall and in their grade. */
export async function ownResult(q: Queryable, olympiadId: number, userId: number) {
  const [row] = await rows(
    q,
    OwnResultRow,
    sql`select lr.score, lr.max_score, lr.percent, lr.award, lr.best_in_school, lr.rank, lr.grade_rank,
          (select count(*)::int from learner_results x where x.olympiad_id = lr.olympiad_id) as counted,
          case when lr.grade is null then null else
            (select count(*)::int from learner_results x where x.olympiad_id = lr.olympiad_id and x.grade = lr.grade)
          end as grade_counted, ${writtenIn} as language
        from learner_results lr where lr.olympiad_id = ${olympiadId} and lr.user_id = ${userId}`,
  );
  return row ?? null;
}
