import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import { auditLog, olympiads, users } from '../../db/schema/index.js';
import { containsPattern } from '../../platform/paging.js';

export interface ActivityFilter {
  from: Date | null;
  to: Date | null;
  userId?: number | undefined;
  email?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  search?: string | undefined;
}

/** The actor or impersonator of an entry, as the statement's `json_build_object` gives them. */
const Person = createSelectSchema(users)
  .pick({ id: true, username: true, email: true, role: true })
  .extend({ name: z.string() });

const ActivityRow = createSelectSchema(auditLog)
  .pick({ id: true, at: true, action: true, entity: true, entityId: true, olympiadId: true, ip: true, data: true })
  .extend({
    olympiadName: createSelectSchema(olympiads).shape.varName.nullable(),
    actor: Person.nullable(),
    impersonator: Person.nullable(),
  });
export type ActivityRow = z.infer<typeof ActivityRow>;

/**
 * The filter of the activity log: a person (by id or address) matches as the actor or as the one acting as
 * someone, so "what did this admin do" includes what they did while acting as a teacher. Each condition is
 * answered by an index of `audit_log` (at; actor, at; impersonator, at; entity, entity id, at).
 */
function where(f: ActivityFilter): SQL {
  const conditions: SQL[] = [];
  if (f.from) conditions.push(sql`a.at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`a.at < ${f.to.toISOString()}::timestamptz`);
  if (f.userId != null) conditions.push(sql`(a.actor_id = ${f.userId} or a.impersonator_id = ${f.userId})`);
  if (f.email) {
    const ids = sql`(select id from users where lower(email) = ${f.email.toLowerCase()})`;
    conditions.push(sql`(a.actor_id in ${ids} or a.impersonator_id in ${ids})`);
  }
  if (f.action) {
    conditions.push(f.action.endsWith('.') ? sql`starts_with(a.action, ${f.action})` : sql`a.action = ${f.action}`);
  }
  if (f.entity) conditions.push(sql`a.entity = ${f.entity}`);
  if (f.entityId) conditions.push(sql`a.entity_id = ${f.entityId}`);
  if (f.search) conditions.push(sql`lower(a.data::text) like ${containsPattern(f.search)} escape '\\'`);
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

const person = (alias: string) =>
  sql`case when ${sql.identifier(alias)}.id is null then null else json_build_object(
        'id', ${sql.identifier(alias)}.id, 'username', ${sql.identifier(alias)}.username,
        'email', ${sql.identifier(alias)}.email, 'role', ${sql.identifier(alias)}.role,
        'name', btrim(${sql.identifier(alias)}.first_name || ' ' || ${sql.identifier(alias)}.last_name)) end`;

/** One page of the activity log, newest first; `limit` null for an export of the whole filtered log. */
export async function listActivity(
  q: Queryable,
  f: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<ActivityRow[]> {
  return rows(
    q,
    ActivityRow,
    sql`with page as (
          select a.* from audit_log a ${where(f)}
          order by a.at desc, a.id desc limit ${page.limit} offset ${page.offset})
        select a.id, a.at, a.action, a.entity, a.entity_id as "entityId", a.olympiad_id as "olympiadId",
               o.var_name as "olympiadName", ${person('actor')} as actor, ${person('imp')} as impersonator,
               a.ip, a.data
        from page a
        left join users actor on actor.id = a.actor_id
        left join users imp on imp.id = a.impersonator_id
        left join olympiads o on o.id = a.olympiad_id
        order by a.at desc, a.id desc`,
  );
}

/** Counting stops here: a filter that matches more is narrowed, not paged through. */
export const COUNT_CAP = 10_000;

/** How many entries match, up to `COUNT_CAP` (an index-only count that stops early). */
export async function countActivity(q: Queryable, f: ActivityFilter): Promise<number> {
  const [row] = await rows(
    q,
    CountRow,
    sql`select count(*)::int as n from (select 1 from audit_log a ${where(f)} limit ${COUNT_CAP}) capped`,
  );
  return row!.n;
}
