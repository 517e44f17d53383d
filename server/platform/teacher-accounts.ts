import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rows } from '../db/client.js';
import { type Actor, holdsOlympiad } from '../http/actor.js';

/**
 * Who manages a school's teacher accounts. Shared by the schools feature (add, edit, move, disable a teacher,
 * mail their links) and the auth feature (act as a teacher), so both follow one rule.
 *
 * A teacher account reaches its school's learners, slips and entries in every olympiad the school is in. An
 * admin may enter any school in their own olympiad, so an entry the admin made must not hand them that
 * account: it takes an entry the school made of its own accord (by its teacher, or loaded without an author,
 * such as seeded or imported entries), or a school that is in no olympiad but the admin's.
 */

/** One entry of a school in an olympiad, and whether staff made it (an admin or the overlord). */
export interface SchoolEntry {
  olympiadId: number;
  byStaff: boolean;
}

/** A school with its entries. */
export interface TeacherSchoolRecord {
  id: number;
  entries: SchoolEntry[];
}

/** The `entries` column of a school (by id expression) for a select list. */
export const entriesOf = (schoolId: SQL) =>
  sql`coalesce((select json_agg(json_build_object('olympiadId', sp.olympiad_id, 'byStaff',
                  exists (select 1 from users e where e.id = sp.entered_by and e.role <> 'teacher')))
                from school_participants sp where sp.school_id = ${schoolId}), '[]'::json) as "entries"`;

/** A school with its entries, or null. */
export async function schoolWithEntries(q: Queryable, id: number): Promise<TeacherSchoolRecord | null> {
  const [row] = await rows<TeacherSchoolRecord>(
    q,
    sql`select s.id, ${entriesOf(sql`s.id`)} from schools s where s.id = ${id}`,
  );
  return row ?? null;
}

/**
 * The overlord manages every teacher account; an admin those of a school that entered one of their olympiads
 * of its own accord, or whose every entry is in an olympiad they administer. With `olympiadId`, the school
 * must be entered in that olympiad and, for the first reason, by that entry.
 */
export function managesTeacherAccounts(actor: Actor, school: TeacherSchoolRecord | null, olympiadId?: number): boolean {
  if (actor.role === 'overlord') return true;
  if (school == null || school.entries.length === 0) return false;
  if (olympiadId != null && !school.entries.some((e) => e.olympiadId === olympiadId)) return false;
  const administers = (o: number) => holdsOlympiad(actor, o, ['admin']);
  const ownAccord = school.entries.some(
    (e) => !e.byStaff && administers(e.olympiadId) && (olympiadId == null || e.olympiadId === olympiadId),
  );
  return ownAccord || school.entries.every((e) => administers(e.olympiadId));
}
