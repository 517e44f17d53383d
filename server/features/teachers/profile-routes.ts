import type { FastifyInstance } from 'fastify';
import { MyProfileInput, TeacherBody } from '#contract/teachers';
import { notFoundSaid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { mailEmailChanged, refuseWhileImpersonating } from '../../platform/credentials.js';
import { displayName } from '../../platform/sessions.js';
import { mailTeacherLink } from '../../platform/teacher-accounts.js';
import { emailTaken } from './errors.js';
import { profileLoader } from './load.js';
import { teachersPolicy } from './policy.js';
import { presentTeacher } from './present.js';
import * as queries from './queries.js';

const tags = ['teachers'];
const { access } = teachersPolicy;

/** The signed-in teacher's own profile (/my-profile). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/teacher/v-rest/me',
    tags,
    access: access.profile,
    summary: 'The signed-in teacher’s profile',
    response: TeacherBody,
    load: ({ db, actor }) => profileLoader.load(db, actor, actor.userId, 'profile'),
    handler: async ({ record }) => ({ success: true as const, teacher: presentTeacher(null, record) }),
  });

  route(app, {
    method: 'PUT',
    url: '/teacher/v-rest/me',
    tags,
    access: access.profile,
    summary: 'Edit the signed-in teacher’s name, email and phone',
    body: MyProfileInput,
    response: TeacherBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      if (await queries.emailTakenByAnotherTeacher(db, body.email, actor.userId)) throw emailTaken();
      const before = await queries.findUser(db, actor.userId);
      if (!before) throw notFoundSaid('api-portal.notFound.profile');
      const emailChanged = (before.email ?? '').toLowerCase() !== body.email;
      if (emailChanged) refuseWhileImpersonating(actor, 'email address');
      await queries.updateUser(db, actor.userId, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phone ?? null,
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
      });
      await audit('teacher.update-profile', { entityId: actor.userId, data: { emailChanged } });
      if (emailChanged) {
        await mailTeacherLink(app, db, { ...before, email: body.email }, 'verify_email');
        if (before.email)
          await mailEmailChanged(app, db, { ...before, name: displayName(before) }, before.email, body.email);
      }
      return { success: true as const, teacher: presentTeacher(null, (await queries.findTeacher(db, actor.userId))!) };
    },
  });
}
