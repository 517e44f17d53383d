import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Queryable, untypedRows } from '../../db/client.js';
import { expressionsOfInterest, users } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

export type EoiRow = typeof expressionsOfInterest.$inferSelect & { olympiadTitle: string | null };

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
    untypedRows<EoiRow>(q, sql`select ${columns} ${from} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n ${from}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findEoi(q: Queryable, id: number, forUpdate = false) {
  const [row] = await untypedRows<EoiRow>(
    q,
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

export interface CandidateSchool {
  id: number;
  name: string;
  emisNumber: string | null;
  town: string | null;
  province: string | null;
  byEmis: boolean;
  byEmail: boolean;
  sameTown: boolean;
}

/**
 * A bounded candidate set for possible matches (no pg_trgm on PGlite): schools with the same EMIS
 * number, the schools of teachers with the same email, and up to 2,000 schools in the same town.
 * The name similarity is computed in TypeScript (see matching.ts).
 */
export async function matchCandidates(
  q: Queryable,
  eoi: { emisNumber: string | null; teacherEmail: string; town: string | null },
) {
  return untypedRows<CandidateSchool>(
    q,
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
  return untypedRows<{ id: number; schoolId: number; firstName: string; lastName: string; email: string | null }>(
    q,
    sql`select id, school_id as "schoolId", first_name as "firstName", last_name as "lastName", email from users
        where role = 'teacher' and school_id in (${sql.join(
          schoolIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
  );
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
