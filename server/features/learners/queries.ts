import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { CountRow, IdRow, type Queryable, pgArray, rows } from '../../db/client.js';
import { olympiads, schoolParticipants, schools, users } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

export async function findSchool(q: Queryable, id: number) {
  const [row] = await q.select().from(schools).where(eq(schools.id, id));
  return row ?? null;
}

/** A school's entry; `teamSize` is the most learners it may have (a country's team, decision 039), else null. */
const EntryRow = createSelectSchema(schoolParticipants)
  .pick({ id: true, status: true })
  .extend({
    teamSize: createSelectSchema(olympiads).shape.teamSize.nullable(),
    minGrade: createSelectSchema(olympiads).shape.minGrade,
    maxGrade: createSelectSchema(olympiads).shape.maxGrade,
  });

/**
 * A school's entry in an olympiad, with the olympiad's team size (country olympiads) and grades. `lock` (an import
 * about to save) locks the entry, and shares the olympiad's row so its grade range cannot narrow meanwhile
 * (decision 045).
 */
export async function findEntry(q: Queryable, olympiadId: number, schoolId: number, lock = false) {
  const [row] = await rows(
    q,
    EntryRow,
    sql`select sp.id, sp.status, case when o.kind = 'country' then o.team_size end as "teamSize",
          o.min_grade as "minGrade", o.max_grade as "maxGrade"
        from school_participants sp join olympiads o on o.id = sp.olympiad_id
        where sp.olympiad_id = ${olympiadId} and sp.school_id = ${schoolId}
        ${lock ? sql`for update of sp for share of o` : sql``}`,
  );
  return row ?? null;
}

/** The olympiad's grades, its row shared until the transaction ends so the range cannot narrow meanwhile. */
export async function lockedGradeRange(q: Queryable, olympiadId: number) {
  const [row] = await rows(
    q,
    createSelectSchema(olympiads).pick({ minGrade: true, maxGrade: true }),
    sql`select min_grade as "minGrade", max_grade as "maxGrade" from olympiads where id = ${olympiadId} for share`,
  );
  return row ?? null;
}

export async function setEntryStatus(q: Queryable, entryId: number, status: 'entered' | 'learners_loaded') {
  await q
    .update(schoolParticipants)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(schoolParticipants.id, entryId), sql`${schoolParticipants.status} <> 'withdrawn'`));
}

/** A learner with their school's name (a learner always has an olympiad). */
const LearnerListRow = createSelectSchema(users)
  .pick({
    id: true,
    username: true,
    firstName: true,
    lastName: true,
    grade: true,
    dateOfBirth: true,
    schoolId: true,
    passwordHash: true,
    initialPasswordEnc: true,
  })
  .extend({
    schoolName: createSelectSchema(schools).shape.name.nullable(),
    olympiadId: createSelectSchema(users).shape.olympiadId.unwrap(),
    consentRecorded: z.boolean(),
  });
export type LearnerListRow = z.infer<typeof LearnerListRow>;

const columns = sql`u.id, u.username, u.first_name as "firstName", u.last_name as "lastName", u.grade,
  to_char(u.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", u.school_id as "schoolId",
  s.name as "schoolName", u.olympiad_id as "olympiadId", u.password_hash as "passwordHash", u.initial_password_enc as "initialPasswordEnc",
  exists (select 1 from learner_consents c where c.user_id = u.id) as "consentRecorded"`;

/** The learners within a reach (one olympiad; a school when the reach names one), paged. */
export async function listLearners(q: Queryable, reach: Reach, p: Paging & { consent?: 'missing' | 'recorded' }) {
  const where: SQL[] = [sql`u.role = 'learner'`, reachSql(reach, sql`u.olympiad_id`, sql`u.school_id`)];
  if (p.consent) {
    const has = sql`exists (select 1 from learner_consents c where c.user_id = u.id)`;
    where.push(p.consent === 'missing' ? sql`not ${has}` : has);
  }
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(
      sql`(lower(u.first_name || ' ' || u.last_name) like ${like} or lower(u.username) like ${like} or lower(coalesce(s.name, '')) like ${like})`,
    );
  }
  const from = sql`from users u left join schools s on s.id = u.school_id where ${sql.join(where, sql` and `)}`;
  const order = orderBy(
    p,
    {
      lastName: sql`lower(u.last_name)`,
      firstName: sql`lower(u.first_name)`,
      grade: sql`u.grade`,
      username: sql`lower(u.username)`,
      schoolName: sql`lower(s.name)`,
    },
    'lastName',
    sql`u.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(q, LearnerListRow, sql`select ${columns} ${from} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`),
    rows(q, CountRow, sql`select count(*)::int as n ${from}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findLearnerRow(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    LearnerListRow,
    sql`select ${columns} from users u left join schools s on s.id = u.school_id where u.id = ${id} and u.role = 'learner'`,
  );
  return row ?? null;
}

/** Every learner of a school in an olympiad, for the slips (grade, then surname). */
export async function learnersForSlips(q: Queryable, olympiadId: number, schoolId: number, ids?: number[]) {
  return rows(
    q,
    LearnerListRow,
    sql`select ${columns} from users u left join schools s on s.id = u.school_id
        where u.role = 'learner' and u.olympiad_id = ${olympiadId} and u.school_id = ${schoolId}
        ${
          ids?.length
            ? sql`and u.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
        order by u.grade nulls last, lower(u.last_name), lower(u.first_name), u.id`,
  );
}

/** The school's learners in the olympiad as duplicate-check keys' parts. */
export async function existingNames(q: Queryable, olympiadId: number, schoolId: number, exceptId?: number) {
  return q
    .select({ firstName: users.firstName, lastName: users.lastName, grade: users.grade })
    .from(users)
    .where(
      and(
        eq(users.role, 'learner'),
        eq(users.olympiadId, olympiadId),
        eq(users.schoolId, schoolId),
        ne(users.id, exceptId ?? 0),
      ),
    );
}

/** Which of these usernames are taken in the olympiad (case-insensitively). */
export async function takenUsernames(q: Queryable, olympiadId: number, candidates: string[]) {
  if (!candidates.length) return new Set<string>();
  const found = await rows(
    q,
    z.object({ u: z.string() }),
    sql`select lower(username) as u from users where olympiad_id = ${olympiadId} and lower(username) = any(${pgArray(candidates)}::text[])`,
  );
  return new Set(found.map((r) => r.u));
}

/** A learner to insert: the columns the import sets, each given (none left to its default or null). */
export type NewLearner = Pick<typeof users.$inferSelect, 'username' | 'firstName' | 'lastName' | 'dateOfBirth'> & {
  grade: number;
  passwordHash: string;
  initialPasswordEnc: string;
};

/**
 * Inserts learners in chunks of 5,000 as one `insert … select from unnest(arrays)` each: six array
 * parameters instead of tens of thousands of scalar ones. Answers their ids in order.
 */
export async function insertLearners(q: Queryable, olympiadId: number, schoolId: number, learners: NewLearner[]) {
  const ids: number[] = [];
  for (let i = 0; i < learners.length; i += 5000) {
    const chunk = learners.slice(i, i + 5000);
    const col = <K extends keyof NewLearner>(k: K) => pgArray(chunk.map((l) => l[k]));
    const inserted = await rows(
      q,
      IdRow,
      sql`insert into users (role, olympiad_id, school_id, username, first_name, last_name, grade, date_of_birth, password_hash, initial_password_enc)
          select 'learner', ${olympiadId}::int, ${schoolId}::int, t.username, t.first_name, t.last_name, t.grade, t.dob, t.password_hash, t.enc
          from unnest(${col('username')}::text[], ${col('firstName')}::text[], ${col('lastName')}::text[], ${col('grade')}::int[],
                      ${col('dateOfBirth')}::date[], ${col('passwordHash')}::text[], ${col('initialPasswordEnc')}::text[])
               with ordinality as t(username, first_name, last_name, grade, dob, password_hash, enc, n)
          order by t.n
          returning id`,
    );
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export async function updateLearner(
  q: Queryable,
  id: number,
  values: { firstName: string; lastName: string; grade: number; dateOfBirth?: string | null | undefined },
) {
  await q
    .update(users)
    .set({ ...values, dateOfBirth: values.dateOfBirth ?? null, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function deleteLearner(q: Queryable, id: number) {
  await q.delete(users).where(eq(users.id, id));
}

export async function learnerCount(q: Queryable, olympiadId: number, schoolId: number) {
  const [row] = await rows(
    q,
    CountRow,
    sql`select count(*)::int as n from users where role = 'learner' and olympiad_id = ${olympiadId} and school_id = ${schoolId}`,
  );
  return Number(row?.n ?? 0);
}

/** The school's learners for new passwords (all, or these ids), with whether each is writing right now. */
export async function learnersForNewPasswords(
  q: Queryable,
  olympiadId: number,
  schoolId: number,
  ids: number[] | 'all',
) {
  return rows(
    q,
    createSelectSchema(users)
      .pick({ id: true, username: true, firstName: true, lastName: true })
      .extend({ writing: z.boolean() }),
    sql`select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName",
               exists (select 1 from attempts a where a.user_id = u.id and a.olympiad_id = u.olympiad_id
                         and a.started_at is not null and a.finished_at is null) as writing
        from users u
        where u.role = 'learner' and u.olympiad_id = ${olympiadId} and u.school_id = ${schoolId}
        ${ids === 'all' ? sql`` : sql`and u.id = any(${pgArray(ids)}::int[])`}
        order by u.grade nulls last, lower(u.last_name), lower(u.first_name), u.id
        for update of u`,
  );
}

/**
 * Stores new generated passwords (hash and sealed slip copy) in one statement; the learners' sessions and unused
 * reset links end, as with every password change (platform/credentials.ts).
 */
export async function storeNewPasswords(
  q: Queryable,
  changes: Array<{ id: number; passwordHash: string; initialPasswordEnc: string }>,
) {
  for (let i = 0; i < changes.length; i += 5000) {
    const chunk = changes.slice(i, i + 5000);
    const ids = pgArray(chunk.map((c) => c.id));
    await q.execute(sql`
      update users u set password_hash = t.hash, initial_password_enc = t.enc, updated_at = now()
      from unnest(${ids}::int[], ${pgArray(chunk.map((c) => c.passwordHash))}::text[],
                  ${pgArray(chunk.map((c) => c.initialPasswordEnc))}::text[]) as t(id, hash, enc)
      where u.id = t.id`);
    await q.execute(
      sql`update sessions set revoked_at = now() where user_id = any(${ids}::int[]) and revoked_at is null`,
    );
    await q.execute(sql`
      update user_tokens set used_at = now()
      where user_id = any(${ids}::int[]) and purpose = 'reset_password' and used_at is null`);
  }
}
