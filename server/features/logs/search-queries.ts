import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SearchKind } from '#contract/logs';
import { type Queryable, rows } from '../../db/client.js';
import { containsPattern } from '../../platform/paging.js';

/** At most this many of each kind are ranked; a search that finds more asks for a longer term. */
export const PER_KIND = 200;

/** One hit of any kind (the branches of one union, so their columns are computed, not one table's). */
const SearchRow = z.object({
  kind: SearchKind,
  id: z.number(),
  title: z.string(),
  detail: z.string(),
  /** Where its screen is: a learner's or an olympiad's varName; a teacher's school name (one column in the union). */
  varName: z.string().nullable(),
  /** What the linked screen's search box is given. */
  term: z.string(),
  /** A learner's school (its learners list opens on it). */
  schoolId: z.number().nullable(),
  rank: z.number(),
  total: z.number(),
});
export type SearchRow = z.infer<typeof SearchRow>;

/**
 * How well `column` (lower-cased) matches: 1 exact, 0.9 at its start, else its trigram similarity scaled
 * below those. The `where` of each kind (`matches`) is what the trigram indexes of migration 0016 answer.
 */
const rankOf = (column: SQL, term: string) =>
  sql`(case when ${column} = ${term} then 1 when starts_with(${column}, ${term}) then 0.9
            else 0.8 * similarity(${column}, ${term}) end)::float8`;
const matches = (column: SQL, term: string) =>
  sql`(${column} like ${containsPattern(term)} escape '\\' or ${column} % ${term})`;

/**
 * A person's full name in either order: the first name on both sides of the last, as the trigram index
 * `users_full_name_trgm_idx` holds it (the expression must stay the index's, word for word). It contains
 * "first last" and "last first"; each order is ranked on its own.
 */
const fullName = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.first_name)`;
const nameRank = (term: string) =>
  sql`greatest(${rankOf(sql`lower(u.first_name || ' ' || u.last_name)`, term)},
    ${rankOf(sql`lower(u.last_name || ' ' || u.first_name)`, term)})`;

/** One kind's candidates, best first, bounded. */
function branch(kind: SearchKind, term: string): SQL {
  switch (kind) {
    case 'learner': {
      const c = sql`lower(u.username)`;
      return sql`(select 'learner' as kind, u.id, u.username as title,
          concat_ws(' · ', nullif(btrim(u.first_name || ' ' || u.last_name), ''), s.name, o.title) as detail,
          o.var_name as "varName", u.username as term, u.school_id as "schoolId",
          greatest(${rankOf(c, term)}, ${nameRank(term)}) as rank
        from users u join olympiads o on o.id = u.olympiad_id left join schools s on s.id = u.school_id
        where u.role = 'learner' and (${matches(c, term)} or ${matches(fullName, term)})
        order by rank desc, u.id limit ${PER_KIND})`;
    }
    case 'teacher': {
      const c = sql`lower(u.email)`;
      return sql`(select 'teacher' as kind, u.id, u.email as title,
          concat_ws(' · ', nullif(btrim(u.first_name || ' ' || u.last_name), ''), s.name) as detail,
          s.name as "varName", coalesce(u.email, '') as term, null::int as "schoolId",
          greatest(${rankOf(c, term)}, ${nameRank(term)}) as rank
        from users u left join schools s on s.id = u.school_id
        where u.role = 'teacher' and (${matches(c, term)} or ${matches(fullName, term)})
        order by rank desc, u.id limit ${PER_KIND})`;
    }
    case 'school': {
      const name = sql`lower(s.name)`;
      const emis = sql`lower(s.emis_number)`;
      return sql`(select 'school' as kind, s.id, s.name as title,
          concat_ws(' · ', 'EMIS ' || s.emis_number, s.town, s.province) as detail,
          null::text as "varName", coalesce(s.emis_number, s.name) as term, null::int as "schoolId",
          greatest(${rankOf(name, term)}, coalesce(${rankOf(emis, term)}, 0)) as rank
        from schools s where ${matches(name, term)} or ${matches(emis, term)}
        order by rank desc, s.id limit ${PER_KIND})`;
    }
    case 'olympiad': {
      const title = sql`lower(o.title)`;
      const name = sql`lower(o.var_name)`;
      return sql`(select 'olympiad' as kind, o.id, o.title as title, o.var_name as detail,
          o.var_name as "varName", o.var_name as term, null::int as "schoolId",
          greatest(${rankOf(title, term)}, ${rankOf(name, term)}) as rank
        from olympiads o where ${matches(title, term)} or ${matches(name, term)}
        order by rank desc, o.id limit ${PER_KIND})`;
    }
    case 'eoi': {
      const name = sql`lower(e.school_name)`;
      const email = sql`lower(e.teacher_email)`;
      return sql`(select 'eoi' as kind, e.id, e.school_name as title,
          concat_ws(' · ', e.teacher_email, e.status, to_char(e.created_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD')) as detail,
          o.var_name as "varName", e.school_name as term, null::int as "schoolId",
          greatest(${rankOf(name, term)}, ${rankOf(email, term)}) as rank
        from expressions_of_interest e left join olympiads o on o.id = e.olympiad_id
        where ${matches(name, term)} or ${matches(email, term)}
        order by rank desc, e.id desc limit ${PER_KIND})`;
    }
    case 'email': {
      const c = sql`lower(m.to_address)`;
      return sql`(select 'email' as kind, m.id, m.to_address as title,
          concat_ws(' · ', m.subject, m.status, to_char(m.created_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI')) as detail,
          null::text as "varName", m.to_address as term, null::int as "schoolId", ${rankOf(c, term)} as rank
        from emails m where ${matches(c, term)} order by rank desc, m.id desc limit ${PER_KIND})`;
    }
  }
}

/**
 * How similar a name must be to be found by similarity alone (pg_trgm's `%`; its default is 0.3). At 0.3 a term
 * such as `rep-4242` is "similar" to nearly every username sharing its `rep-` (100,000 learners in bench:reports),
 * and every one of them would be read and ranked; at 0.5 a typo still finds its name (`thabo.nkozi` finds
 * `thabo.nkosi`) and the index answers a few hundred candidates. Containing the term always matches.
 */
export const SIMILARITY_THRESHOLD = 0.5;

/**
 * The overlord's search (decision 037): every kind asked (or one), each through its trigram index, ranked
 * together, paged. An exact username, EMIS number or address comes first.
 */
export async function search(
  q: Queryable,
  o: { term: string; kinds: readonly SearchKind[]; page: number; pageSize: number },
): Promise<SearchRow[]> {
  // Spaces as one, so that a name typed with two between its parts is still found.
  const term = o.term.trim().replace(/\s+/g, ' ').toLowerCase();
  const union = sql.join(
    o.kinds.map((k) => branch(k, term)),
    sql` union all `,
  );
  // The threshold holds for this transaction only (SET LOCAL), never for the pooled connection's next query.
  return q.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${SIMILARITY_THRESHOLD}`));
    return rows(
      tx,
      SearchRow,
      sql`select *, count(*) over ()::int as total from (${union}) hits
          order by rank desc, title, kind, id limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    );
  });
}
