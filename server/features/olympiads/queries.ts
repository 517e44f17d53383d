import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { olympiadGrants, olympiads, projects, subProjects, users } from '../../db/schema/index.js';

export interface Paging {
  page: number;
  pageSize: number;
  search?: string | undefined;
  order: 'asc' | 'desc';
}

const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const direction = (order: 'asc' | 'desc', column: PgColumn | SQL) => (order === 'desc' ? desc(column) : asc(column));
const total = sql<number>`count(*) over ()`.mapWith(Number);

function paged<T extends { total: number }>(rows: T[], p: Paging) {
  return { items: rows, total: rows[0]?.total ?? 0, page: p.page, pageSize: p.pageSize };
}

// ---------------------------------------------------------------- projects

const projectColumns = {
  id: projects.id,
  projectName: projects.projectName,
  title: projects.title,
  seoTitle: projects.seoTitle,
  shareTitle: projects.shareTitle,
  description: projects.description,
  keywords: projects.keywords,
  updatedAt: projects.updatedAt,
  olympiadCount: sql<number>`(select count(*)::int from olympiads o where o.project_id = "projects"."id")`.mapWith(
    Number,
  ),
  subProjectCount: sql<number>`(select count(*)::int from sub_projects s where s.project_id = "projects"."id")`.mapWith(
    Number,
  ),
};

export async function listProjects(q: Queryable, p: Paging & { sort: 'projectName' | 'title' | 'updatedAt' }) {
  const sortColumn = { projectName: projects.projectName, title: projects.title, updatedAt: projects.updatedAt }[
    p.sort
  ];
  const rows = await q
    .select({ ...projectColumns, total })
    .from(projects)
    .where(
      p.search ? or(ilike(projects.projectName, like(p.search)), ilike(projects.title, like(p.search))) : undefined,
    )
    .orderBy(direction(p.order, sortColumn), asc(projects.id))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize);
  return paged(rows, p);
}

export async function findProject(q: Queryable, id: number) {
  const [row] = await q.select(projectColumns).from(projects).where(eq(projects.id, id));
  return row ?? null;
}
export type ProjectRow = NonNullable<Awaited<ReturnType<typeof findProject>>>;

// ---------------------------------------------------------------- sub-projects

const subProjectColumns = {
  id: subProjects.id,
  projectId: subProjects.projectId,
  projectName: projects.projectName,
  name: subProjects.name,
  title: subProjects.title,
  description: subProjects.description,
  position: subProjects.position,
};

export async function listSubProjects(
  q: Queryable,
  p: Paging & { sort: 'name' | 'title' | 'position' | 'projectName'; projectId?: number | undefined },
) {
  const sortColumn = {
    name: subProjects.name,
    title: subProjects.title,
    position: subProjects.position,
    projectName: projects.projectName,
  }[p.sort];
  const rows = await q
    .select({ ...subProjectColumns, total })
    .from(subProjects)
    .innerJoin(projects, eq(projects.id, subProjects.projectId))
    .where(
      and(
        p.projectId ? eq(subProjects.projectId, p.projectId) : undefined,
        p.search ? or(ilike(subProjects.name, like(p.search)), ilike(subProjects.title, like(p.search))) : undefined,
      ),
    )
    .orderBy(direction(p.order, sortColumn), asc(subProjects.id))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize);
  return paged(rows, p);
}

export async function findSubProject(q: Queryable, id: number) {
  const [row] = await q
    .select(subProjectColumns)
    .from(subProjects)
    .innerJoin(projects, eq(projects.id, subProjects.projectId))
    .where(eq(subProjects.id, id));
  return row ?? null;
}
export type SubProjectRow = NonNullable<Awaited<ReturnType<typeof findSubProject>>>;

// ---------------------------------------------------------------- olympiads

const olympiadColumns = {
  id: olympiads.id,
  projectId: olympiads.projectId,
  projectName: projects.projectName,
  subProjectId: olympiads.subProjectId,
  varName: olympiads.varName,
  title: olympiads.title,
  year: olympiads.year,
  kind: olympiads.kind,
  open: olympiads.open,
  pinned: olympiads.pinned,
  startsAt: olympiads.startsAt,
  endsAt: olympiads.endsAt,
  durationMinutes: olympiads.durationMinutes,
  feeCents: olympiads.feeCents,
  currency: olympiads.currency,
  instructions: olympiads.instructions,
  declaration: olympiads.declaration,
  shuffleOptions: olympiads.shuffleOptions,
  showScore: olympiads.showScore,
  languages: olympiads.languages,
  updatedAt: olympiads.updatedAt,
};

export async function listOlympiads(
  q: Queryable,
  p: Paging & {
    sort: 'title' | 'varName' | 'year' | 'startsAt' | 'projectName' | 'updatedAt';
    projectId?: number | undefined;
    open?: boolean | undefined;
    /** null: every olympiad (overlord). */
    visibleIds: number[] | null;
  },
) {
  if (p.visibleIds && p.visibleIds.length === 0) return { items: [], total: 0, page: p.page, pageSize: p.pageSize };
  const sortColumn = {
    title: olympiads.title,
    varName: olympiads.varName,
    year: olympiads.year,
    startsAt: olympiads.startsAt,
    projectName: projects.projectName,
    updatedAt: olympiads.updatedAt,
  }[p.sort];
  const rows = await q
    .select({ ...olympiadColumns, total })
    .from(olympiads)
    .innerJoin(projects, eq(projects.id, olympiads.projectId))
    .where(
      and(
        p.visibleIds ? inArray(olympiads.id, p.visibleIds) : undefined,
        p.projectId ? eq(olympiads.projectId, p.projectId) : undefined,
        p.open === undefined ? undefined : eq(olympiads.open, p.open),
        p.search
          ? or(
              ilike(olympiads.varName, like(p.search)),
              ilike(olympiads.title, like(p.search)),
              ilike(projects.projectName, like(p.search)),
            )
          : undefined,
      ),
    )
    .orderBy(direction(p.order, sortColumn), asc(olympiads.id))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize);
  return paged(rows, p);
}

export async function findOlympiad(q: Queryable, by: { id?: number | undefined; varName?: string | undefined }) {
  const [row] = await q
    .select(olympiadColumns)
    .from(olympiads)
    .innerJoin(projects, eq(projects.id, olympiads.projectId))
    .where(by.id != null ? eq(olympiads.id, by.id) : eq(olympiads.varName, (by.varName ?? '').toLowerCase()));
  return row ?? null;
}
export type OlympiadRow = NonNullable<Awaited<ReturnType<typeof findOlympiad>>>;

/** Locks the olympiad's row for the rest of the transaction. */
export async function lockOlympiad(q: Queryable, id: number) {
  await q.execute(sql`select id from ${olympiads} where ${olympiads.id} = ${id} for update`);
}

// ---------------------------------------------------------------- grants

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
    .orderBy(asc(olympiadGrants.role), asc(users.username));
}
export type GrantRow = Awaited<ReturnType<typeof listGrants>>[number];

/** Staff who can hold an olympiad grant: admins, accountants and funding staff, enabled. */
export async function searchStaff(q: Queryable, search: string, limit: number) {
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
          ilike(users.username, like(search)),
          ilike(users.email, like(search)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like(search)),
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
