import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { intArray, type Queryable } from '../../db/client.js';
import { olympiads, projects } from '../../db/schema/index.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';

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
  return q
    .select({
      id: olympiads.id,
      varName: olympiads.varName,
      title: olympiads.title,
      year: olympiads.year,
      kind: olympiads.kind,
      open: olympiads.open,
      pinned: olympiads.pinned,
      startsAt: olympiads.startsAt,
      endsAt: olympiads.endsAt,
      durationMinutes: olympiads.durationMinutes,
      minGrade: olympiads.minGrade,
      maxGrade: olympiads.maxGrade,
      languages: olympiads.languages,
      defaultLanguage: olympiads.defaultLanguage,
      projectId: olympiads.projectId,
      projectName: projects.projectName,
    })
    .from(olympiads)
    .innerJoin(projects, eq(projects.id, olympiads.projectId))
    .where(
      and(
        sql`${olympiads.projectId} = any(${intArray(projectIds)})`,
        upcomingOnly ? or(isNull(olympiads.endsAt), gt(olympiads.endsAt, sql`now()`)) : undefined,
      ),
    )
    .orderBy(desc(olympiads.pinned), desc(olympiads.year), asc(olympiads.title));
}

/** An olympiad as the public sites show it. */
export type OlympiadRow = Awaited<ReturnType<typeof olympiadsOf>>[number];

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
