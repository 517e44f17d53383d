import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import { expressionsOfInterest, olympiads, schools, users } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/** An expression of interest with its olympiad's title (none without an olympiad). */
const EoiRow = createSelectSchema(expressionsOfInterest).extend({
  olympiadTitle: createSelectSchema(olympiads).shape.title.nullable(),
});
export type EoiRow = z.infer<typeof EoiRow>;

const columns = sql`e.id, e.olympiad_id as "olympiadId", o.title as "olympiadTitle", e.project_name as "projectName",
  e.school_name as "schoolName", e.emis_number as "emisNumber", e.province, e.town, e.school_phone as "schoolPhone",
  e.teacher_first_name as "teacherFirstName", e.teacher_last_name as "teacherLastName", e.teacher_email as "teacherEmail",
  e.teacher_phone as "teacherPhone", e.learner_estimate as "learnerEstimate", e.message, e.status,
  e.decline_reason as "declineReason", e.school_id as "schoolId", e.teacher_id as "teacherId", e.handled_by as "handledBy",
  e.handled_at as "handledAt", e.ip, e.created_at as "createdAt"`;

export async function insertEoi(q: Queryable, values: typeof expressionsOfInterest.$inferInsert) {
  const [row] = await q.insert(expressionsOfInterest).values(values).returning({ id: expressionsOfInterest.id });
  return row!;
}

/** The expressions of the reach's olympiads (every one, with or without an olympiad, for the overlord's 'all'). */
export async function listEois(q: Queryable, r: Reach, p: Paging & { status?: string | undefined }) {
  const where: SQL[] = [reachSql(r, sql`e.olympiad_id`)];
  if (p.status) where.push(sql`e.status = ${p.status}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(e.school_name) like ${like} or lower(coalesce(e.town, '')) like ${like} or lower(e.teacher_email) like ${like}
                    or coalesce(e.emis_number, '') like ${like} or lower(e.teacher_first_name || ' ' || e.teacher_last_name) like ${like})`);
  }
  const from = sql`from expressions_of_interest e left join olympiads o on o.id = e.olympiad_id where ${sql.join(where, sql` and `)}`;
  const order = orderBy(
    { ...p, order: p.sort ? p.order : 'desc' },
    { createdAt: sql`e.created_at`, schoolName: sql`lower(e.school_name)`, town: sql`lower(e.town)` },
    'createdAt',
    sql`e.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(q, EoiRow, sql`select ${columns} ${from} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`),
    rows(q, CountRow, sql`select count(*)::int as n ${from}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findEoi(q: Queryable, id: number, forUpdate = false) {
  const [row] = await rows(
    q,
    EoiRow,
    sql`select ${columns} from expressions_of_interest e left join olympiads o on o.id = e.olympiad_id where e.id = ${id}
        ${forUpdate ? sql`for update of e` : sql``}`,
  );
  return row ?? null;
}

export async function markEoi(
  q: Queryable,
  id: number,
  values: {
    status: 'processed' | 'declined';
    declineReason?: string | null;
    schoolId?: number | null;
    teacherId?: number | null;
    handledBy: number;
  },
) {
  await q
    .update(expressionsOfInterest)
    .set({ ...values, handledAt: new Date() })
    .where(eq(expressionsOfInterest.id, id));
}

export async function deleteEoi(q: Queryable, id: number) {
  await q.delete(expressionsOfInterest).where(eq(expressionsOfInterest.id, id));
}

/** A school that may be the one an expression means, with why it was found. */
const CandidateSchool = createSelectSchema(schools)
  .pick({ id: true, name: true, emisNumber: true, town: true, province: true })
  .extend({ byEmis: z.boolean(), byEmail: z.boolean(), sameTown: z.boolean() });
export type CandidateSchool = z.infer<typeof CandidateSchool>;

/**
 * A bounded candidate set for possible matches (no pg_trgm on PGlite): schools with the same EMIS
 * number, the schools of teachers with the same email, and up to 2,000 schools in the same town.
 * The name similarity is computed in TypeScript (see matching.ts).
 */
export async function matchCandidates(
  q: Queryable,
  eoi: { emisNumber: string | null; teacherEmail: string; town: string | null },
) {
  return rows(
    q,
    CandidateSchool,
    sql`with c as (
          select s.id, true as by_emis, false as by_email, false as same_town from schools s
            where ${eoi.emisNumber ?? null}::text is not null and s.emis_number = ${eoi.emisNumber ?? null}
          union all
          select u.school_id, false, true, false from users u
            where u.role = 'teacher' and u.school_id is not null and lower(u.email) = lower(${eoi.teacherEmail})
          union all
          select id, false, false, true from (
            select s.id from schools s where ${eoi.town ?? null}::text is not null and lower(s.town) = lower(${eoi.town ?? ''}) limit 2000) t
        )
        select s.id, s.name, s.emis_number as "emisNumber", s.town, s.province,
               bool_or(c.by_emis) as "byEmis", bool_or(c.by_email) as "byEmail", bool_or(c.same_town) as "sameTown"
        from c join schools s on s.id = c.id
        group by s.id`,
  );
}

export async function teachersOfSchools(q: Queryable, schoolIds: number[]) {
  if (!schoolIds.length) return [];
  return q
    .select({
      id: users.id,
      schoolId: users.schoolId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.role, 'teacher'), inArray(users.schoolId, schoolIds)))
    .orderBy(users.id);
}

// ── The teacher an expression is linked to ──────────────────────────────────────────────────────

export type UserRow = typeof users.$inferSelect;

/** A user by id (the teacher an organiser names). */
export async function findUser(q: Queryable, id: number) {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findTeacherByEmail(q: Queryable, email: string) {
  const [row] = await q
    .select()
    .from(users)
    .where(and(eq(users.role, 'teacher'), sql`lower(${users.email}) = lower(${email})`))
    .orderBy(users.id)
    .limit(1);
  return row ?? null;
}

/** Moves a teacher to the expression's school. */
export async function moveTeacher(q: Queryable, id: number, schoolId: number) {
  await q.update(users).set({ schoolId, updatedAt: new Date() }).where(eq(users.id, id));
}
