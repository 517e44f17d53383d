import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { Ok, pageOf } from '../../../contract/errors.js';
import {
  EnterSchoolBody,
  MergeSchoolsBody,
  MyProfileInput,
  ParticipantLearnersQuery,
  ParticipantListQuery,
  PortalOlympiad,
  School,
  SchoolContactInput,
  SchoolInput,
  SchoolListQuery,
  SchoolParticipant,
  Teacher,
  TeacherExpressionBody,
  TeacherInput,
  TeacherListQuery,
  TeacherUpdate,
  UpdateParticipantBody,
} from '../../../contract/schools.js';
import { withinScope } from '../../http/actor.js';
import { badRequest, conflict, invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { pageResult } from '../../platform/paging.js';
import { mailEmailChanged, refuseWhileImpersonating } from '../../platform/credentials.js';
import { displayName, revokeUserSessions } from '../../platform/sessions.js';
import { transactionOrConflict } from './conflicts.js';
import { mailTeacherLink } from './mail.js';
import { olympiadScope, type SchoolEntry, schoolsAccess, schoolsPolicy } from './policy.js';
import { presentParticipant, presentPortalOlympiad, presentSchool, presentTeacher } from './present.js';
import * as queries from './queries.js';
import { createTeacher, enterSchoolAs } from './service.js';

const tags = ['schools'];
const NameParams = z.strictObject({ olympiadName: z.string().trim().min(1).max(60) });

export async function schoolsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  // ── Schools ─────────────────────────────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET',
    url: '/school/v-rest/',
    tags,
    access: schoolsAccess.listSchools,
    summary: 'Schools: every school (overlord) or those entered in the caller’s olympiads; paged, searchable, sortable',
    query: SchoolListQuery,
    response: pageOf(School),
    handler: async ({ actor, query }) => {
      const scope = olympiadScope(actor, query.olympiadId);
      const { items, total } = await queries.listSchools(db, scope, query);
      return pageResult(
        items.map((s) => presentSchool(actor, s)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/school/v-rest/:id',
    tags,
    access: schoolsAccess.getSchool,
    summary: 'One school (a teacher: their own)',
    params: IdParams,
    response: z.object({ success: z.literal(true), school: School }),
    handler: async ({ actor, params }) => {
      const school = await queries.findSchool(db, params.id);
      if (!school || !schoolsPolicy.canSeeSchool(actor, school)) throw notFound('This school');
      return { success: true as const, school: presentSchool(actor, school) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/school/v-rest/',
    tags,
    access: schoolsAccess.createSchool,
    summary: 'Add a school (overlord)',
    body: SchoolInput,
    response: z.object({ success: z.literal(true), school: School }),
    handler: async ({ req, actor, body }) => {
      if (body.emisNumber && (await queries.findSchoolByEmis(db, body.emisNumber))) {
        throw conflict('A school with this EMIS number exists already', [
          { path: 'body.emisNumber', message: 'This EMIS number is taken' },
        ]);
      }
      const id = await transactionOrConflict(db, async (tx) => {
        const row = await queries.insertSchool(tx, body);
        await audit(tx, actor, {
          action: 'school.create',
          entity: 'school',
          entityId: row.id,
          ip: req.ip,
          data: { name: row.name },
        });
        return row.id;
      });
      return { success: true as const, school: presentSchool(actor, (await queries.findSchool(db, id))!) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/school/v-rest/:id',
    tags,
    access: schoolsAccess.updateSchool,
    summary: 'Edit a school (overlord: everything; a teacher: their school’s contact details)',
    params: IdParams,
    body: z.union([SchoolInput, SchoolContactInput]),
    response: z.object({ success: z.literal(true), school: School }),
    handler: async ({ req, actor, params, body }) => {
      const school = await queries.findSchool(db, params.id);
      if (!school || !schoolsPolicy.canSeeSchool(actor, school) || !schoolsPolicy.canUpdateSchool(actor, school)) {
        throw notFound('This school');
      }
      const parsed =
        schoolsPolicy.schoolEditScope(actor) === 'contact'
          ? SchoolContactInput.safeParse(pick(body, ['address', 'phone', 'email']))
          : SchoolInput.safeParse(body);
      if (!parsed.success) {
        throw invalid(
          parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message })),
        );
      }
      const values: Partial<z.infer<typeof SchoolInput>> = parsed.data;
      if (values.emisNumber && values.emisNumber !== school.emisNumber) {
        const other = await queries.findSchoolByEmis(db, values.emisNumber);
        if (other && other.id !== school.id) {
          throw conflict('Another school has this EMIS number: merge the two instead', [
            { path: 'body.emisNumber', message: 'This EMIS number is taken' },
          ]);
        }
      }
      await transactionOrConflict(db, async (tx) => {
        await queries.updateSchool(tx, school.id, values);
        await audit(tx, actor, {
          action: 'school.update',
          entity: 'school',
          entityId: school.id,
          ip: req.ip,
          data: values,
        });
      });
      return { success: true as const, school: presentSchool(actor, (await queries.findSchool(db, school.id))!) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/school/v-rest/:id',
    tags,
    access: schoolsAccess.deleteSchool,
    summary: 'Remove a school that has no teachers, learners or entries (overlord)',
    params: IdParams,
    response: Ok,
    handler: async ({ req, actor, params }) => {
      const school = await queries.findSchool(db, params.id);
      if (!school) throw notFound('This school');
      const usage = await queries.schoolUsage(db, school.id);
      if (usage.users || usage.entries) {
        throw conflict(
          `This school has ${usage.users} people and ${usage.entries} olympiad entries: merge it into another school instead`,
        );
      }
      await db.transaction(async (tx) => {
        await queries.deleteSchool(tx, school.id);
        await audit(tx, actor, {
          action: 'school.delete',
          entity: 'school',
          entityId: school.id,
          ip: req.ip,
          data: { name: school.name },
        });
      });
      return { success: true as const, message: `${school.name} is removed` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/school/v-rest/merge',
    tags,
    access: schoolsAccess.mergeSchools,
    summary: 'Merge a duplicate school into another (overlord): people, entries and learners move, the duplicate goes',
    body: MergeSchoolsBody,
    response: z.object({ success: z.literal(true), message: z.string(), school: School }),
    handler: async ({ req, actor, body }) => {
      if (body.sourceId === body.targetId) throw badRequest('Choose two different schools');
      const [source, target] = await Promise.all([
        queries.findSchool(db, body.sourceId),
        queries.findSchool(db, body.targetId),
      ]);
      if (!source) throw notFound('The duplicate school');
      if (!target) throw notFound('The school to keep');
      await db.transaction(async (tx) => {
        await queries.mergeSchools(tx, source.id, target.id);
        if (!target.emisNumber && source.emisNumber)
          await queries.updateSchool(tx, target.id, { emisNumber: source.emisNumber });
        await audit(tx, actor, {
          action: 'school.merge',
          entity: 'school',
          entityId: target.id,
          ip: req.ip,
          data: { sourceId: source.id, sourceName: source.name, targetName: target.name },
        });
      });
      return {
        success: true as const,
        message: `${source.name} is merged into ${target.name}`,
        school: presentSchool(actor, (await queries.findSchool(db, target.id))!),
      };
    },
  });

  // ── Teachers ────────────────────────────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET',
    url: '/teacher/v-rest/',
    tags,
    access: schoolsAccess.listTeachers,
    summary: 'Teachers of the schools in the caller’s olympiads (overlord: all); paged, searchable, sortable',
    query: TeacherListQuery,
    response: pageOf(Teacher),
    handler: async ({ actor, query }) => {
      const scope = olympiadScope(actor, query.olympiadId);
      const { items, total } = await queries.listTeachers(db, scope, query);
      return pageResult(
        items.map((t) => presentTeacher(actor, t)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/teacher/v-rest/me',
    tags,
    access: schoolsAccess.myProfile,
    summary: 'The signed-in teacher’s profile',
    response: z.object({ success: z.literal(true), teacher: Teacher }),
    handler: async ({ actor }) => {
      const teacher = await queries.findTeacher(db, actor.userId);
      if (!teacher) throw notFound('Your profile');
      return { success: true as const, teacher: presentTeacher(null, teacher) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/teacher/v-rest/me',
    tags,
    access: schoolsAccess.myProfile,
    summary: 'Edit the signed-in teacher’s name, email and phone',
    body: MyProfileInput,
    response: z.object({ success: z.literal(true), teacher: Teacher }),
    handler: async ({ req, actor, body }) => {
      if (await queries.emailTakenByAnotherTeacher(db, body.email, actor.userId)) {
        throw conflict('Another teacher uses this email address', [
          { path: 'body.email', message: 'This address is taken' },
        ]);
      }
      const before = await queries.findUser(db, actor.userId);
      if (!before) throw notFound('Your profile');
      const emailChanged = (before.email ?? '').toLowerCase() !== body.email;
      if (emailChanged) refuseWhileImpersonating(actor, 'email address');
      await transactionOrConflict(db, async (tx) => {
        await queries.updateUser(tx, actor.userId, {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone ?? null,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
        });
        await audit(tx, actor, {
          action: 'teacher.update-profile',
          entity: 'user',
          entityId: actor.userId,
          ip: req.ip,
          data: { emailChanged },
        });
        if (emailChanged) {
          await mailTeacherLink(app, tx, { ...before, email: body.email }, 'verify_email');
          if (before.email)
            await mailEmailChanged(app, tx, { ...before, name: displayName(before) }, before.email, body.email);
        }
      });
      return { success: true as const, teacher: presentTeacher(null, (await queries.findTeacher(db, actor.userId))!) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/teacher/v-rest/:id',
    tags,
    access: schoolsAccess.getTeacher,
    summary: 'One teacher',
    params: IdParams,
    response: z.object({ success: z.literal(true), teacher: Teacher }),
    handler: async ({ actor, params }) => {
      const teacher = await queries.findTeacher(db, params.id);
      if (!teacher || !schoolsPolicy.canSeeTeacher(actor, schoolRecord(teacher))) throw notFound('This teacher');
      return { success: true as const, teacher: presentTeacher(actor, teacher) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/teacher/v-rest/',
    tags,
    access: schoolsAccess.createTeacher,
    summary: 'Add a teacher to a school (admin: a school of their olympiad); mails a verify-and-set-password link',
    body: TeacherInput,
    response: z.object({ success: z.literal(true), message: z.string(), teacher: Teacher }),
    handler: async ({ req, actor, body }) => {
      const school = await queries.findSchool(db, body.schoolId);
      if (!school || !schoolsPolicy.canSeeSchool(actor, school) || !schoolsPolicy.canUpdateTeacher(actor, school)) {
        throw notFound('This school');
      }
      // The olympiad the caller says they act within must be theirs, and the school must be entered in it.
      if (body.olympiadId != null) {
        olympiadScope(actor, body.olympiadId, ['admin']);
        if (!school.olympiadIds.includes(body.olympiadId)) throw notFound('This school');
      }
      if (await queries.emailTakenByAnotherTeacher(db, body.email, null)) {
        throw conflict('A teacher with this email address exists already', [
          { path: 'body.email', message: 'This address is taken' },
        ]);
      }
      const id = await transactionOrConflict(db, async (tx) => {
        const teacher = await createTeacher(tx, { ...body, phone: body.phone ?? null });
        await audit(tx, actor, {
          action: 'teacher.create',
          entity: 'user',
          entityId: teacher.id,
          ip: req.ip,
          data: { schoolId: school.id },
        });
        await mailTeacherLink(app, tx, teacher, 'verify_email', { schoolName: school.name });
        return teacher.id;
      });
      return {
        success: true as const,
        message: `The teacher is added; a link to verify the address and choose a password is on its way to ${body.email}`,
        teacher: presentTeacher(actor, (await queries.findTeacher(db, id))!),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/teacher/v-rest/:id',
    tags,
    access: schoolsAccess.updateTeacher,
    summary: 'Edit a teacher of one of the admin’s schools (overlord: any)',
    params: IdParams,
    body: TeacherUpdate,
    response: z.object({ success: z.literal(true), teacher: Teacher }),
    handler: async ({ req, actor, params, body }) => {
      const teacher = await queries.findTeacher(db, params.id);
      if (
        !teacher ||
        !schoolsPolicy.canSeeTeacher(actor, schoolRecord(teacher)) ||
        !schoolsPolicy.canUpdateTeacher(actor, schoolRecord(teacher))
      ) {
        throw notFound('This teacher');
      }
      if (body.schoolId != null && body.schoolId !== teacher.schoolId) {
        const school = await queries.findSchool(db, body.schoolId);
        if (!school || !schoolsPolicy.canUpdateTeacher(actor, school)) throw notFound('The new school');
      }
      if (await queries.emailTakenByAnotherTeacher(db, body.email, teacher.id)) {
        throw conflict('Another teacher uses this email address', [
          { path: 'body.email', message: 'This address is taken' },
        ]);
      }
      const oldEmail = teacher.email;
      const emailChanged = (oldEmail ?? '').toLowerCase() !== body.email.toLowerCase();
      if (emailChanged) refuseWhileImpersonating(actor, 'email address');
      await transactionOrConflict(db, async (tx) => {
        await queries.updateUser(tx, teacher.id, {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone ?? null,
          ...(body.schoolId != null ? { schoolId: body.schoolId } : {}),
        });
        await audit(tx, actor, {
          action: 'teacher.update',
          entity: 'user',
          entityId: teacher.id,
          ip: req.ip,
          data: { ...body },
        });
        if (emailChanged && oldEmail) {
          await mailEmailChanged(app, tx, { ...teacher, name: displayName(teacher) }, oldEmail, body.email);
        }
      });
      return { success: true as const, teacher: presentTeacher(actor, (await queries.findTeacher(db, teacher.id))!) };
    },
  });

  for (const [path, purpose, verb] of [
    ['resend-verification', 'verify_email', 'A new verify link'],
    ['reset-password', 'reset_password', 'A password-reset link'],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/teacher/v-rest/:id/${path}`,
      tags,
      access: schoolsAccess.mailTeacher,
      summary:
        path === 'reset-password'
          ? 'Mail a teacher a one-time password-reset link'
          : 'Mail a teacher a new verify-and-set-password link',
      params: IdParams,
      response: Ok,
      handler: async ({ req, actor, params }) => {
        const teacher = await queries.findTeacher(db, params.id);
        if (!teacher || !schoolsPolicy.canUpdateTeacher(actor, schoolRecord(teacher))) throw notFound('This teacher');
        if (!teacher.email) throw badRequest('This teacher has no email address');
        if (teacher.disabledAt) throw conflict('This account is disabled; enable it first');
        await db.transaction(async (tx) => {
          await mailTeacherLink(app, tx, teacher, purpose, { schoolName: teacher.schoolName });
          await audit(tx, actor, { action: `teacher.${path}`, entity: 'user', entityId: teacher.id, ip: req.ip });
        });
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
      access: schoolsAccess.disableTeacher,
      summary: disable
        ? 'Disable a teacher: they can no longer sign in, and every session of theirs ends at once'
        : 'Enable a disabled teacher again (they sign in with their password as before)',
      params: IdParams,
      response: z.object({ success: z.literal(true), message: z.string(), teacher: Teacher }),
      handler: async ({ req, actor, params }) => {
        const teacher = await queries.findTeacher(db, params.id);
        if (
          !teacher ||
          !schoolsPolicy.canSeeTeacher(actor, schoolRecord(teacher)) ||
          !schoolsPolicy.canUpdateTeacher(actor, schoolRecord(teacher))
        ) {
          throw notFound('This teacher');
        }
        const name = `${teacher.firstName} ${teacher.lastName}`.trim() || teacher.username;
        if (disable === (teacher.disabledAt != null)) {
          return {
            success: true as const,
            message: `${name} is ${disable ? 'disabled' : 'enabled'} already`,
            teacher: presentTeacher(actor, teacher),
          };
        }
        await db.transaction(async (tx) => {
          await queries.updateUser(tx, teacher.id, { disabledAt: disable ? new Date() : null });
          if (disable) await revokeUserSessions(tx, teacher.id);
          await audit(tx, actor, {
            action: `teacher.${path}`,
            entity: 'user',
            entityId: teacher.id,
            ip: req.ip,
            data: { schoolId: teacher.schoolId },
          });
        });
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

  // ── Participating schools ───────────────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET',
    url: '/school-participant/v-rest/',
    tags,
    access: schoolsAccess.listParticipants,
    summary: 'Schools entered in an olympiad, with learner counts and status (a teacher: their school’s entries)',
    query: ParticipantListQuery,
    response: pageOf(SchoolParticipant),
    handler: async ({ actor, query }) => {
      const scope = schoolsPolicy.participantScope(actor, query.olympiadId);
      const { items, total } = await queries.listParticipants(db, scope.olympiads, {
        ...query,
        ...(scope.schoolId != null ? { schoolId: scope.schoolId } : {}),
      });
      return pageResult(items.map(presentParticipant), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/school-participant/v-rest/:id',
    tags,
    access: schoolsAccess.listParticipants,
    summary: 'One participating school',
    params: IdParams,
    response: z.object({ success: z.literal(true), participant: SchoolParticipant }),
    handler: async ({ actor, params }) => {
      const p = await queries.findParticipant(db, params.id);
      if (!p || !schoolsPolicy.canSeeParticipant(actor, p)) throw notFound('This entry');
      return { success: true as const, participant: presentParticipant(p) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/school-participant/v-rest/',
    tags,
    access: schoolsAccess.enterSchool,
    summary: 'Enter a school in an olympiad (admin of that olympiad)',
    body: EnterSchoolBody,
    response: z.object({ success: z.literal(true), message: z.string(), participant: SchoolParticipant }),
    handler: async ({ req, actor, body }) => {
      const olympiad = await queries.findOlympiad(db, body.olympiadId);
      if (!olympiad || !schoolsPolicy.canEnterSchool(actor, olympiad.id)) throw notFound('This olympiad');
      const school = await queries.findSchool(db, body.schoolId);
      if (!school) throw notFound('This school');
      const result = await enterSchoolAs(app, actor, req.ip, olympiad, school);
      return { success: true as const, ...result };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/school-participant/v-rest/:id',
    tags,
    access: schoolsAccess.updateParticipant,
    summary: 'Change an entry’s status (admin)',
    params: IdParams,
    body: UpdateParticipantBody,
    response: z.object({ success: z.literal(true), participant: SchoolParticipant }),
    handler: async ({ req, actor, params, body }) => {
      const p = await queries.findParticipant(db, params.id);
      if (!p || !schoolsPolicy.canSeeParticipant(actor, p) || !schoolsPolicy.canUpdateParticipant(actor, p))
        throw notFound('This entry');
      await db.transaction(async (tx) => {
        await queries.setParticipantStatus(tx, p.id, body.status);
        await audit(tx, actor, {
          action: 'participant.status',
          entity: 'school_participant',
          entityId: p.id,
          olympiadId: p.olympiadId,
          ip: req.ip,
          data: body,
        });
      });
      return { success: true as const, participant: presentParticipant((await queries.findParticipant(db, p.id))!) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/school-participant/v-rest/:id',
    tags,
    access: schoolsAccess.updateParticipant,
    summary: 'Take a school out of an olympiad (admin; only while it has no learners)',
    params: IdParams,
    response: Ok,
    handler: async ({ req, actor, params }) => {
      const p = await queries.findParticipant(db, params.id);
      if (!p || !schoolsPolicy.canSeeParticipant(actor, p) || !schoolsPolicy.canUpdateParticipant(actor, p))
        throw notFound('This entry');
      if (Number(p.learnerCount) > 0)
        throw conflict(
          `${p.schoolName} has ${p.learnerCount} learners in this olympiad: remove them first, or set the entry to withdrawn`,
        );
      await db.transaction(async (tx) => {
        await queries.deleteParticipant(tx, p.id);
        await audit(tx, actor, {
          action: 'participant.delete',
          entity: 'school_participant',
          entityId: p.id,
          olympiadId: p.olympiadId,
          ip: req.ip,
        });
      });
      return { success: true as const, message: `${p.schoolName} is no longer entered in ${p.olympiadTitle}` };
    },
  });

  route(app, {
    method: 'GET',
    url: '/participant/v-rest/',
    tags,
    access: schoolsAccess.participantLearners,
    summary: 'The learners (participants) of one participating school: customerParticipantId is the entry’s id',
    query: ParticipantLearnersQuery,
    response: pageOf(
      z.object({
        id: z.number().int(),
        username: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        grade: z.number().int().nullable(),
      }),
    ),
    handler: async ({ actor, query }) => {
      const p = await queries.findParticipant(db, query.customerParticipantId);
      if (!p || !schoolsPolicy.canSeeParticipant(actor, p)) throw notFound('This entry');
      const { items, total } = await queries.listParticipantLearners(db, p, query);
      return pageResult(items, total, query);
    },
  });

  route(app, {
    method: 'POST',
    url: '/teacher-expression/rest/',
    tags,
    access: schoolsAccess.teacherExpression,
    summary: 'A signed-in teacher enters their own school in an olympiad',
    body: TeacherExpressionBody,
    response: z.object({ success: z.literal(true), message: z.string(), participant: SchoolParticipant }),
    handler: async ({ req, actor, body }) => {
      if (actor.schoolId == null)
        throw badRequest('Your account is not linked to a school yet; please contact the organisers');
      const olympiad = await queries.findOlympiad(db, body.olympiadId);
      if (!olympiad || olympiad.kind !== 'school' || !withinScope(actor, olympiad.id)) throw notFound('This olympiad');
      if (olympiad.endsAt && olympiad.endsAt.getTime() < Date.now())
        throw conflict(`${olympiad.title} is over; it takes no more entries`);
      const school = await queries.findSchool(db, actor.schoolId);
      if (!school) throw notFound('Your school');
      const result = await enterSchoolAs(app, actor, req.ip, olympiad, school);
      return { success: true as const, ...result };
    },
  });

  // ── Teacher portal ──────────────────────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET',
    url: '/api/portal/olympiads',
    tags,
    access: schoolsAccess.portal,
    summary: 'The teacher’s olympiads: those the school is in, and those it can still enter',
    response: z.object({ success: z.literal(true), school: School.nullable(), items: z.array(PortalOlympiad) }),
    handler: async ({ actor }) => {
      const school = actor.schoolId ? await queries.findSchool(db, actor.schoolId) : null;
      const items = (await queries.portalOlympiads(db, actor.schoolId)).filter((o) => withinScope(actor, o.id));
      return {
        success: true as const,
        school: school ? presentSchool(actor, school) : null,
        items: items.map(presentPortalOlympiad),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/portal/olympiads/:olympiadName',
    tags,
    access: schoolsAccess.portal,
    summary: 'The school’s page for one olympiad: its entry, learners and what to do next',
    params: NameParams,
    response: z.object({ success: z.literal(true), school: School.nullable(), olympiad: PortalOlympiad }),
    handler: async ({ actor, params }) => {
      const items = await queries.portalOlympiads(db, actor.schoolId);
      const olympiad = items.find((o) => o.varName === params.olympiadName.toLowerCase());
      if (!olympiad || !withinScope(actor, olympiad.id)) throw notFound('This olympiad');
      const school = actor.schoolId ? await queries.findSchool(db, actor.schoolId) : null;
      return {
        success: true as const,
        school: school ? presentSchool(actor, school) : null,
        olympiad: presentPortalOlympiad(olympiad),
      };
    },
  });
}

function schoolRecord(t: { schoolId: number | null; olympiadIds: number[]; entries: SchoolEntry[] }) {
  return t.schoolId ? { id: t.schoolId, olympiadIds: t.olympiadIds, entries: t.entries } : null;
}

function pick(body: object, keys: string[]) {
  return Object.fromEntries(Object.entries(body).filter(([k]) => keys.includes(k)));
}
