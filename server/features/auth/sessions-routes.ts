import type { FastifyInstance } from 'fastify';
import { IdParams } from '#contract/ids';
import { SessionsEnded, SignedInSessions } from '#contract/sessions';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFoundSaid } from '../../http/errors.js';
import { definePolicy } from '../../http/policy.js';
import { say } from '../../http/request-language.js';
import { route } from '../../http/route.js';
import { endSessionOf, endSessionsOf, liveSessionsOf } from '../../platform/session-list.js';

const tags = ['auth'];

/**
 * One's own signed-in sessions (decision 107): everyone signed in sees theirs and ends any of them. Only one's own:
 * a session of someone else is not found. Someone acting as another user may see that user's sessions (the read is
 * audited, as every read while impersonating) but ends none of them: that is the owner's choice, like their password.
 */
export const ownSessionsPolicy = definePolicy({
  capabilities: { list: 'signedIn', end: 'signedIn' },
  rule: () => true,
});
const { access } = ownSessionsPolicy;

function refuseWhileImpersonating(actor: Actor): void {
  if (actor.impersonatorId != null) throw forbidden(say('api-portal.sessions.notWhileActing'));
}

export async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/auth/sessions',
    summary:
      'The signed-in user’s live sessions (not ended, not expired), the most recently used first: device, ' +
      'address, signed in, last seen (to the minute), which one is this request’s, and whether someone acting as ' +
      'the user opened it',
    tags,
    access: access.list,
    response: SignedInSessions,
    handler: async ({ db, actor }) => ({
      success: true as const,
      sessions: await liveSessionsOf(db, actor.userId, actor.sessionId),
    }),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/auth/sessions/:id',
    summary:
      'End one of one’s own sessions: it is refused on its next request, by every server process. Another ' +
      'user’s session, or one ended already, is not found',
    tags,
    access: access.end,
    params: IdParams,
    response: SessionsEnded,
    transaction: true,
    handler: async ({ db, actor, params, audit }) => {
      refuseWhileImpersonating(actor);
      if (!(await endSessionOf(db, actor.userId, params.id))) throw notFoundSaid('api-portal.sessions.notFound');
      await audit('user.end-own-session', {
        entityId: actor.userId,
        data: { sessionId: params.id, current: params.id === actor.sessionId },
      });
      return { success: true as const, message: say('api-portal.sessions.ended'), ended: 1 };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/sessions/end-others',
    summary: 'End every one of one’s own sessions but the one making this request',
    tags,
    access: access.end,
    response: SessionsEnded,
    transaction: true,
    handler: async ({ db, actor, audit }) => {
      refuseWhileImpersonating(actor);
      const ended = await endSessionsOf(db, actor.userId, actor.sessionId);
      await audit('user.end-own-other-sessions', { entityId: actor.userId, data: { sessionsEnded: ended } });
      return { success: true as const, message: say('api-portal.sessions.othersEnded'), ended };
    },
  });
}
