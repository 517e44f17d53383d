import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { Ok, pageOf } from '../../../contract/errors.js';
import {
  DeclineEoiBody,
  Eoi,
  EoiBody,
  EoiListQuery,
  PossibleMatch,
  PossibleMatchesQuery,
  ProcessEoiBody,
} from '../../../contract/schools.js';
import type { Actor } from '../../http/actor.js';
import type { Queryable } from '../../db/client.js';
import { conflict, forbidden, notFound, rateLimited } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { reserve } from '../../platform/throttle.js';
import { pageResult } from '../../platform/paging.js';
import { transactionOrConflict } from './conflicts.js';
import * as eoiQueries from './eoi-queries.js';
import { mailEoiDeclined, mailSchoolEntered, mailTeacherLink } from './mail.js';
import { nameSimilarity, SIMILAR_NAME } from './matching.js';
import { olympiadScope, schoolsAccess, schoolsPolicy } from './policy.js';
import { presentEoi } from './present.js';
import * as queries from './queries.js';
import { createTeacher } from './service.js';

const tags = ['expressions of interest'];

/** Spam limits of the public form: per address and per teacher email, per hour. */
const PER_ADDRESS_PER_HOUR = 10;
const PER_EMAIL_PER_HOUR = 3;

type SchoolRow = NonNullable<Awaited<ReturnType<typeof queries.findSchool>>>;
type UserRow = NonNullable<Awaited<ReturnType<typeof queries.findUser>>>;

/**
 * The school an expression is linked to, loaded for the action "enter it in this olympiad": any existing
 * school, for one who may enter schools in the olympiad (checked before). Its entries then count the one about
 * to be made, so the teacher rules below judge the school as it will be.
 */
async function schoolToEnter(q: Queryable, id: number, olympiadId: number) {
  const school = await queries.findSchool(q, id);
  if (!school) throw notFound('The school to link');
  return withEntry(school, olympiadId);
}

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
 * manage that teacher (as `PUT teacher/v-rest/{id}` does) and the new school's teachers. A teacher named by id
 * outside the actor's reach is a 404; one matched by email is a 409 (the expression named them, not the actor).
 */
async function teacherToLink(
  q: Queryable,
  actor: Actor,
  school: SchoolRow,
  found: { teacher: UserRow | null; byId: boolean },
): Promise<UserRow | null> {
  const { teacher, byId } = found;
  if (!teacher) {
    if (byId) throw notFound('The teacher to link');
    return null;
  }
  if (teacher.role !== 'teacher') throw notFound('The teacher to link');
  if (teacher.schoolId === school.id) return teacher;
  const current = teacher.schoolId ? await queries.findSchool(q, teacher.schoolId) : null;
  const movable =
    schoolsPolicy.canSeeTeacher(actor, current) &&
    schoolsPolicy.canUpdateTeacher(actor, current) &&
    schoolsPolicy.canUpdateTeacher(actor, school);
  if (movable) return teacher;
  if (byId) throw notFound('The teacher to link');
  throw conflict(
    'A teacher with this expression’s email belongs to another school you do not manage: the platform owner links them',
  );
}

export async function eoiRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, {
    method: 'POST',
    url: '/website/api/eoi',
    tags,
    access: schoolsAccess.eoiSubmit,
    summary: 'The public expression-of-interest form (honeypot field `website`; rate-limited)',
    body: EoiBody,
    response: Ok,
    handler: async ({ req, body }) => {
      const thanks = {
        success: true as const,
        message: `Thank you! We have your school’s expression of interest. An organiser will look at it and write to ${body.teacherEmail}.`,
      };
      // A bot filled the field people never see: answer as usual, keep nothing.
      if (body.website && body.website.trim() !== '') return thanks;
      // Counted before anything is checked, so parallel submissions cannot all pass a count taken first.
      const reservation = await reserve(db, [
        { key: `eoi:address:${req.ip}`, limit: PER_ADDRESS_PER_HOUR, windowMinutes: 60 },
        { key: `eoi:email:${body.teacherEmail.toLowerCase()}`, limit: PER_EMAIL_PER_HOUR, windowMinutes: 60 },
      ]);
      if (!reservation.granted) {
        throw rateLimited(
          'We have received several forms from you in the last hour. Please wait an hour and try again.',
          reservation.retryAfterSeconds,
        );
      }
      const olympiad = await queries.findOlympiad(db, body.olympiadId);
      if (!olympiad || (olympiad.endsAt && olympiad.endsAt.getTime() < Date.now())) {
        throw notFound('This olympiad');
      }
      await db.transaction(async (tx) => {
        const row = await eoiQueries.insertEoi(tx, {
          olympiadId: olympiad.id,
          projectName: body.projectName ?? null,
          schoolName: body.schoolName,
          emisNumber: body.emisNumber ?? null,
          province: body.province,
          town: body.town,
          schoolPhone: body.schoolPhone ?? null,
          teacherFirstName: body.teacherFirstName,
          teacherLastName: body.teacherLastName,
          teacherEmail: body.teacherEmail,
          teacherPhone: body.teacherPhone ?? null,
          learnerEstimate: body.learnerEstimate ?? null,
          message: body.message,
          ip: req.ip,
        });
        await audit(tx, null, {
          action: 'eoi.submit',
          entity: 'expression_of_interest',
          entityId: row.id,
          olympiadId: olympiad.id,
          ip: req.ip,
        });
      });
      return thanks;
    },
  });

  route(app, {
    method: 'GET',
    url: '/expression-of-interest/rest/',
    tags,
    access: schoolsAccess.eoiList,
    summary:
      'Expressions of interest of the caller’s olympiads: status pending, processed or declined; paged, searchable',
    query: EoiListQuery,
    response: pageOf(Eoi),
    handler: async ({ actor, query }) => {
      const scope = olympiadScope(actor, query.olympiadId);
      const { items, total } = await eoiQueries.listEois(db, scope, query);
      return pageResult(items.map(presentEoi), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/expression-of-interest/rest/get-possible-matches',
    tags,
    access: schoolsAccess.eoiList,
    summary:
      'Existing schools an expression may be: same EMIS number, similar name in the same town, same teacher email',
    query: PossibleMatchesQuery,
    response: z.object({ success: z.literal(true), items: z.array(PossibleMatch) }),
    handler: async ({ actor, query }) => {
      const eoi = await eoiQueries.findEoi(db, query.expressionId);
      if (!eoi || !schoolsPolicy.canSeeEoi(actor, eoi)) throw notFound('This expression of interest');
      const candidates = await eoiQueries.matchCandidates(db, eoi);
      const scored = candidates
        .map((c) => {
          const similarity = c.sameTown ? nameSimilarity(eoi.schoolName, c.name) : 0;
          const reasons: Array<'emis' | 'name_town' | 'teacher_email'> = [];
          if (c.byEmis) reasons.push('emis');
          if (c.sameTown && similarity >= SIMILAR_NAME) reasons.push('name_town');
          if (c.byEmail) reasons.push('teacher_email');
          const score = Math.min(
            1,
            (c.byEmis ? 0.6 : 0) + (c.byEmail ? 0.3 : 0) + (reasons.includes('name_town') ? similarity * 0.5 : 0),
          );
          return { c, reasons, score };
        })
        .filter((m) => m.reasons.length)
        .sort((a, b) => b.score - a.score)
        .slice(0, 20);
      const teachers = await eoiQueries.teachersOfSchools(
        db,
        scored.map((m) => m.c.id),
      );
      return {
        success: true as const,
        items: scored.map(({ c, reasons, score }) => ({
          schoolId: c.id,
          name: c.name,
          emisNumber: c.emisNumber,
          town: c.town,
          province: c.province,
          reasons,
          score: Math.round(score * 100) / 100,
          teachers: teachers
            .filter((t) => t.schoolId === c.id)
            .map((t) => ({ id: t.id, name: `${t.firstName} ${t.lastName}`.trim(), email: t.email })),
        })),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/expression-of-interest/rest/:id/process',
    tags,
    access: schoolsAccess.eoiHandle,
    summary: 'Process an expression: link or create the school and the teacher, enter the school, mail the teacher',
    params: IdParams,
    body: ProcessEoiBody,
    response: z.object({ success: z.literal(true), message: z.string(), expression: Eoi }),
    handler: async ({ req, actor, params, body }) => {
      const message = await transactionOrConflict(db, async (tx) => {
        const eoi = await eoiQueries.findEoi(tx, params.id, true);
        if (!eoi || !schoolsPolicy.canSeeEoi(actor, eoi)) throw notFound('This expression of interest');
        if (eoi.status !== 'pending') throw conflict(`This expression was ${eoi.status} already`);
        const olympiad = eoi.olympiadId ? await queries.findOlympiad(tx, eoi.olympiadId) : null;
        if (!olympiad) throw conflict('This expression names no olympiad; delete it instead');
        // Processing enters the school: only those who may enter schools in this olympiad process it.
        if (!schoolsPolicy.canEnterSchool(actor, olympiad.id))
          throw forbidden('Only the olympiad’s admins process expressions of interest; you may decline it');

        // The school: the one chosen, or a new one from the expression (only for those who add schools).
        let school: SchoolRow;
        if (body.schoolId) {
          school = await schoolToEnter(tx, body.schoolId, olympiad.id);
        } else {
          if (!schoolsPolicy.canCreateSchool(actor, olympiad.id))
            throw forbidden('Only the platform owner adds schools: link the expression to an existing school');
          if (eoi.emisNumber && (await queries.findSchoolByEmis(tx, eoi.emisNumber))) {
            throw conflict('A school with this EMIS number exists: link the expression to it');
          }
          const inserted = await queries.insertSchool(tx, {
            name: eoi.schoolName,
            emisNumber: eoi.emisNumber,
            province: eoi.province,
            town: eoi.town,
            phone: eoi.schoolPhone,
          });
          school = withEntry((await queries.findSchool(tx, inserted.id))!, olympiad.id);
          await audit(tx, actor, {
            action: 'school.create',
            entity: 'school',
            entityId: school.id,
            ip: req.ip,
            data: { fromEoi: eoi.id },
          });
        }

        // The teacher: the one chosen, the teacher with the expression's email, or a new one.
        let teacher = await teacherToLink(tx, actor, school, {
          teacher: body.teacherId
            ? await queries.findUser(tx, body.teacherId)
            : await queries.findTeacherByEmail(tx, eoi.teacherEmail),
          byId: body.teacherId != null,
        });
        let newTeacher = false;
        if (!teacher) {
          if (!schoolsPolicy.canUpdateTeacher(actor, school))
            throw conflict(
              `Only the platform owner adds a teacher to ${school.name}: it is also entered in olympiads you do not administer`,
            );
          teacher = await createTeacher(tx, {
            schoolId: school.id,
            firstName: eoi.teacherFirstName,
            lastName: eoi.teacherLastName,
            email: eoi.teacherEmail,
            phone: eoi.teacherPhone,
          });
          newTeacher = true;
          await audit(tx, actor, {
            action: 'teacher.create',
            entity: 'user',
            entityId: teacher.id,
            ip: req.ip,
            data: { fromEoi: eoi.id },
          });
        } else if (teacher.schoolId !== school.id) {
          await queries.updateUser(tx, teacher.id, { schoolId: school.id });
        }

        const entry = await queries.enterSchool(tx, olympiad.id, school.id, actor.userId);
        await eoiQueries.markEoi(tx, eoi.id, {
          status: 'processed',
          schoolId: school.id,
          teacherId: teacher.id,
          handledBy: actor.userId,
        });
        await audit(tx, actor, {
          action: 'eoi.process',
          entity: 'expression_of_interest',
          entityId: eoi.id,
          olympiadId: olympiad.id,
          ip: req.ip,
          data: { schoolId: school.id, teacherId: teacher.id, participantId: entry.row.id },
        });
        if (newTeacher || !teacher.passwordHash) {
          await mailTeacherLink(app, tx, teacher, 'verify_email', {
            schoolName: school.name,
            olympiadTitle: olympiad.title,
            olympiadId: olympiad.id,
          });
        } else {
          await mailSchoolEntered(app, tx, teacher, {
            schoolName: school.name,
            olympiadTitle: olympiad.title,
            olympiadId: olympiad.id,
            olympiadName: olympiad.varName,
          });
        }
        return `${school.name} is entered in ${olympiad.title}; ${teacher.email} has been mailed`;
      });
      return { success: true as const, message, expression: presentEoi((await eoiQueries.findEoi(db, params.id))!) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/expression-of-interest/rest/:id/decline',
    tags,
    access: schoolsAccess.eoiHandle,
    summary: 'Decline an expression, with a reason mailed to the teacher',
    params: IdParams,
    body: DeclineEoiBody,
    response: z.object({ success: z.literal(true), message: z.string(), expression: Eoi }),
    handler: async ({ req, actor, params, body }) => {
      await db.transaction(async (tx) => {
        const eoi = await eoiQueries.findEoi(tx, params.id, true);
        if (!eoi || !schoolsPolicy.canSeeEoi(actor, eoi)) throw notFound('This expression of interest');
        if (eoi.status !== 'pending') throw conflict(`This expression was ${eoi.status} already`);
        await eoiQueries.markEoi(tx, eoi.id, {
          status: 'declined',
          declineReason: body.reason,
          handledBy: actor.userId,
        });
        await audit(tx, actor, {
          action: 'eoi.decline',
          entity: 'expression_of_interest',
          entityId: eoi.id,
          olympiadId: eoi.olympiadId,
          ip: req.ip,
          data: body,
        });
        await mailEoiDeclined(app, tx, eoi, eoi.olympiadTitle, body.reason);
      });
      const expression = presentEoi((await eoiQueries.findEoi(db, params.id))!);
      return { success: true as const, message: `Declined; ${expression.teacherEmail} has been told why`, expression };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/interest/rest/:id',
    tags,
    access: schoolsAccess.eoiDelete,
    summary: 'Delete an expression of interest (spam, duplicates)',
    params: IdParams,
    response: Ok,
    handler: async ({ req, actor, params }) => {
      const eoi = await eoiQueries.findEoi(db, params.id);
      if (!eoi || !schoolsPolicy.canSeeEoi(actor, eoi) || !schoolsPolicy.canDeleteEoi(actor, eoi))
        throw notFound('This expression of interest');
      await db.transaction(async (tx) => {
        await eoiQueries.deleteEoi(tx, eoi.id);
        await audit(tx, actor, {
          action: 'eoi.delete',
          entity: 'expression_of_interest',
          entityId: eoi.id,
          olympiadId: eoi.olympiadId,
          ip: req.ip,
          data: { schoolName: eoi.schoolName },
        });
      });
      return { success: true as const, message: 'The expression of interest is deleted' };
    },
  });
}
