import type { FastifyInstance } from 'fastify';
import { IdParams } from '#contract/ids';
import { TeacherBody, TeacherInput, TeacherListQuery, TeacherPage, TeacherUpdate } from '#contract/teachers';
import { conflict, schoolNotFound } from '../../http/errors.js';
import { reach } from '../../http/reach.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { mailEmailChanged, refuseWhileImpersonating } from '../../platform/credentials.js';
import { pageResult } from '../../platform/paging.js';
import { displayName } from '../../platform/sessions.js';
import { createTeacherAccount, mailTeacherLink } from '../../platform/teacher-accounts.js';
import { accountRoutes } from './account-routes.js';
import { emailTaken } from './errors.js';
import { newSchoolLoader, schoolLoader, teacherLoader, teachersReach } from './load.js';
import { mayAddTeachers, teachersPolicy } from './policy.js';
import { presentTeacher } from './present.js';
import { profileRoutes } from './profile-routes.js';
import * as queries from './queries.js';
import { say } from '../../http/request-language.js';

const tags = ['teachers'];
const { access } = teachersPolicy;

/**
 * Teachers (docs/spec.md §6, /{o}/admin/edit/teachers): staff read the teachers of their olympiads' schools; the
 * overlord and admins manage the accounts they may (teachers/policy.ts); a teacher edits their own profile.
 */
export async function teachersRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/teacher/v-rest/',
    tags,
    access: access.list,
    summary: 'Teachers of the schools in the caller’s olympiads (overlord: all); paged, searchable, sortable',
    query: TeacherListQuery,
    response: TeacherPage,
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listTeachers(db, teachersReach(actor, query.olympiadId), query);
      return {
        ...pageResult(
          items.map((t) => presentTeacher(actor, t)),
          total,
          query,
        ),
        can: { create: mayAddTeachers(actor, query.olympiadId) },
      };
    },
  });

  readOne(app, '/teacher/v-rest/', 'teacherId', {
    tags,
    access: access.see,
    summary: 'One teacher',
    response: TeacherBody,
    load: ({ db, actor, params }) => teacherLoader.load(db, actor, params.id, 'see'),
    handler: async ({ actor, record }) => ({ success: true as const, teacher: presentTeacher(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/teacher/v-rest/',
    tags,
    access: access.create,
    summary: 'Add a teacher to a school (admin: a school of their olympiad); mails a verify-and-set-password link',
    body: TeacherInput,
    response: TeacherBody,
    transaction: true,
    load: ({ db, actor, body }) => schoolLoader.load(db, actor, body.schoolId, 'create'),
    handler: async ({ db, actor, body, record: school, audit }) => {
      // The olympiad the caller says they act within must be theirs, and the school must be entered in it.
      if (body.olympiadId != null) {
        reach(actor, access.create, body.olympiadId);
        if (!school.olympiadIds.includes(body.olympiadId)) throw schoolNotFound();
      }
      if (await queries.emailTakenByAnotherTeacher(db, body.email, null)) {
        throw conflict(say('api-portal.teacher.exists'), [
          { path: 'body.email', message: say('api-portal.teacher.emailTakenField') },
        ]);
      }
      const teacher = await createTeacherAccount(db, { ...body, phone: body.phone ?? null });
      await audit('teacher.create', { entityId: teacher.id, data: { schoolId: school.id } });
      await mailTeacherLink(app, db, teacher, 'verify_email', { schoolName: school.name });
      return {
        success: true as const,
        message: `The teacher is added; a link to verify the address and choose a password is on its way to ${body.email}`,
        teacher: presentTeacher(actor, (await queries.findTeacher(db, teacher.id))!),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/teacher/v-rest/:id',
    tags,
    access: access.update,
    summary: 'Edit a teacher of one of the admin’s schools (overlord: any)',
    params: IdParams,
    body: TeacherUpdate,
    response: TeacherBody,
    transaction: true,
    load: ({ db, actor, params }) => teacherLoader.load(db, actor, params.id, 'update'),
    handler: async ({ db, actor, body, record: teacher, audit }) => {
      if (body.schoolId != null && body.schoolId !== teacher.schoolId) {
        await newSchoolLoader.load(db, actor, body.schoolId, 'update');
      }
      if (await queries.emailTakenByAnotherTeacher(db, body.email, teacher.id)) throw emailTaken();
      const oldEmail = teacher.email;
      const emailChanged = (oldEmail ?? '').toLowerCase() !== body.email.toLowerCase();
      if (emailChanged) refuseWhileImpersonating(actor, 'email address');
      await queries.updateUser(db, teacher.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phone ?? null,
        ...(body.schoolId != null ? { schoolId: body.schoolId } : {}),
      });
      await audit('teacher.update', { entityId: teacher.id, data: { ...body } });
      if (emailChanged && oldEmail) {
        await mailEmailChanged(app, db, { ...teacher, name: displayName(teacher) }, oldEmail, body.email);
      }
      return { success: true as const, teacher: presentTeacher(actor, (await queries.findTeacher(db, teacher.id))!) };
    },
  });

  await accountRoutes(app);
  await profileRoutes(app);
}
