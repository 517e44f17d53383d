import { and, eq, max, sql, type SQL } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { FaqAudience } from '#contract/content';
import type { z } from 'zod';
import { CountRow, IdRow, type Queryable, rows } from '../../db/client.js';
import { faqs, olympiads, projects } from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';
import { type Reach, reachSql } from '../../http/reach.js';
import type { FaqGroup } from './policy.js';

/** An FAQ with the names of its olympiad or project, as the editors and readers list it. */
const FaqRow = createSelectSchema(faqs)
  .pick({
    id: true,
    audience: true,
    olympiadId: true,
    projectId: true,
    question: true,
    answer: true,
    position: true,
    published: true,
    updatedAt: true,
  })
  .extend({
    olympiadName: createSelectSchema(olympiads).shape.varName.nullable(),
    olympiadTitle: createSelectSchema(olympiads).shape.title.nullable(),
    projectName: createSelectSchema(projects).shape.projectName.nullable(),
    projectTitle: createSelectSchema(projects).shape.title.nullable(),
  });
export type FaqRow = z.infer<typeof FaqRow>;

const select = sql`select f.id, f.audience, f.olympiad_id as "olympiadId", o.var_name as "olympiadName",
    o.title as "olympiadTitle", f.project_id as "projectId", p.project_name as "projectName", p.title as "projectTitle",
    f.question, f.answer, f.position, f.published, f.updated_at as "updatedAt"
  from faqs f
  left join olympiads o on o.id = f.olympiad_id
  left join projects p on p.id = f.project_id`;

/**
 * Which FAQs a list shows: editors see every FAQ within their reach (an admin: their olympiads' FAQs); a
 * teacher reads the published ones for all teachers and those of their portal's olympiads (`reader`).
 */
function reachFilter(r: Reach, reader: boolean): SQL {
  const inReach = reachSql(r, sql`f.olympiad_id`);
  if (reader) return sql`(f.published and (f.audience = 'portal' or (f.audience = 'olympiad' and ${inReach})))`;
  if (r.olympiads === 'all') return sql`true`;
  return sql`(f.audience = 'olympiad' and ${inReach})`;
}

export interface FaqFilter extends Paging {
  audience?: FaqAudience | undefined;
  olympiadId?: number | undefined;
  projectId?: number | undefined;
  published?: 'true' | 'false' | undefined;
}

export async function listFaqs(q: Queryable, seen: { reach: Reach; reader: boolean }, p: FaqFilter) {
  const where: SQL[] = [reachFilter(seen.reach, seen.reader)];
  if (p.audience) where.push(sql`f.audience = ${p.audience}`);
  if (p.olympiadId != null) where.push(sql`f.olympiad_id = ${p.olympiadId}`);
  if (p.projectId != null) where.push(sql`f.project_id = ${p.projectId}`);
  if (p.published) where.push(sql`f.published = ${p.published === 'true'}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(f.question) like ${like} or lower(f.answer) like ${like})`);
  }
  const whereSql = sql`where ${sql.join(where, sql` and `)}`;
  const order = orderBy(
    p,
    {
      // In a list of several groups, the groups come together, each in its own order.
      position: sql`f.audience, coalesce(o.var_name, p.project_name, ''), f.position`,
      question: sql`lower(f.question)`,
      updatedAt: sql`f.updated_at`,
    },
    'position',
    sql`f.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(q, FaqRow, sql`${select} ${whereSql} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`),
    rows(
      q,
      CountRow,
      sql`select count(*)::int as n from faqs f left join olympiads o on o.id = f.olympiad_id
            left join projects p on p.id = f.project_id ${whereSql}`,
    ),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findFaq(q: Queryable, id: number): Promise<FaqRow | null> {
  const [row] = await rows(q, FaqRow, sql`${select} where f.id = ${id}`);
  return row ?? null;
}

/** The published FAQs of a project's public site, in order. */
export async function publicFaqs(q: Queryable, projectId: number) {
  return q
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(eq(faqs.audience, 'project'), eq(faqs.projectId, projectId), eq(faqs.published, true)))
    .orderBy(faqs.position, faqs.id);
}

export async function findProject(q: Queryable, idOrName: string) {
  const byId = /^\d+$/.test(idOrName) ? Number(idOrName) : -1;
  const [row] = await q
    .select({ id: projects.id, projectName: projects.projectName })
    .from(projects)
    .where(sql`${projects.id} = ${byId} or lower(${projects.projectName}) = lower(${idOrName})`);
  return row ?? null;
}

export async function projectExists(q: Queryable, id: number) {
  return (await q.select({ id: projects.id }).from(projects).where(eq(projects.id, id))).length === 1;
}

/**
 * The olympiads a teacher's portal shows: those their school is entered in, and those still taking
 * entries (school olympiads not yet over). Their teachers read those olympiads' FAQs.
 */
export async function portalOlympiadIds(q: Queryable, schoolId: number | null): Promise<number[]> {
  const list = await rows(
    q,
    IdRow,
    sql`select o.id from olympiads o
        where exists (select 1 from school_participants sp where sp.olympiad_id = o.id and sp.school_id = ${schoolId})
           or (o.kind = 'school' and (o.ends_at is null or o.ends_at > now()))`,
  );
  return list.map((r) => r.id);
}

export const groupFilter = (g: FaqGroup) =>
  sql`${faqs.audience} = ${g.audience} and ${faqs.olympiadId} is not distinct from ${g.olympiadId}
      and ${faqs.projectId} is not distinct from ${g.projectId}`;

export async function nextPosition(q: Queryable, g: FaqGroup) {
  const [row] = await q
    .select({ last: max(faqs.position) })
    .from(faqs)
    .where(groupFilter(g));
  return row?.last == null ? 0 : row.last + 1;
}

export interface FaqValues extends FaqGroup {
  question: string;
  answer: string;
  published: boolean;
}

export async function insertFaq(q: Queryable, v: FaqValues & { position: number }, userId: number) {
  const [row] = await q
    .insert(faqs)
    .values({
      audience: v.audience,
      olympiadId: v.olympiadId,
      projectId: v.projectId,
      question: v.question,
      answer: v.answer,
      position: v.position,
      published: v.published,
      updatedBy: userId,
    })
    .returning({ id: faqs.id });
  return row!.id;
}

export async function updateFaq(q: Queryable, id: number, v: FaqValues & { position?: number }, userId: number) {
  await q.execute(
    sql`update faqs set audience = ${v.audience}, olympiad_id = ${v.olympiadId}, project_id = ${v.projectId},
          question = ${v.question}, answer = ${v.answer}, published = ${v.published},
          position = coalesce(${v.position ?? null}::int, position), updated_by = ${userId}, updated_at = now()
        where id = ${id}`,
  );
}

export async function deleteFaq(q: Queryable, id: number) {
  await q.execute(sql`delete from faqs where id = ${id}`);
}
