import type { FastifyInstance } from 'fastify';
import { IdParams } from '#contract/ids';
import { ProcessEoiBody } from '#contract/schools';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { createTeacherAccount, mailTeacherLink } from '../../platform/teacher-accounts.js';
import { eoiHandled } from './errors.js';
import { enterSchool } from './entry-queries.js';
import * as queries from './eoi-queries.js';
import { EoiAnswer } from './eoi-routes.js';
import { eoiLoader, eoiSchoolLoader } from './load.js';
import { mailSchoolEntered } from './mail.js';
import { eoiPolicy, noSchool, schoolsPolicy } from './policy.js';
import { presentEoi } from './present.js';
import * as schools from './school-queries.js';

type SchoolRow = NonNullable<Awaited<ReturnType<typeof schools.findSchool>>>;

/** The school as it will be once entered in the olympiad, so the teacher rules judge it as it will be. */
function withEntry(school: SchoolRow, olympiadId: number): SchoolRow {
  if (school.entries.some((e) => e.olympiadId === olympiadId)) return school;
  return {
    ...school,
    olympiadIds: [...school.olympiadIds, olympiadId],
    entries: [...school.entries, { olympiadId, byStaff: true }],
  };
}

/**
 * The teacher named in the body, or matched by the expression's email, loaded for the action "link to this
 * school": one already at the school needs nothing more; moving one from another school needs the right to
 * manage that school's teachers (as `PUT teacher/v-rest/{id}` does) and the new school's. A teacher named by id
 * outside the actor's reach is a 404; one matched by email is a 403 (the expression named them, not the actor,
 * so their existence is no secret; moving them is refused by policy, which no retry changes).
 */
async function teacherToLink(
  q: Queryable,
  actor: Actor,
  school: SchoolRow,
  found: { teacher: queries.UserRow | null; byId: boolean },
): Promise<queries.UserRow | null> {
  const { teacher, byId } = found;
  if (!teacher) {
    if (byId) throw notFound('The teacher to link');
    return null;
  }
  if (teacher.role !== 'teacher') throw notFound('The teacher to link');
  if (teacher.schoolId === school.id) return teacher;
  const current = (teacher.schoolId ? await schools.findSchool(q, teacher.schoolId) : null) ?? noSchool;
  const movable =
    schoolsPolicy.can(actor, 'manageTeachers', current) && schoolsPolicy.can(actor, 'manageTeachers', school);
  if (movable) return teacher;
  if (byId) throw notFound('The teacher to link');
  throw forbidden(
    'A teacher with this expression’s email belongs to another school you do not manage: the platform owner links them',
  );
}

/** Processing an expression: link or create the school and the teacher, enter the school, mail the teacher. */
export async function eoiProcessRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/expression-of-interest/rest/:id/process',
    tags: ['expressions of interest'],
    access: eoiPolicy.access.handle,
    summary: 'Process an expression: link or create the school and the teacher, enter the school, mail the teacher',
    params: IdParams,
    body: ProcessEoiBody,
    response: EoiAnswer,
    transaction: true,
    load: ({ db, actor, params }) => eoiLoader.load(db, actor, { id: params.id, lock: true }, 'handle'),
    handler: async ({ db, actor, body, record: eoi, audit }) => {
      if (eoi.status !== 'pending') throw eoiHandled(eoi.status);
      const olympiad = eoi.olympiadId ? await findOlympiad(db, eoi.olympiadId) : null;
      if (!olympiad) throw conflict('This expression names no olympiad; delete it instead');
      // Processing enters the school: only those who may enter schools in this olympiad process it.
      if (!eoiPolicy.can(actor, 'process', eoi))
        throw forbidden('Only the olympiad’s admins process expressions of interest; you may decline it');

      // The school: the one chosen, or a new one from the expression (only for those who add schools).
      let school: SchoolRow;
      if (body.schoolId) {
        // Any existing school: those who process may enter any school in their olympiad.
        school = withEntry(await eoiSchoolLoader.load(db, actor, body.schoolId, 'link'), olympiad.id);
      } else {
        if (!eoiPolicy.can(actor, 'createSchool', eoi))
          throw forbidden('Only the platform owner adds schools: link the expression to an existing school');
        if (eoi.emisNumber && (await schools.findSchoolByEmis(db, eoi.emisNumber))) {
          throw conflict('A school with this EMIS number exists: link the expression to it');
        }
        const inserted = await schools.insertSchool(db, {
          name: eoi.schoolName,
          emisNumber: eoi.emisNumber,
          province: eoi.province,
          town: eoi.town,
          phone: eoi.schoolPhone,
        });
        school = withEntry((await schools.findSchool(db, inserted.id))!, olympiad.id);
        await audit('school.create', { entityId: school.id, data: { fromEoi: eoi.id } });
      }

      // The teacher: the one chosen, the teacher with the expression's email, or a new one.
      let teacher = await teacherToLink(db, actor, school, {
        teacher: body.teacherId
          ? await queries.findUser(db, body.teacherId)
          : await queries.findTeacherByEmail(db, eoi.teacherEmail),
        byId: body.teacherId != null,
      });
      let newTeacher = false;
      if (!teacher) {
        if (!schoolsPolicy.can(actor, 'manageTeachers', school))
          throw forbidden(
            `Only the platform owner adds a teacher to ${school.name}: it is also entered in olympiads you do not administer`,
          );
        teacher = await createTeacherAccount(db, {
          schoolId: school.id,
          firstName: eoi.teacherFirstName,
          lastName: eoi.teacherLastName,
          email: eoi.teacherEmail,
          phone: eoi.teacherPhone,
        });
        newTeacher = true;
        await audit('teacher.create', { entityId: teacher.id, data: { fromEoi: eoi.id } });
      } else if (teacher.schoolId !== school.id) {
        await queries.moveTeacher(db, teacher.id, school.id);
      }

      const entry = await enterSchool(db, olympiad.id, school.id, actor.userId);
      await queries.markEoi(db, eoi.id, {
        status: 'processed',
        schoolId: school.id,
        teacherId: teacher.id,
        handledBy: actor.userId,
      });
      await audit('eoi.process', {
        entityId: eoi.id,
        olympiadId: olympiad.id,
        data: { schoolId: school.id, teacherId: teacher.id, participantId: entry.row.id },
      });
      const context = { schoolName: school.name, olympiadTitle: olympiad.title, olympiadId: olympiad.id };
      if (newTeacher || !teacher.passwordHash) {
        await mailTeacherLink(app, db, teacher, 'verify_email', context);
      } else {
        await mailSchoolEntered(app, db, teacher, { ...context, olympiadName: olympiad.varName });
      }
      return {
        success: true as const,
        message: `${school.name} is entered in ${olympiad.title}; ${teacher.email} has been mailed`,
        expression: presentEoi(actor, (await queries.findEoi(db, eoi.id))!),
      };
    },
  });
}
