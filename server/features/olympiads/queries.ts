import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { GradeRange } from '#contract/grades';
import { type Queryable, type RowShape, rows } from '../../db/client.js';
import { olympiadGrants, olympiads, projects, subProjects, users } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/** The rows of a page and the total the list has (every row carries it, from `count(*) over ()`). */
async function page<S extends RowShape>(
  q: Queryable,
  shape: S,
  query: SQL,
): Promise<{ items: Array<z.output<S>>; total: number }> {
  const found = await rows(q, shape.extend({ total: z.number() }), query);
  return {
    items: found.map(({ total: _total, ...row }) => row as z.output<S>),
    total: Number(found[0]?.total ?? 0),
  };
}

const where = (parts: Array<SQL | undefined>) => {
  const given = parts.filter((p): p is SQL => p !== undefined);
  return given.length ? sql`where ${sql.join(given, sql` and `)}` : sql``;
};

// ---------------------------------------------------------------- projects

/** A project with the counts of its olympiads and sub-projects. */
const ProjectRow = createSelectSchema(projects)
  .pick({
    id: true,
    projectName: true,
    title: true,
    seoTitle: true,
    shareTitle: true,
    description: true,
    keywords: true,
    updatedAt: true,
  })
  .extend({ olympiadCount: z.number(), subProjectCount: z.number() });
export type ProjectRow = z.infer<typeof ProjectRow>;

const projectSelect = sql`select p.id, p.project_name as "projectName", p.title, p.seo_title as "seoTitle",
    p.share_title as "shareTitle", p.description, p.keywords, p.updated_at as "updatedAt",
    (select count(*)::int from olympiads o where o.project_id = p.id) as "olympiadCount",
    (select count(*)::int from sub_projects s where s.project_id = p.id) as "subProjectCount"`;

export async function listProjects(q: Queryable, p: Paging) {
  const like = p.search ? containsPattern(p.search) : null;
  return page(
    q,
    ProjectRow,
    sql`${projectSelect}, count(*) over ()::int as total from projects p
      ${where([like ? sql`(lower(p.project_name) like ${like} or lower(p.title) like ${like})` : undefined])}
      order by ${orderBy(p, { projectName: sql`p.project_name`, title: sql`p.title`, updatedAt: sql`p.updated_at` }, 'title', sql`p.id`)}
      limit ${p.pageSize} offset ${offsetOf(p)}`,
  );
}

export async function findProject(q: Queryable, id: number): Promise<ProjectRow | null> {
  const [row] = await rows(q, ProjectRow, sql`${projectSelect} from projects p where p.id = ${id}`);
  return row ?? null;
}

// ---------------------------------------------------------------- sub-projects

/** A sub-project with its project's name. */
const SubProjectRow = createSelectSchema(subProjects)
  .pick({ id: true, projectId: true, name: true, title: true, description: true, position: true })
  .extend({ projectName: createSelectSchema(projects).shape.projectName });
export type SubProjectRow = z.infer<typeof SubProjectRow>;

const subProjectSelect = sql`select s.id, s.project_id as "projectId", p.project_name as "projectName", s.name,
    s.title, s.description, s.position`;

export async function listSubProjects(q: Queryable, p: Paging & { projectId?: number | undefined }) {
  const like = p.search ? containsPattern(p.search) : null;
  const sorts = { name: sql`s.name`, title: sql`s.title`, position: sql`s.position`, projectName: sql`p.project_name` };
  return page(
    q,
    SubProjectRow,
    sql`${subProjectSelect}, count(*) over ()::int as total
      from sub_projects s join projects p on p.id = s.project_id
      ${where([
        p.projectId ? sql`s.project_id = ${p.projectId}` : undefined,
        like ? sql`(lower(s.name) like ${like} or lower(s.title) like ${like})` : undefined,
      ])}
      order by ${orderBy(p, sorts, 'position', sql`s.id`)}
      limit ${p.pageSize} offset ${offsetOf(p)}`,
  );
}

export async function findSubProject(q: Queryable, id: number): Promise<SubProjectRow | null> {
  const [row] = await rows(
    q,
    SubProjectRow,
    sql`${subProjectSelect} from sub_projects s join projects p on p.id = s.project_id where s.id = ${id}`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------- olympiads

/** An olympiad as its editors see it: its settings and its project's name. */
const OlympiadRow = createSelectSchema(olympiads)
  .pick({
    id: true,
    projectId: true,
    subProjectId: true,
    varName: true,
    title: true,
    year: true,
    kind: true,
    open: true,
    pinned: true,
    startsAt: true,
    endsAt: true,
    durationMinutes: true,
    feeCents: true,
    currency: true,
    teamSize: true,
    minGrade: true,
    maxGrade: true,
    instructions: true,
    declaration: true,
    shuffleOptions: true,
    showScore: true,
    paymentRequired: true,
    languages: true,
    defaultLanguage: true,
    translations: true,
    updatedAt: true,
  })
  .extend({
    projectName: createSelectSchema(projects).shape.projectName,
    /** The usernames of who verified its translations, by user id (decision 094). */
    verifierNames: z.record(z.string(), z.string()),
  });
export type OlympiadRow = z.infer<typeof OlympiadRow>;

export async function listOlympiads(
  q: Queryable,
  reach: Reach,
  p: Paging & { projectId?: number | undefined; open?: boolean | undefined },
) {
  const like = p.search ? containsPattern(p.search) : null;
  const sorts = {
    title: sql`o.title`,
    varName: sql`o.var_name`,
    year: sql`o.year`,
    startsAt: sql`o.starts_at`,
    projectName: sql`p.project_name`,
    updatedAt: sql`o.updated_at`,
  };
  return page(
    q,
    OlympiadRow,
    sql`select o.id, o.project_id as "projectId", p.project_name as "projectName", o.sub_project_id as "subProjectId",
        o.var_name as "varName", o.title, o.year, o.kind, o.open, o.pinned, o.starts_at as "startsAt",
        o.ends_at as "endsAt", o.duration_minutes as "durationMinutes", o.fee_cents as "feeCents", o.currency,
        o.team_size as "teamSize", o.min_grade as "minGrade", o.max_grade as "maxGrade", o.instructions, o.declaration, o.shuffle_options as "shuffleOptions", o.show_score as "showScore",
        o.payment_required as "paymentRequired", o.languages, o.default_language as "defaultLanguage", o.translations, ${verifierNamesOf(sql`o.translations`)} as "verifierNames", o.updated_at as "updatedAt", count(*) over ()::int as total
      from olympiads o join projects p on p.id = o.project_id
      ${where([
        reachSql(reach, sql`o.id`),
        p.projectId ? sql`o.project_id = ${p.projectId}` : undefined,
        p.open === undefined ? undefined : sql`o.open = ${p.open}`,
        like
          ? sql`(lower(o.var_name) like ${like} or lower(o.title) like ${like} or lower(p.project_name) like ${like})`
          : undefined,
      ])}
      order by ${orderBy(p, sorts, 'year', sql`o.id`)}
      limit ${p.pageSize} offset ${offsetOf(p)}`,
  );
}

/** The usernames of who verified the translations in a jsonb column (language → {verifiedBy, …}), by id. */
const verifierNamesOf = (column: SQL) => sql`(select coalesce(jsonb_object_agg(u.id::text, u.username), '{}'::jsonb)
    from users u where u.id in (select (t.value->>'verifiedBy')::int from jsonb_each(${column}) t
      where jsonb_typeof(t.value->'verifiedBy') = 'number'))`;

/** An olympiad's row with its project's name (and its translations' verifiers), for the presenter. */
export async function withProjectName(q: Queryable, olympiad: Olympiad): Promise<OlympiadRow> {
  const [project] = await rows(
    q,
    z.object({ projectName: z.string(), verifierNames: z.record(z.string(), z.string()) }),
    sql`select p.project_name as "projectName", ${verifierNamesOf(sql`o.translations`)} as "verifierNames"
        from olympiads o join projects p on p.id = o.project_id where o.id = ${olympiad.id}`,
  );
  return { ...olympiad, projectName: project?.projectName ?? '', verifierNames: project?.verifierNames ?? {} };
}

/** Does the sub-project exist, and under which project? */
export async function subProjectOwner(q: Queryable, id: number): Promise<number | null> {
  const [row] = await q.select({ projectId: subProjects.projectId }).from(subProjects).where(eq(subProjects.id, id));
  return row?.projectId ?? null;
}

// ---------------------------------------------------------------- grants

/** A grant with its holder's name and address. */
export type GrantRow = Awaited<ReturnType<typeof listGrants>>[number];

export async function listGrants(q: Queryable, olympiadId: number) {
  return q
    .select({
      userId: olympiadGrants.userId,
      olympiadId: olympiadGrants.olympiadId,
      role: olympiadGrants.role,
      createdAt: olympiadGrants.createdAt,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(olympiadGrants)
    .innerJoin(users, eq(users.id, olympiadGrants.userId))
    .where(eq(olympiadGrants.olympiadId, olympiadId))
    .orderBy(olympiadGrants.role, users.username);
}

/** Staff who can hold an olympiad grant: admins, accountants and funding staff, enabled. */
export async function searchStaff(q: Queryable, search: string, limit: number) {
  const like = containsPattern(search);
  return q
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, ['admin', 'accountant', 'funding']),
        sql`${users.disabledAt} is null`,
        or(
          ilike(users.username, like),
          ilike(users.email, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ),
      ),
    )
    .orderBy(asc(users.username))
    .limit(limit);
}

export async function findStaffUser(q: Queryable, id: number) {
  const [row] = await q
    .select({ id: users.id, role: users.role, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['admin', 'accountant', 'funding'])));
  return row ?? null;
}

/** Is anyone (a school or a country's team) entered in the olympiad? */
export async function hasEntries(q: Queryable, olympiadId: number) {
  const [row] = await rows(
    q,
    z.object({ any: z.boolean() }),
    sql`select exists (select 1 from school_participants where olympiad_id = ${olympiadId}) as "any"`,
  );
  return row?.any === true;
}

/**
 * The olympiad's learners whose grade is outside a range, by grade (decision 045). The olympiad's row is locked
 * first, so a learner import (which reads the range under a share lock) cannot slip past a narrowing.
 */
export async function learnersOutside(q: Queryable, olympiadId: number, range: GradeRange) {
  await q.execute(sql`select id from olympiads where id = ${olympiadId} for no key update`);
  return rows(
    q,
    z.object({ grade: z.number(), learners: z.number() }),
    sql`select grade, count(*)::int as learners from users
      where olympiad_id = ${olympiadId} and grade is not null
        and (grade < ${range.minGrade} or grade > ${range.maxGrade})
      group by grade order by grade`,
  );
}
