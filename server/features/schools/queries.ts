import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SchoolInput } from '../../../contract/schools.js';
import { type Queryable, rows } from '../../db/client.js';
import { olympiads, purchaseOrders, schoolParticipants, schools, users } from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';
import { entriesOf, type SchoolEntry } from '../../platform/teacher-accounts.js';

export type SchoolRow = typeof schools.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ParticipantRow = typeof schoolParticipants.$inferSelect;

const scopeFilter = (scope: 'all' | number[], column: SQL) =>
  scope === 'all'
    ? sql`true`
    : scope.length
      ? sql`${column} in (${sql.join(
          scope.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;

// ── Schools ───────────────────────────────────────────────────────────────────────────────────────

export async function listSchools(q: Queryable, scope: 'all' | number[], p: Paging) {
  const where: SQL[] = [];
  if (scope !== 'all') {
    where.push(
      sql`exists (select 1 from school_participants sp where sp.school_id = s.id and ${scopeFilter(scope, sql`sp.olympiad_id`)})`,
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
    rows<SchoolRow & { teacherCount: number; olympiadIds: number[] }>(
      q,
      sql`select s.id, s.name, s.emis_number as "emisNumber", s.province, s.district, s.town, s.address, s.phone,
                 s.email, s.type, s.created_at as "createdAt", s.updated_at as "updatedAt",
                 (select count(*)::int from users u where u.school_id = s.id and u.role = 'teacher') as "teacherCount",
                 coalesce((select array_agg(sp.olympiad_id) from school_participants sp where sp.school_id = s.id), '{}') as "olympiadIds"
          from schools s ${whereSql} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows<{ n: number }>(q, sql`select count(*)::int as n from schools s ${whereSql}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findSchool(q: Queryable, id: number) {
  const [row] = await rows<SchoolRow & { teacherCount: number; olympiadIds: number[]; entries: SchoolEntry[] }>(
    q,
    sql`select s.id, s.name, s.emis_number as "emisNumber", s.province, s.district, s.town, s.address, s.phone,
               s.email, s.type, s.created_at as "createdAt", s.updated_at as "updatedAt",
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
  const [row] = await rows<{ users: number; entries: number }>(
    q,
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

// ── Teachers ──────────────────────────────────────────────────────────────────────────────────────

export interface TeacherListRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  schoolId: number | null;
  schoolName: string | null;
  emailVerifiedAt: Date | null;
  hasPassword: boolean;
  disabledAt: Date | null;
  olympiadIds: number[];
  entries: SchoolEntry[];
}

const teacherColumns = sql`u.id, u.username, u.first_name as "firstName", u.last_name as "lastName", u.email, u.phone,
  u.school_id as "schoolId", s.name as "schoolName", u.email_verified_at as "emailVerifiedAt",
  (u.password_hash is not null) as "hasPassword", u.disabled_at as "disabledAt",
  coalesce((select array_agg(sp.olympiad_id) from school_participants sp where sp.school_id = u.school_id), '{}') as "olympiadIds",
  ${entriesOf(sql`u.school_id`)}`;

export async function listTeachers(
  q: Queryable,
  scope: 'all' | number[],
  p: Paging & { schoolId?: number | undefined },
) {
  const where: SQL[] = [sql`u.role = 'teacher'`];
  if (scope !== 'all') {
    where.push(
      sql`exists (select 1 from school_participants sp where sp.school_id = u.school_id and ${scopeFilter(scope, sql`sp.olympiad_id`)})`,
    );
  }
  if (p.schoolId != null) where.push(sql`u.school_id = ${p.schoolId}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(u.first_name || ' ' || u.last_name) like ${like} or lower(coalesce(u.email, '')) like ${like}
                    or lower(u.username) like ${like} or lower(coalesce(s.name, '')) like ${like})`);
  }
  const whereSql = sql`where ${sql.join(where, sql` and `)}`;
  const order = orderBy(
    p,
    { lastName: sql`lower(u.last_name)`, email: sql`lower(u.email)`, schoolName: sql`lower(s.name)` },
    'lastName',
    sql`u.id`,
  );
  const [items, [count]] = await Promise.all([
    rows<TeacherListRow>(
      q,
      sql`select ${teacherColumns} from users u left join schools s on s.id = u.school_id ${whereSql}
          order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows<{ n: number }>(
      q,
      sql`select count(*)::int as n from users u left join schools s on s.id = u.school_id ${whereSql}`,
    ),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findTeacher(q: Queryable, id: number) {
  const [row] = await rows<TeacherListRow>(
    q,
    sql`select ${teacherColumns} from users u left join schools s on s.id = u.school_id where u.id = ${id} and u.role = 'teacher'`,
  );
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

export async function staffUsernameTaken(q: Queryable, username: string) {
  const [row] = await rows<{ id: number }>(
    q,
    sql`select id from users where olympiad_id is null and lower(username) = lower(${username}) limit 1`,
  );
  return row != null;
}

/** A teacher's username: their email address, or its local part with a number when that is taken. */
export async function freeTeacherUsername(q: Queryable, email: string) {
  const wanted = email.toLowerCase();
  if (!(await staffUsernameTaken(q, wanted))) return wanted;
  const local = wanted.split('@')[0]!.replace(/[^a-z0-9._-]/g, '') || 'teacher';
  for (let n = 2; ; n++) {
    const candidate = `${local}${n}`;
    if (!(await staffUsernameTaken(q, candidate))) return candidate;
  }
}

export async function insertTeacher(
  q: Queryable,
  input: {
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    schoolId: number;
  },
) {
  const [row] = await q
    .insert(users)
    .values({ role: 'teacher', ...input, emailVerifiedAt: null, passwordHash: null })
    .returning();
  return row!;
}

export async function updateUser(q: Queryable, id: number, values: Partial<typeof users.$inferInsert>) {
  await q
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function findUser(q: Queryable, id: number) {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function emailTakenByAnotherTeacher(q: Queryable, email: string, exceptId: number | null) {
  const [row] = await rows<{ id: number }>(
    q,
    sql`select id from users where role = 'teacher' and lower(email) = lower(${email}) and id <> ${exceptId ?? 0} limit 1`,
  );
  return row != null;
}

// ── Participating schools ─────────────────────────────────────────────────────────────────────────

export interface ParticipantListRow {
  id: number;
  olympiadId: number;
  olympiadName: string;
  olympiadTitle: string;
  schoolId: number;
  schoolName: string;
  town: string | null;
  province: string | null;
  status: 'entered' | 'learners_loaded' | 'withdrawn';
  learnerCount: number;
  createdAt: Date;
}

const participantColumns = sql`sp.id, sp.olympiad_id as "olympiadId", o.var_name as "olympiadName", o.title as "olympiadTitle",
  sp.school_id as "schoolId", s.name as "schoolName", s.town, s.province, sp.status,
  (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id and u.role = 'learner') as "learnerCount",
  sp.created_at as "createdAt"`;

export async function listParticipants(
  q: Queryable,
  scope: 'all' | number[],
  p: Paging & { schoolId?: number | undefined; status?: string | undefined },
) {
  const where: SQL[] = [scopeFilter(scope, sql`sp.olympiad_id`)];
  if (p.schoolId != null) where.push(sql`sp.school_id = ${p.schoolId}`);
  if (p.status) where.push(sql`sp.status = ${p.status}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(
      sql`(lower(s.name) like ${like} or lower(coalesce(s.town, '')) like ${like} or s.emis_number like ${like})`,
    );
  }
  const from = sql`from school_participants sp join schools s on s.id = sp.school_id join olympiads o on o.id = sp.olympiad_id
                   where ${sql.join(where, sql` and `)}`;
  const order = orderBy(
    p,
    {
      schoolName: sql`lower(s.name)`,
      status: sql`sp.status`,
      createdAt: sql`sp.created_at`,
      learnerCount: sql`"learnerCount"`,
    },
    'schoolName',
    sql`sp.id`,
  );
  const [items, [count]] = await Promise.all([
    rows<ParticipantListRow>(
      q,
      sql`select ${participantColumns} ${from} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows<{ n: number }>(q, sql`select count(*)::int as n ${from}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findParticipant(q: Queryable, id: number) {
  const [row] = await rows<ParticipantListRow>(
    q,
    sql`select ${participantColumns} from school_participants sp join schools s on s.id = sp.school_id
        join olympiads o on o.id = sp.olympiad_id where sp.id = ${id}`,
  );
  return row ?? null;
}

export async function findParticipantOf(q: Queryable, olympiadId: number, schoolId: number) {
  const [row] = await q
    .select()
    .from(schoolParticipants)
    .where(and(eq(schoolParticipants.olympiadId, olympiadId), eq(schoolParticipants.schoolId, schoolId)));
  return row ?? null;
}

/** Enters a school in an olympiad (idempotent: an existing entry is answered as it is). */
export async function enterSchool(q: Queryable, olympiadId: number, schoolId: number, enteredBy: number | null) {
  const [created] = await q
    .insert(schoolParticipants)
    .values({ olympiadId, schoolId, enteredBy })
    .onConflictDoNothing()
    .returning();
  if (created) {
    // Every entry has its purchase order from the start (decision 020): the teacher sets its number, the
    // accountant marks it paid.
    await q.insert(purchaseOrders).values({ schoolParticipantId: created.id });
    return { row: created, created: true };
  }
  return { row: (await findParticipantOf(q, olympiadId, schoolId))!, created: false };
}

export async function setParticipantStatus(q: Queryable, id: number, status: ParticipantRow['status']) {
  await q.update(schoolParticipants).set({ status, updatedAt: new Date() }).where(eq(schoolParticipants.id, id));
}

export async function deleteParticipant(q: Queryable, id: number) {
  await q.delete(schoolParticipants).where(eq(schoolParticipants.id, id));
}

export async function listParticipantLearners(q: Queryable, sp: { olympiadId: number; schoolId: number }, p: Paging) {
  const where = sql`where u.role = 'learner' and u.olympiad_id = ${sp.olympiadId} and u.school_id = ${sp.schoolId}
    ${p.search?.trim() ? sql`and (lower(u.first_name || ' ' || u.last_name) like ${containsPattern(p.search)} or lower(u.username) like ${containsPattern(p.search)})` : sql``}`;
  const order = orderBy(
    p,
    {
      lastName: sql`lower(u.last_name)`,
      firstName: sql`lower(u.first_name)`,
      grade: sql`u.grade`,
      username: sql`lower(u.username)`,
    },
    'lastName',
    sql`u.id`,
  );
  const [items, [count]] = await Promise.all([
    rows<{ id: number; username: string; firstName: string; lastName: string; grade: number | null }>(
      q,
      sql`select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName", u.grade
          from users u ${where} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows<{ n: number }>(q, sql`select count(*)::int as n from users u ${where}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

// ── Olympiads (for the portal and entering) ──────────────────────────────────────────────────────

export async function findOlympiad(q: Queryable, idOrName: number | string) {
  const [row] = await q
    .select()
    .from(olympiads)
    .where(typeof idOrName === 'number' ? eq(olympiads.id, idOrName) : eq(olympiads.varName, idOrName.toLowerCase()));
  return row ?? null;
}

/** The olympiads a teacher's school can enter (school olympiads not yet over), and those it is in. */
export async function portalOlympiads(q: Queryable, schoolId: number | null) {
  return rows<{
    id: number;
    varName: string;
    title: string;
    year: number;
    kind: 'school' | 'country';
    open: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
    participantId: number | null;
    status: ParticipantRow['status'] | null;
    learnerCount: number;
  }>(
    q,
    sql`select o.id, o.var_name as "varName", o.title, o.year, o.kind, o.open, o.starts_at as "startsAt", o.ends_at as "endsAt",
               sp.id as "participantId", sp.status,
               (select count(*)::int from users u where u.school_id = ${schoolId} and u.olympiad_id = o.id and u.role = 'learner') as "learnerCount"
        from olympiads o
        left join school_participants sp on sp.olympiad_id = o.id and sp.school_id = ${schoolId}
        where sp.id is not null or (o.kind = 'school' and (o.ends_at is null or o.ends_at > now()))
        order by (sp.id is null), o.starts_at nulls last, o.title`,
  );
}

export async function schoolIdsExist(q: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return q.select({ id: schools.id }).from(schools).where(inArray(schools.id, ids));
}
