import { asc, eq, or, sql } from 'drizzle-orm';
import { intArray, type Queryable, untypedRows } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';

/** An olympiad as the public sites show it. */
export interface OlympiadRow {
  id: number;
  varName: string;
  title: string;
  year: number;
  kind: 'school' | 'country';
  open: boolean;
  pinned: boolean;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  durationMinutes: number | null;
  minGrade: number;
  maxGrade: number;
  projectId: number;
  projectName: string;
}

export async function listProjects(q: Queryable) {
  return q.select().from(projects).orderBy(asc(projects.title));
}

export async function findProject(q: Queryable, idOrName: string) {
  const id = /^\d+$/.test(idOrName) ? Number(idOrName) : -1;
  const [row] = await q
    .select()
    .from(projects)
    .where(or(eq(projects.id, id), eq(projects.projectName, idOrName.toLowerCase())));
  return row ?? null;
}

/** Olympiads of some projects; `upcomingOnly` keeps those not yet over. */
export async function olympiadsOf(q: Queryable, projectIds: number[], upcomingOnly = false) {
  if (projectIds.length === 0) return [];
  return untypedRows<OlympiadRow>(
    q,
    sql`select o.id, o.var_name as "varName", o.title, o.year, o.kind, o.open, o.pinned, o.starts_at as "startsAt",
        o.ends_at as "endsAt", o.duration_minutes as "durationMinutes", o.min_grade as "minGrade",
        o.max_grade as "maxGrade", o.project_id as "projectId", p.project_name as "projectName"
      from olympiads o join projects p on p.id = o.project_id
      where o.project_id = any(${intArray(projectIds)})
        ${upcomingOnly ? sql`and (o.ends_at is null or o.ends_at > now())` : sql``}
      order by o.pinned desc, o.year desc, o.title asc`,
  );
}

/** An olympiad's public row: the olympiad (found by the one lookup) with its project's name. */
export async function publicOlympiad(q: Queryable, idOrName: string) {
  const olympiad = await findOlympiad(q, /^\d+$/.test(idOrName) ? Number(idOrName) : idOrName);
  if (!olympiad) return null;
  const [project] = await q
    .select({ projectName: projects.projectName })
    .from(projects)
    .where(eq(projects.id, olympiad.projectId));
  return { ...olympiad, projectName: project?.projectName ?? '' };
}

export type ProjectRow = typeof projects.$inferSelect;
