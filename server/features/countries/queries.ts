import { and, eq, sql, type SQL } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type CountryInput, TeamAdminSummary, type TeamLeader } from '#contract/countries';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import {
  countries,
  countryParticipants,
  olympiads,
  schoolParticipants,
  schools,
  users,
} from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/** A country and how many olympiads it is entered in. */
const CountryRow = createSelectSchema(countries)
  .pick({ id: true, code: true, name: true, timeZone: true })
  .extend({ entries: z.number() });
export type CountryRow = z.infer<typeof CountryRow>;

const countryColumns = sql`c.id, c.code, c.name, c.time_zone as "timeZone",
  (select count(*)::int from country_participants cp where cp.country_id = c.id) as "entries"`;

export async function listCountries(q: Queryable, p: Paging) {
  const where = p.search?.trim()
    ? sql`where lower(c.name) like ${containsPattern(p.search)} or lower(c.code) like ${containsPattern(p.search)}`
    : sql``;
  const order = orderBy(p, { name: sql`lower(c.name)`, code: sql`c.code` }, 'name', sql`c.id`);
  const [items, [count]] = await Promise.all([
    rows(
      q,
      CountryRow,
      sql`select ${countryColumns} from countries c ${where} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from countries c ${where}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findCountry(q: Queryable, id: number) {
  const [row] = await rows(q, CountryRow, sql`select ${countryColumns} from countries c where c.id = ${id}`);
  return row ?? null;
}

export async function insertCountry(q: Queryable, input: CountryInput) {
  const [row] = await q.insert(countries).values(input).returning({ id: countries.id });
  return row!.id;
}

export async function updateCountry(q: Queryable, id: number, input: CountryInput) {
  await q
    .update(countries)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(countries.id, id));
  // The team's name follows the country's.
  await q
    .update(schools)
    .set({ name: teamName(input.name), updatedAt: new Date() })
    .where(eq(schools.countryId, id));
}

/** People whose account belongs to the country's team (its team admins). */
export async function teamAccounts(q: Queryable, countryId: number) {
  const [row] = await rows(
    q,
    CountRow,
    sql`select count(*)::int as n from users u join schools s on s.id = u.school_id where s.country_id = ${countryId}`,
  );
  return Number(row?.n ?? 0);
}

/** Removes a country no olympiad uses, with its team (which then has no entries and no accounts). */
export async function deleteCountry(q: Queryable, id: number) {
  await q.delete(schools).where(eq(schools.countryId, id));
  await q.delete(countries).where(eq(countries.id, id));
}

export const teamName = (country: string) => `Team ${country}`;

/** The country's team (decision 039): made the first time the country is entered anywhere. */
export async function teamOf(q: Queryable, country: { id: number; name: string }) {
  await q
    .insert(schools)
    .values({ name: teamName(country.name), type: 'Country team', countryId: country.id })
    .onConflictDoNothing({ target: schools.countryId, where: sql`${schools.countryId} is not null` });
  const [row] = await q
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(eq(schools.countryId, country.id));
  return row!;
}

const country = createSelectSchema(countries).shape;
const olympiad = createSelectSchema(olympiads).shape;
const schoolParticipant = createSelectSchema(schoolParticipants).shape;

/** A country's entry with its olympiad, its team's entry, its learners and its team admins. */
const CountryParticipantRow = createSelectSchema(countryParticipants)
  .pick({ id: true, olympiadId: true, countryId: true, schoolParticipantId: true, createdAt: true })
  .extend({
    olympiadName: olympiad.varName,
    olympiadTitle: olympiad.title,
    countryCode: country.code,
    countryName: country.name,
    timeZone: country.timeZone,
    schoolId: schoolParticipant.schoolId,
    status: schoolParticipant.status,
    teamSize: olympiad.teamSize,
    // The leaders as stored (jsonb): rows saved before an address was asked for have none.
    leaders: z.array(z.object({ name: z.string(), email: z.string().nullable().optional() })),
    learnerCount: z.number(),
    teamAdmins: z.array(TeamAdminSummary),
  });
export type CountryParticipantRow = z.infer<typeof CountryParticipantRow>;

const participantColumns = sql`cp.id, cp.olympiad_id as "olympiadId", o.var_name as "olympiadName", o.title as "olympiadTitle",
  c.id as "countryId", c.code as "countryCode", c.name as "countryName", c.time_zone as "timeZone",
  sp.school_id as "schoolId", sp.id as "schoolParticipantId", sp.status, o.team_size as "teamSize", cp.leaders,
  (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id and u.role = 'learner') as "learnerCount",
  coalesce((select json_agg(json_build_object('id', t.id, 'name', btrim(t.first_name || ' ' || t.last_name), 'email', t.email,
                   'verified', t.email_verified_at is not null, 'disabled', t.disabled_at is not null) order by t.id)
            from users t where t.school_id = sp.school_id and t.role = 'teacher'), '[]'::json) as "teamAdmins",
  cp.created_at as "createdAt"`;

const participantFrom = sql`from country_participants cp join school_participants sp on sp.id = cp.school_participant_id
  join countries c on c.id = cp.country_id join olympiads o on o.id = cp.olympiad_id`;

/** The countries entered within a reach (a team admin's reach is their own team's entries). */
export async function listCountryParticipants(q: Queryable, r: Reach, p: Paging) {
  const where: SQL[] = [reachSql(r, sql`cp.olympiad_id`, sql`sp.school_id`)];
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(c.name) like ${like} or lower(c.code) like ${like})`);
  }
  const whereSql = sql`where ${sql.join(where, sql` and `)}`;
  const order = orderBy(
    p,
    {
      countryName: sql`lower(c.name)`,
      countryCode: sql`c.code`,
      learnerCount: sql`"learnerCount"`,
      createdAt: sql`cp.created_at`,
    },
    'countryName',
    sql`cp.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(
      q,
      CountryParticipantRow,
      sql`select ${participantColumns} ${participantFrom} ${whereSql} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n ${participantFrom} ${whereSql}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findCountryParticipant(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    CountryParticipantRow,
    sql`select ${participantColumns} ${participantFrom} where cp.id = ${id}`,
  );
  return row ?? null;
}

/** A team's entry in an olympiad (the team admin's Team page). */
export async function findCountryParticipantOf(q: Queryable, olympiadId: number, schoolId: number) {
  const [row] = await rows(
    q,
    CountryParticipantRow,
    sql`select ${participantColumns} ${participantFrom} where cp.olympiad_id = ${olympiadId} and sp.school_id = ${schoolId}`,
  );
  return row ?? null;
}

export async function findCountryEntry(q: Queryable, olympiadId: number, countryId: number) {
  const [row] = await q
    .select({ id: countryParticipants.id })
    .from(countryParticipants)
    .where(sql`${countryParticipants.olympiadId} = ${olympiadId} and ${countryParticipants.countryId} = ${countryId}`);
  return row ?? null;
}

export async function insertCountryParticipant(
  q: Queryable,
  values: { olympiadId: number; countryId: number; schoolParticipantId: number },
) {
  const [row] = await q.insert(countryParticipants).values(values).returning({ id: countryParticipants.id });
  return row!.id;
}

export async function setLeaders(q: Queryable, id: number, leaders: TeamLeader[]) {
  await q.update(countryParticipants).set({ leaders, updatedAt: new Date() }).where(eq(countryParticipants.id, id));
}

/** Takes the country out: its entry goes (and with it this row and the entry's order). */
export async function deleteCountryParticipant(q: Queryable, schoolParticipantId: number) {
  await q.delete(schoolParticipants).where(eq(schoolParticipants.id, schoolParticipantId));
}

/** A teacher account with this address, and whether it belongs to this team. */
export async function teacherByEmail(q: Queryable, email: string) {
  const [row] = await q
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(and(eq(users.role, 'teacher'), sql`lower(${users.email}) = lower(${email})`));
  return row ?? null;
}
