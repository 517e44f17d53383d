import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import { schools, users } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';
import { entriesOf } from '../../platform/teacher-accounts.js';

export type UserRow = typeof users.$inferSelect;

/** A school's entries as `entriesOf` builds them (platform/teacher-accounts.ts `SchoolEntry`). */
const SchoolEntries = z.array(z.object({ olympiadId: z.number(), byStaff: z.boolean() }));

/** A teacher with their school, its olympiads and its entries (the rules on teacher accounts read those). */
const TeacherRow = createSelectSchema(users)
  .pick({
    id: true,
    username: true,
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    schoolId: true,
    emailVerifiedAt: true,
    disabledAt: true,
  })
  .extend({
    schoolName: createSelectSchema(schools).shape.name.nullable(),
    hasPassword: z.boolean(),
    olympiadIds: z.array(z.number()),
    entries: SchoolEntries,
  });
export type TeacherRow = z.infer<typeof TeacherRow>;

/** A school a teacher would join, with its olympiads and entries. */
const SchoolRow = createSelectSchema(schools)
  .pick({ id: true, name: true })
  .extend({ olympiadIds: z.array(z.number()), entries: SchoolEntries });

/** The olympiads a school (by id expression) is entered in. */
const olympiadIdsOf = (schoolId: SQL) =>
  sql`coalesce((select array_agg(sp.olympiad_id) from school_participants sp where sp.school_id = ${schoolId}), '{}') as "olympiadIds"`;

const teacherColumns = sql`u.id, u.username, u.first_name as "firstName", u.last_name as "lastName", u.email, u.phone,
  u.school_id as "schoolId", s.name as "schoolName", u.email_verified_at as "emailVerifiedAt",
  (u.password_hash is not null) as "hasPassword", u.disabled_at as "disabledAt",
  ${olympiadIdsOf(sql`u.school_id`)}, ${entriesOf(sql`u.school_id`)}`;

/** The teachers of the schools entered in the reach's olympiads (every teacher for the overlord's 'all'). */
export async function listTeachers(q: Queryable, r: Reach, p: Paging & { schoolId?: number | undefined }) {
  const where: SQL[] = [sql`u.role = 'teacher'`];
  if (r.olympiads !== 'all') {
    where.push(
      sql`exists (select 1 from school_participants sp where sp.school_id = u.school_id and ${reachSql(r, sql`sp.olympiad_id`)})`,
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
    rows(
      q,
      TeacherRow,
      sql`select ${teacherColumns} from users u left join schools s on s.id = u.school_id ${whereSql}
          order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(
      q,
      CountRow,
      sql`select count(*)::int as n from users u left join schools s on s.id = u.school_id ${whereSql}`,
    ),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findTeacher(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    TeacherRow,
    sql`select ${teacherColumns} from users u left join schools s on s.id = u.school_id where u.id = ${id} and u.role = 'teacher'`,
  );
  return row ?? null;
}

/** A school a teacher would join, with its entries (for the rules on its teacher accounts). */
export async function findSchool(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    SchoolRow,
    sql`select s.id, s.name, ${olympiadIdsOf(sql`s.id`)}, ${entriesOf(sql`s.id`)} from schools s where s.id = ${id}`,
  );
  return row ?? null;
}

export async function findUser(q: Queryable, id: number) {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function updateUser(q: Queryable, id: number, values: Partial<typeof users.$inferInsert>) {
  await q
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function emailTakenByAnotherTeacher(q: Queryable, email: string, exceptId: number | null) {
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'teacher'), sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId ?? 0)))
    .limit(1);
  return row != null;
}
