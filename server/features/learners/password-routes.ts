import type { FastifyInstance } from 'fastify';
import { IdParams } from '#contract/ids';
import { SetLearnerPasswordBody } from '#contract/auth';
import { Ok } from '#contract/errors';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { refuseWhileImpersonating, storePasswordHash } from '../../platform/credentials.js';
import { hashPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../../platform/sessions.js';
import { learnerLoader } from './load.js';
import { learnersPolicy } from './policy.js';

/**
 * A learner's password, set by the people who manage the learner (learnersPolicy `setPassword`, the one
 * learner-password rule). The URL is the spec's, under auth.
 */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'PUT',
    url: '/api/auth/set-learner-passwords/:id',
    summary: 'Set a learner’s password (their teacher, an admin of their olympiad, the overlord)',
    tags: ['auth', 'learners'],
    access: learnersPolicy.access.setPassword,
    params: IdParams,
    body: SetLearnerPasswordBody,
    response: Ok,
    load: async ({ db, actor, params }) => {
      const learner = await learnerLoader.load(db, actor, params.id, 'setPassword');
      refuseWhileImpersonating(actor, 'password');
      return learner;
    },
    // No route transaction: the hash is made first, outside any transaction (it is slow on purpose and would
    // hold a connection); then the change, the ended sessions and the audit row are written in one.
    handler: async ({ req, actor, body, record: learner }) => {
      const passwordHash = await hashPassword(body.password);
      await app.db.transaction(async (tx) => {
        await storePasswordHash(tx, learner.id, passwordHash);
        await revokeUserSessions(tx, learner.id);
        await audit(tx, actor, 'learner.set-password', {
          entityId: learner.id,
          olympiadId: learner.olympiadId,
          ip: req.ip,
        });
      });
      return { success: true as const, message: `The password of ${learner.username} is saved` };
    },
  });
}
