import type { FastifyInstance } from 'fastify';
import { IdParams } from '#contract/ids';
import { SessionsEnded } from '#contract/sessions';
import { say } from '../../http/request-language.js';
import { route } from '../../http/route.js';
import { endSessionsOf } from '../../platform/session-list.js';
import { teacherName } from '../../platform/teacher-accounts.js';
import { teacherLoader } from './load.js';
import { teachersPolicy } from './policy.js';

/**
 * Sign a teacher out everywhere (decision 107): whoever may disable the account may end its sessions, that is the
 * overlord and the admins who manage the teacher's account (decision 022). Ending sessions is less than disabling,
 * which ends them too; the teacher signs in again with their password.
 */
export async function teacherSessionRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/teacher/v-rest/:id/end-sessions',
    tags: ['teachers'],
    access: teachersPolicy.access.disable,
    summary: 'Sign a teacher out everywhere: every session of theirs ends at once (the account stays enabled)',
    params: IdParams,
    response: SessionsEnded,
    transaction: true,
    load: ({ db, actor, params }) => teacherLoader.load(db, actor, params.id, 'disable'),
    handler: async ({ db, record: teacher, audit }) => {
      const ended = await endSessionsOf(db, teacher.id);
      await audit('teacher.end-sessions', {
        entityId: teacher.id,
        data: { schoolId: teacher.schoolId, sessionsEnded: ended },
      });
      return {
        success: true as const,
        message: say('api-portal.sessions.teacherEnded', { name: teacherName(teacher) }),
        ended,
      };
    },
  });
}
