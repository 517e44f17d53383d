import { and, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { StaffRole, staffRoles, UserGrant, type UserListQuery } from '#contract/users';
import { type Queryable, rows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy } from '../../platform/paging.js';

/** A staff account with its sessions and grants (the statement reads staff roles only). */
const StaffAccountRow = createSelectSchema(users)
  .pick({
    id: true,
    username: true,
    email: true,
    firstName: true,
    lastName: true,
    disabledAt: true,
    createdAt: true,
  })
  .extend({
    role: StaffRole,
    hasPassword: z.boolean(),
    activeSessions: z.number(),
    lastSignInAt: z.date().nullable(),
    grants: z.array(UserGrant),
  });
export type StaffAccountRow = z.infer<typeof StaffAccountRow>;

/** A page's account, with the count of every account the filter finds. */
const ListedAccountRow = StaffAccountRow.extend({ total: z.number() });

const staff = sql`u.role in (${sql.join(
  staffRoles.map((r) => sql`${r}`),
  sql`, `,
)})`;

const accountSelect = sql`select u.id, u.username, u.email, u.first_name as "firstName", u.last_name as "lastName",
    u.role, u.disabled_at as "disabledAt", (u.password_hash is not null) as "hasPassword", u.created_at as "createdAt",
    (select count(*)::int from sessions s
      where s.user_id = u.id and s.revoked_at is null and s.expires_at > now()) as "activeSessions",
    (select max(s.created_at) from sessions s where s.user_id = u.id and s.impersonator_id is null) as "lastSignInAt",
    coalesce((select json_agg(json_build_object('olympiadId', o.id, 'olympiadName', o.var_name,
                'olympiadTitle', o.title, 'role', g.role) order by o.var_name, g.role)
              from olympiad_grants g join olympiads o on o.id = g.olympiad_id where g.user_id = u.id), '[]'::json)
      as "grants"`;

const sorts: Record<string, SQL> = {
  username: sql`lower(u.username)`,
  name: sql`lower(u.first_name || ' ' || u.last_name)`,
  email: sql`lower(u.email)`,
  role: sql`u.role`,
  createdAt: sql`u.created_at`,
  lastSignInAt: sql`"lastSignInAt"`,
};

/** A page of staff accounts: searched by username, name, email or a granted olympiad's name. */
export async function listAccounts(q: Queryable, p: UserListQuery) {
  const like = p.search ? containsPattern(p.search) : null;
  const conditions: SQL[] = [staff];
  if (like) {
    conditions.push(sql`(lower(u.username) like ${like} or lower(coalesce(u.email, '')) like ${like}
      or lower(u.first_name || ' ' || u.last_name) like ${like}
      or exists (select 1 from olympiad_grants g join olympiads o on o.id = g.olympiad_id
                 where g.user_id = u.id and (lower(o.var_name) like ${like} or lower(o.title) like ${like})))`);
  }
  if (p.role) conditions.push(sql`u.role = ${p.role}`);
  if (p.status === 'active') conditions.push(sql`u.disabled_at is null`);
  if (p.status === 'disabled') conditions.push(sql`u.disabled_at is not null`);
  const found = await rows(
    q,
    ListedAccountRow,
    sql`${accountSelect}, count(*) over ()::int as total from users u where ${sql.join(conditions, sql` and `)}
        order by ${orderBy(p, sorts, 'username', sql`u.id`)}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
  );
  return {
    items: found.map(({ total: _total, ...row }): StaffAccountRow => row),
    total: Number(found[0]?.total ?? 0),
  };
}

/** One staff account (null for a teacher, a learner or no one). */
export async function findAccount(q: Queryable, id: number): Promise<StaffAccountRow | null> {
  const [row] = await rows(q, StaffAccountRow, sql`${accountSelect} from users u where u.id = ${id} and ${staff}`);
  return row ?? null;
}

/** Another staff account with this address (staff addresses are unique among staff, as reset links go there). */
export async function staffEmailTaken(q: Queryable, email: string, exceptId: number | null) {
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.role, staffRoles),
        sql`lower(${users.email}) = lower(${email})`,
        exceptId == null ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row != null;
}
