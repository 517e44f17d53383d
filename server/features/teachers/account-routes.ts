import type { FastifyInstance } from 'fastify';
import { Ok } from '#contract/errors';
import { IdParams } from '#contract/ids';
import { TeacherBody } from '#contract/teachers';
import { badRequest, conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { revokeUserSessions } from '../../platform/sessions.js';
import { mailTeacherLink, teacherName } from '../../platform/teacher-accounts.js';
import { teacherLoader } from './load.js';
import { teachersPolicy } from './policy.js';
import { presentTeacher } from './present.js';
import * as queries from './queries.js';
import { say } from '../../http/request-language.js';

const tags = ['teachers'];
const { access } = teachersPolicy;

/** A teacher account's state: its one-time links mailed again, disabled and enabled. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  for (const [path, purpose, verb] of [
    ['resend-verification', 'verify_email', 'A new verify link'],
    ['reset-password', 'reset_password', 'A password-reset link'],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/teacher/v-rest/:id/${path}`,
      tags,
      access: access.mail,
      summary:
        path === 'reset-password'
          ? 'Mail a teacher a one-time password-reset link'
          : 'Mail a teacher a new verify-and-set-password link',
      params: IdParams,
      response: Ok,
      transaction: true,
      load: ({ db, actor, params }) => teacherLoader.load(db, actor, params.id, 'mail'),
      handler: async ({ db, record: teacher, audit }) => {
        if (!teacher.email) throw badRequest(say('api-portal.teacher.noEmail'));
        if (teacher.disabledAt) throw conflict(say('api-portal.account.disabled'));
        await mailTeacherLink(app, db, teacher, purpose, { schoolName: teacher.schoolName });
        await audit(`teacher.${path}`, { entityId: teacher.id });
        return { success: true as const, message: `${verb} is on its way to ${teacher.email}` };
      },
    });
  }

  for (const [path, disable] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/teacher/v-rest/:id/${path}`,
      tags,
      access: access.disable,
      summary: disable
        ? 'Disable a teacher: they can no longer sign in, and every session of theirs ends at once'
        : 'Enable a disabled teacher again (they sign in with their password as before)',
      params: IdParams,
      response: TeacherBody,
      transaction: true,
      load: ({ db, actor, params }) => teacherLoader.load(db, actor, params.id, 'disable'),
      handler: async ({ db, actor, record: teacher, audit }) => {
        const name = teacherName(teacher);
        if (disable === (teacher.disabledAt != null)) {
          return {
            success: true as const,
            message: `${name} is ${disable ? 'disabled' : 'enabled'} already`,
            teacher: presentTeacher(actor, teacher),
          };
        }
        await queries.updateUser(db, teacher.id, { disabledAt: disable ? new Date() : null });
        if (disable) await revokeUserSessions(db, teacher.id);
        await audit(`teacher.${path}`, { entityId: teacher.id, data: { schoolId: teacher.schoolId } });
        return {
          success: true as const,
          message: disable
            ? `${name} is disabled and signed out everywhere`
            : `${name} is enabled and can sign in again`,
          teacher: presentTeacher(actor, (await queries.findTeacher(db, teacher.id))!),
        };
      },
    });
  }
}
