import { eq, sql, type SQL } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { SchoolInput } from '#contract/schools';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';
import { entriesOf } from '../../platform/teacher-accounts.js';

/** A school with the count of its teachers and the olympiads it is entered in. */
const SchoolRow = createSelectSchema(schools).extend({
  teacherCount: z.number(),
  olympiadIds: z.array(z.number()),
});
export type SchoolRow = z.infer<typeof SchoolRow>;

/** A school with its entries as `entriesOf` makes them (json: who entered it, staff or its teacher). */
const SchoolWithEntriesRow = SchoolRow.extend({
  entries: z.array(z.object({ olympiadId: z.number(), byStaff: z.boolean() })),
});

/** The schools entered in the reach's olympiads (every school for the overlord's 'all'). */
export async function listSchools(q: Queryable, r: Reach, p: Paging) {
  const where: SQL[] = [];
  if (r.olympiads !== 'all') {
    where.push(
      sql`exists (select 1 from school_participants sp where sp.school_id = s.id and ${reachSql(r, sql`sp.olympiad_id`)})`,
    );
  }
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(
      sql`(lower(s.name) like ${like} or s.emis_number like ${like} or lower(coalesce(s.town, '')) like ${like})`,
    );
  }
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const order = orderBy(
    p,
    {
      name: sql`lower(s.name)`,
      town: sql`lower(s.town)`,
      province: sql`s.province`,
      emisNumber: sql`s.emis_number`,
      updatedAt: sql`s.updated_at`,
    },
    'name',
    sql`s.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(
      q,
      SchoolRow,
      sql`select s.id, s.name, s.emis_number as "emisNumber", s.province, s.district, s.town, s.address, s.phone,
                 s.email, s.type, s.country_id as "countryId", s.created_at as "createdAt", s.updated_at as "updatedAt",
                 (select count(*)::int from users u where u.school_id = s.id and u.role = 'teacher') as "teacherCount",
                 coalesce((select array_agg(sp.olympiad_id) from school_participants sp where sp.school_id = s.id), '{}') as "olympiadIds"
          from schools s ${whereSql} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from schools s ${whereSql}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findSchool(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    SchoolWithEntriesRow,
    sql`select s.id, s.name, s.emis_number as "emisNumber", s.province, s.district, s.town, s.address, s.phone,
               s.email, s.type, s.country_id as "countryId", s.created_at as "createdAt", s.updated_at as "updatedAt",
               (select count(*)::int from users u where u.school_id = s.id and u.role = 'teacher') as "teacherCount",
               coalesce((select array_agg(sp.olympiad_id) from school_participants sp where sp.school_id = s.id), '{}') as "olympiadIds",
               ${entriesOf(sql`s.id`)}
        from schools s where s.id = ${id}`,
  );
  return row ?? null;
}

export async function findSchoolByEmis(q: Queryable, emis: string) {
  const [row] = await q.select().from(schools).where(eq(schools.emisNumber, emis));
  return row ?? null;
}

export async function insertSchool(q: Queryable, input: SchoolInput) {
  const [row] = await q
    .insert(schools)
    .values({
      name: input.name,
      emisNumber: input.emisNumber ?? null,
      province: input.province ?? null,
      district: input.district ?? null,
      town: input.town ?? null,
      address: input.address ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      type: input.type ?? null,
    })
    .returning();
  return row!;
}

export async function updateSchool(q: Queryable, id: number, input: Partial<SchoolInput>) {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await q
    .update(schools)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(schools.id, id));
}

/** Counts what still points at a school (a school with people or entries is merged, not deleted). */
export async function schoolUsage(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    z.object({ users: z.number(), entries: z.number() }),
    sql`select (select count(*)::int from users where school_id = ${id}) as users,
               (select count(*)::int from school_participants where school_id = ${id}) as entries`,
  );
  return { users: Number(row?.users ?? 0), entries: Number(row?.entries ?? 0) };
}

export async function deleteSchool(q: Queryable, id: number) {
  await q.delete(schools).where(eq(schools.id, id));
}

/**
 * Merges a duplicate into a target: teachers and learners move; entries move, or, when both schools
 * are entered in the same olympiad, the duplicate's entry goes (its learners are already moved).
 */
export async function mergeSchools(q: Queryable, sourceId: number, targetId: number) {
  await q.execute(sql`update users set school_id = ${targetId}, updated_at = now() where school_id = ${sourceId}`);
  await q.execute(sql`delete from school_participants sp where sp.school_id = ${sourceId}
                      and exists (select 1 from school_participants t where t.school_id = ${targetId} and t.olympiad_id = sp.olympiad_id)`);
  await q.execute(
    sql`update school_participants set school_id = ${targetId}, updated_at = now() where school_id = ${sourceId}`,
  );
  await q.execute(sql`update expressions_of_interest set school_id = ${targetId} where school_id = ${sourceId}`);
  await q.delete(schools).where(eq(schools.id, sourceId));
}
