import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '#contract/auth';
import { homeFor } from '#contract/navigation';
import type { Config } from '../config.js';
import { type Queryable, preparedRows } from '../db/client.js';
import { olympiadGrants, olympiads, type users } from '../db/schema/index.js';
import { newToken, tokenHash } from './secrets.js';

/**
 * Opening a session and presenting the session user. Shared by sign-in (auth) and the recovery-PIN
 * sign-in (sitting), so both answer exactly the same session-user shape.
 */
export type UserRow = typeof users.$inferSelect;

const olympiad = createSelectSchema(olympiads).shape;

/** A grant as the session answer lists it (a json list built in the statement, keyed so). */
const Grant = z.object({
  olympiadId: olympiad.id,
  olympiadName: olympiad.varName,
  olympiadTitle: olympiad.title,
  role: createSelectSchema(olympiadGrants).shape.role,
});
type Grants = Array<z.infer<typeof Grant>>;

/** What opening a session reads with it: the user's olympiad's name and their grants. */
const OpenedSession = z.object({ olympiadName: olympiad.varName.nullable(), grants: z.array(Grant) });

interface SessionParts {
  user: UserRow;
  olympiadName: string | null;
  grants: Grants;
  impersonator: UserRow | null;
  token: string;
  expiresAt: Date;
}

export const displayName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'username'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;

/** The sign-in answer: an allow-list of the user's fields, never the password hash. */
export function presentSessionUser(p: SessionParts): SessionUser {
  const subject = { role: p.user.role, olympiadName: p.olympiadName, grants: p.grants };
  return {
    success: true,
    id: p.user.id,
    username: p.user.username,
    name: displayName(p.user),
    email: p.user.email,
    role: p.user.role,
    olympiadId: p.user.olympiadId,
    olympiadName: p.olympiadName,
    schoolId: p.user.schoolId,
    grants: p.grants,
    home: homeFor(subject),
    impersonator: p.impersonator
      ? { id: p.impersonator.id, username: p.impersonator.username, name: displayName(p.impersonator) }
      : null,
    accessToken: { token: p.token, expiresAt: p.expiresAt.toISOString() },
    language: p.user.language === 'en' || p.user.language === 'af' ? p.user.language : null,
  };
}

/** Inserts a session and reads what the answer needs (olympiad name, grants) in the same statement. */
async function openSession(
  q: Queryable,
  secret: string,
  input: {
    user: UserRow;
    impersonatorId: number | null;
    hours: number;
    ip?: string;
    userAgent?: string;
    scope: SessionScope;
  },
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.hours * 3_600_000);
  const [row] = await preparedRows(
    q,
    'sessions.open',
    OpenedSession,
    sql`with s as (
          insert into sessions (token_hash, user_id, impersonator_id, expires_at, ip, user_agent, scope)
          values (${tokenHash(secret, token)}, ${input.user.id}, ${input.impersonatorId}, ${expiresAt.toISOString()},
                  ${input.ip ?? null}, ${input.userAgent?.slice(0, 300) ?? null}, ${input.scope}::text)
          returning user_id)
        select (select var_name from olympiads where id = ${input.user.olympiadId}) as olympiad_name,
               coalesce((select json_agg(json_build_object('olympiadId', o.id, 'olympiadName', o.var_name,
                                                           'olympiadTitle', o.title, 'role', g.role)
                                         order by o.open desc, o.year desc, o.var_name)
                         from olympiad_grants g join olympiads o on o.id = g.olympiad_id
                         where g.user_id = (select user_id from s)), '[]'::json) as grants`,
  );
  return { token, expiresAt, olympiadName: row?.olympiadName ?? null, grants: row?.grants ?? [] };
}

/**
 * `full`: an ordinary session. `set_password`: opened by a reset link, good only for choosing a new password
 * (features/auth/authenticate.ts refuses it everywhere else); it lasts at most an hour. `two_factor_enrol`: a role
 * that must use two-factor sign-in, before enrolling: good only for enrolling (decision 106), also an hour at most.
 */
export type SessionScope = 'full' | 'set_password' | 'two_factor_enrol';

/** Builds the whole session-user answer for a user and a fresh session. */
export async function startSession(
  config: Pick<Config, 'appSecret' | 'sessionHours'>,
  q: Queryable,
  req: FastifyRequest,
  user: UserRow,
  impersonator: UserRow | null = null,
  scope: SessionScope = 'full',
): Promise<SessionUser> {
  const hours = user.role === 'learner' ? config.sessionHours.learner : config.sessionHours.staff;
  const session = await openSession(q, config.appSecret, {
    user,
    impersonatorId: impersonator?.id ?? null,
    hours: scope !== 'full' ? 1 : impersonator ? Math.min(hours, 2) : hours,
    scope,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
  });
  return presentSessionUser({ user, impersonator, ...session });
}

/**
 * A reset-link session that has set the password becomes an ordinary one: its holder now knows the password. An
 * enrolment session that has enrolled does too (decision 106). `to` is the scope it becomes (a reset-link session of
 * a role that must use two-factor sign-in becomes an enrolment session).
 */
export async function widenSession(
  q: Queryable,
  sessionId: number,
  to: Exclude<SessionScope, 'set_password'> = 'full',
): Promise<void> {
  await q.execute(sql`update sessions set scope = ${to} where id = ${sessionId}`);
}

/**
 * Ends every session of a user except, optionally, the one making the change (password change, disabling
 * a user, a learner's new password). Every request looks its session up, so the tokens are refused at once.
 */
export async function revokeUserSessions(q: Queryable, userId: number, exceptSessionId?: number): Promise<void> {
  await q.execute(
    exceptSessionId == null
      ? sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`
      : sql`update sessions set revoked_at = now()
            where user_id = ${userId} and revoked_at is null and id <> ${exceptSessionId}`,
  );
}
