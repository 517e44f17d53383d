import type { FastifyInstance } from 'fastify';
import { IdParams } from '#contract/ids';
import { SignedInSessions } from '#contract/sessions';
import { notFound } from '../../http/errors.js';
import { definePolicy } from '../../http/policy.js';
import { route } from '../../http/route.js';
import { liveSessionsOf, userExists } from '../../platform/session-list.js';

/**
 * The overlord reads anyone's live sessions (decision 107), to see where an account is signed in before ending its
 * sessions (`POST /user/v-rest/{id}/end-sessions` for staff, `POST /teacher/v-rest/{id}/end-sessions` for teachers)
 * or disabling it. Devices and addresses are personal data: nobody else reads another person's list.
 */
export const userSessionsPolicy = definePolicy({ capabilities: { list: ['overlord'] }, rule: () => true });

export async function userSessionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/user/v-rest/:id/sessions',
    summary: 'A user’s live sessions (any role), the most recently used first, as they see them themselves',
    tags: ['users'],
    access: userSessionsPolicy.access.list,
    params: IdParams,
    response: SignedInSessions,
    handler: async ({ db, actor, params }) => {
      if (!(await userExists(db, params.id))) throw notFound('This user');
      return { success: true as const, sessions: await liveSessionsOf(db, params.id, actor.sessionId) };
    },
  });
}
