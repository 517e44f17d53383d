import { eq, sql, type SQL } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { siteTimeZone as SAST_ZONE } from '#contract/site-time';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import {
  accounts,
  certificateBatches,
  countries,
  olympiadResults,
  olympiads,
  schoolParticipants,
  schools,
  users,
} from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

export type ParticipantRow = typeof schoolParticipants.$inferSelect;

/** An entry with its olympiad's and school's names and the count of its learners. */
const ParticipantListRow = createSelectSchema(schoolParticipants)
  .pick({ id: true, olympiadId: true, schoolId: true, status: true, createdAt: true })
  .extend({
    olympiadName: createSelectSchema(olympiads).shape.varName,
    olympiadTitle: createSelectSchema(olympiads).shape.title,
    schoolName: createSelectSchema(schools).shape.name,
    town: createSelectSchema(schools).shape.town,
    province: createSelectSchema(schools).shape.province,
    learnerCount: z.number(),
  });
export type ParticipantListRow = z.infer<typeof ParticipantListRow>;

const participantColumns = sql`sp.id, sp.olympiad_id as "olympiadId", o.var_name as "olympiadName", o.title as "olympiadTitle",
  sp.school_id as "schoolId", s.name as "schoolName", s.town, s.province, sp.status,
  (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id and u.role = 'learner') as "learnerCount",
  sp.created_at as "createdAt"`;

/** The entries within a reach (a teacher's reach is their own school's entries). */
export async function listParticipants(q: Queryable, r: Reach, p: Paging & { status?: string | undefined }) {
  const where: SQL[] = [reachSql(r, sql`sp.olympiad_id`, sql`sp.school_id`)];
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
    rows(
      q,
      ParticipantListRow,
      sql`select ${participantColumns} ${from} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n ${from}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findParticipant(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    ParticipantListRow,
    sql`select ${participantColumns} from school_participants sp join schools s on s.id = sp.school_id
        join olympiads o on o.id = sp.olympiad_id where sp.id = ${id}`,
  );
  return row ?? null;
}

export { findEntryOf as findParticipantOf, enterSchool } from '../../platform/entries.js';

export async function setParticipantStatus(q: Queryable, id: number, status: ParticipantRow['status']) {
  await q.update(schoolParticipants).set({ status, updatedAt: new Date() }).where(eq(schoolParticipants.id, id));
}

export async function deleteParticipant(q: Queryable, id: number) {
  await q.delete(schoolParticipants).where(eq(schoolParticipants.id, id));
}

/** A learner as the participants list shows them. */
const ParticipantLearnerRow = createSelectSchema(users).pick({
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  grade: true,
});
export type ParticipantLearnerRow = z.infer<typeof ParticipantLearnerRow>;

/** One learner (a participant) with the id of the entry of their school in their olympiad; null without one. */
export async function findParticipantLearner(q: Queryable, id: number) {
  const [row] = await rows(
    q,
    ParticipantLearnerRow.extend({ entryId: createSelectSchema(schoolParticipants).shape.id }),
    sql`select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName", u.grade, sp.id as "entryId"
        from users u join school_participants sp on sp.olympiad_id = u.olympiad_id and sp.school_id = u.school_id
        where u.id = ${id} and u.role = 'learner'`,
  );
  return row ?? null;
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
    rows(
      q,
      ParticipantLearnerRow,
      sql`select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName", u.grade
          from users u ${where} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from users u ${where}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

/** An olympiad as a teacher's portal lists it, with their school's entry in it (when entered). */
const PortalOlympiadRow = createSelectSchema(olympiads)
  .pick({
    id: true,
    varName: true,
    title: true,
    year: true,
    kind: true,
    open: true,
    startsAt: true,
    endsAt: true,
    feeCents: true,
    currency: true,
    paymentRequired: true,
  })
  .extend({
    vatRateBp: createSelectSchema(accounts).shape.vatRateBp,
    participantId: createSelectSchema(schoolParticipants).shape.id.nullable(),
    status: createSelectSchema(schoolParticipants).shape.status.nullable(),
    learnerCount: z.number(),
    resultsPublishedAt: createSelectSchema(olympiadResults).shape.publishedAt,
    certificates: createSelectSchema(certificateBatches).shape.certificates.nullable(),
    certificatesAt: createSelectSchema(certificateBatches).shape.generatedAt,
    timeZone: createSelectSchema(countries).shape.timeZone,
  });
export type PortalOlympiadRow = z.infer<typeof PortalOlympiadRow>;

/**
 * The olympiads a teacher's school can enter (school olympiads not yet over), and those it is in. A country's team
 * enters none itself (its olympiad's admin enters the country, decision 039): its team admin sees only its entries.
 * Each comes with its results' publication, the school's certificate PDF (when made) and the zone its times are
 * read in (a country team's own, else South African time). Entries first; among them those still to come or being
 * written, soonest first, then those that are over, the latest first (last year's olympiad after this year's).
 */
export async function portalOlympiads(q: Queryable, schoolId: number | null) {
  const over = sql`(r.published_at is not null or o.ends_at <= now())`;
  return rows(
    q,
    PortalOlympiadRow,
    sql`select o.id, o.var_name as "varName", o.title, o.year, o.kind, o.open, o.starts_at as "startsAt", o.ends_at as "endsAt",
               o.fee_cents as "feeCents", o.currency, o.payment_required as "paymentRequired",
               case when coalesce(a.vat_number, '') = '' then 0 else a.vat_rate_bp end as "vatRateBp",
               sp.id as "participantId", sp.status,
               (select count(*)::int from users u where u.school_id = ${schoolId} and u.olympiad_id = o.id and u.role = 'learner') as "learnerCount",
               r.published_at as "resultsPublishedAt",
               case when cb.file_key is not null then cb.certificates end as "certificates",
               case when cb.file_key is not null then cb.generated_at end as "certificatesAt",
               coalesce(case when o.kind = 'country' then
                 (select c.time_zone from schools t join countries c on c.id = t.country_id where t.id = ${schoolId}) end,
                 ${SAST_ZONE}) as "timeZone"
        from olympiads o
        left join accounts a on a.id = o.account_id
        left join school_participants sp on sp.olympiad_id = o.id and sp.school_id = ${schoolId}
        left join olympiad_results r on r.olympiad_id = o.id
        left join certificate_batches cb on cb.school_participant_id = sp.id
        where sp.id is not null or (o.kind = 'school' and (o.ends_at is null or o.ends_at > now())
          and not exists (select 1 from schools t where t.id = ${schoolId} and t.country_id is not null))
        order by (sp.id is null), coalesce(${over}, false),
                 case when coalesce(${over}, false) then coalesce(o.ends_at, r.published_at) end desc,
                 o.starts_at nulls last, o.title`,
  );
}
