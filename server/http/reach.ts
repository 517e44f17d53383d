import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor.js';
import { notFound } from './errors.js';
import { type Access, grantRolesOf } from './policy.js';

/**
 * What an actor sees of the olympiads' records, for an action (decision 029): the one representation used by
 * every list. `olympiads` is `'all'` (the overlord with no olympiad named) or the ids it may see; `schoolId`,
 * when set, narrows everything to one school (a teacher sees only their own school's records).
 */
export interface Reach {
  olympiads: 'all' | readonly number[];
  schoolId: number | null;
}

/**
 * The reach of an actor for an access rule, optionally narrowed to one olympiad. Null when the named olympiad
 * is outside it (callers answer 404: other olympiads look like nothing). The session's impersonation scope
 * always narrows it.
 */
export function reachFor(actor: Actor, access: Access, olympiadId?: number | null): Reach | null {
  const roles = access === 'public' || access === 'signedIn' ? [] : access;
  const scope = actor.olympiadScope;
  const inScope = (id: number) => scope == null || scope.includes(id);
  if (actor.role === 'teacher' && roles.includes('teacher')) {
    if (actor.schoolId == null) return null;
    if (olympiadId != null) return inScope(olympiadId) ? { olympiads: [olympiadId], schoolId: actor.schoolId } : null;
    return { olympiads: scope ?? 'all', schoolId: actor.schoolId };
  }
  if (actor.role === 'overlord' && roles.includes('overlord')) {
    if (olympiadId != null) return inScope(olympiadId) ? { olympiads: [olympiadId], schoolId: null } : null;
    return { olympiads: scope ?? 'all', schoolId: null };
  }
  const grants = grantRolesOf(access);
  const held = [
    ...new Set(actor.grants.filter((g) => grants.includes(g.role) && inScope(g.olympiadId)).map((g) => g.olympiadId)),
  ];
  if (olympiadId != null) return held.includes(olympiadId) ? { olympiads: [olympiadId], schoolId: null } : null;
  return { olympiads: held, schoolId: null };
}

/** `reachFor`, with an olympiad outside it answered as 404 (`what` was not found). */
export function reach(actor: Actor, access: Access, olympiadId?: number | null, what = 'This olympiad'): Reach {
  const r = reachFor(actor, access, olympiadId);
  if (!r) throw notFound(what);
  return r;
}

/** Does a record lie within a reach? */
export function reaches(r: Reach, record: { olympiadId: number | null; schoolId?: number | null }): boolean {
  if (r.schoolId != null && record.schoolId !== r.schoolId) return false;
  if (r.olympiads === 'all') return true;
  return record.olympiadId != null && r.olympiads.includes(record.olympiadId);
}

/** The SQL condition of a reach over a query's olympiad column (and school column, for a teacher's reach). */
export function reachSql(r: Reach, olympiadColumn: SQL, schoolColumn?: SQL): SQL {
  const parts: SQL[] = [];
  if (r.olympiads !== 'all') {
    parts.push(
      r.olympiads.length
        ? sql`${olympiadColumn} in (${sql.join(
            r.olympiads.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (r.schoolId != null) parts.push(schoolColumn ? sql`${schoolColumn} = ${r.schoolId}` : sql`false`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
