import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { preparedRows } from '../../db/client.js';
import { olympiadGrants, sessions, users } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { bearerToken } from '../../http/bearer.js';
import { forbidden } from '../../http/errors.js';
import { enrolmentRequired } from './two-factor-errors.js';
import { tokenHash } from '../../platform/secrets.js';

const grant = createSelectSchema(olympiadGrants).shape;

/**
 * A live session with its user: their grants (a json list built in the statement, keyed so) and, for an
 * impersonated session, the olympiads its impersonator administers (null: no such limit).
 */
const ActorRow = createSelectSchema(sessions)
  .pick({ userId: true, impersonatorId: true, scope: true })
  .extend({
    sessionId: createSelectSchema(sessions).shape.id,
    ...createSelectSchema(users).pick({ role: true, username: true, olympiadId: true, schoolId: true }).shape,
    grants: z.array(z.object({ olympiadId: grant.olympiadId, role: grant.role })),
    olympiadScope: z.array(grant.olympiadId).nullable(),
  });

/**
 * What a session opened by a reset link may do: choose the password, and sign out. Every other route
 * answers 403 for it, so a leaked or forwarded reset link gives no access to the account's data.
 */
const passwordOnlyRoutes = new Set(['PUT /api/auth/set-password', 'POST /api/auth/logout']);

/**
 * What a session of a role that must use two-factor sign-in may do before its holder enrolled (decision 106): read
 * who they are, set two-factor sign-in up, and sign out. Everything else answers 403 `two_factor_enrolment_required`.
 */
const enrolOnlyRoutes = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
]);

/**
 * Loads the actor of a request from its bearer token in one query, when a route asks (`route()` does, before
 * its access check). A token that is unknown, expired or revoked, or whose user is disabled, leaves the
 * request anonymous; routes that need a user then answer 401. Nothing is cached: a revoked token is refused
 * at once, on every server process. An impersonated session ends when its impersonator is disabled, and acts only
 * within the olympiads its impersonator administers at the time of the request (`Actor.olympiadScope`).
 * The same statement keeps the session's last-seen time (decision 107).
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (req: FastifyRequest): Promise<Actor | null> => {
    const token = bearerToken(req);
    if (!token) return null;
    const [row] = await preparedRows(
      app.db,
      'auth.actor',
      ActorRow,
      sql`
      with a as (
      select s.id as session_id, s.user_id, s.impersonator_id, s.scope, u.role, u.username, u.olympiad_id, u.school_id,
             coalesce((select json_agg(json_build_object('olympiadId', g.olympiad_id, 'role', g.role))
                       from olympiad_grants g where g.user_id = u.id), '[]'::json) as grants,
             case when i.id is null or i.role = 'overlord' then null
                  else coalesce((select array_agg(g.olympiad_id) from olympiad_grants g
                                 where g.user_id = i.id and g.role = 'admin'), '{}') end as olympiad_scope
      from sessions s join users u on u.id = s.user_id
      left join users i on i.id = s.impersonator_id
      where s.token_hash = ${tokenHash(app.config.appSecret, token)}
        and s.revoked_at is null and s.expires_at > now() and u.disabled_at is null
        and (s.impersonator_id is null or (i.id is not null and i.disabled_at is null))),
      -- Last seen, to the minute, in this same statement (decision 107): a write only when a minute has passed, and
      -- for a learner only on a read (a page load), never on their heartbeats or saves.
      touch as (
        update sessions set last_seen_at = now()
        where id = (select session_id from a where role <> 'learner' or ${req.method === 'GET'}::boolean)
          and (last_seen_at is null or last_seen_at < now() - interval '1 minute'))
      select session_id, user_id, impersonator_id, scope, role, username, olympiad_id, school_id, grants, olympiad_scope
      from a`,
    );
    if (!row) return null;
    if (row.scope === 'set_password' && !passwordOnlyRoutes.has(`${req.method} ${req.routeOptions.url}`)) {
      throw forbidden('This session can only set a new password. Choose one, then sign in with it.');
    }
    if (row.scope === 'two_factor_enrol' && !enrolOnlyRoutes.has(`${req.method} ${req.routeOptions.url}`)) {
      throw enrolmentRequired();
    }
    req.actor = {
      sessionId: row.sessionId,
      userId: row.userId,
      impersonatorId: row.impersonatorId,
      role: row.role,
      username: row.username,
      olympiadId: row.olympiadId,
      schoolId: row.schoolId,
      grants: row.grants,
      olympiadScope: row.olympiadScope,
      passwordOnly: row.scope === 'set_password',
      enrolOnly: row.scope === 'two_factor_enrol',
    };
    return req.actor;
  });
}
