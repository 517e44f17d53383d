import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok, pageOf } from '#contract/errors';
import { IdParams } from '#contract/ids';
import { DeclineEoiBody, Eoi, EoiBody, EoiListQuery, PossibleMatch, PossibleMatchesQuery } from '#contract/schools';
import { olympiadNotFound, rateLimited } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { pageResult } from '../../platform/paging.js';
import { reserve } from '../../platform/throttle.js';
import { eoiHandled } from './errors.js';
import * as queries from './eoi-queries.js';
import { eoiLoader, eoisReach } from './load.js';
import { mailEoiDeclined } from './mail.js';
import { nameSimilarity, SIMILAR_NAME } from './matching.js';
import { eoiPolicy } from './policy.js';
import { presentEoi } from './present.js';

const tags = ['expressions of interest'];
const { access } = eoiPolicy;
export const EoiAnswer = z.object({ success: z.literal(true), message: z.string(), expression: Eoi });

/** Spam limits of the public form: per address and per teacher email, per hour. */
const PER_ADDRESS_PER_HOUR = 10;
const PER_EMAIL_PER_HOUR = 3;

/** Expressions of interest (docs/spec.md §6): the public form, and the organisers' list of them. */
export async function eoiRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/website/api/eoi',
    tags,
    access: access.submit,
    summary: 'The public expression-of-interest form (honeypot field `website`; rate-limited)',
    body: EoiBody,
    response: Ok,
    // No transaction: the throttle's slot is kept even when the submission then fails.
    handler: async ({ db, req, body }) => {
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
      const olympiad = await findOlympiad(db, body.olympiadId);
      if (!olympiad || (olympiad.endsAt && olympiad.endsAt.getTime() < Date.now())) throw olympiadNotFound();
      await db.transaction(async (tx) => {
        const row = await queries.insertEoi(tx, {
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
        await audit(tx, null, 'eoi.submit', { entityId: row.id, olympiadId: olympiad.id, ip: req.ip });
      });
      return thanks;
    },
  });

  route(app, {
    method: 'GET',
    url: '/expression-of-interest/rest/',
    tags,
    access: access.list,
    summary:
      'Expressions of interest of the caller’s olympiads: status pending, processed or declined; paged, searchable',
    query: EoiListQuery,
    response: pageOf(Eoi),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listEois(db, eoisReach(actor, query.olympiadId), query);
      return pageResult(
        items.map((e) => presentEoi(actor, e)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/expression-of-interest/rest/get-possible-matches',
    tags,
    access: access.see,
    summary:
      'Existing schools an expression may be: same EMIS number, similar name in the same town, same teacher email',
    query: PossibleMatchesQuery,
    response: z.object({ success: z.literal(true), items: z.array(PossibleMatch) }),
    load: ({ db, actor, query }) => eoiLoader.load(db, actor, { id: query.expressionId }, 'see'),
    handler: async ({ db, record: eoi }) => {
      const candidates = await queries.matchCandidates(db, eoi);
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
      const teachers = await queries.teachersOfSchools(
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
    url: '/expression-of-interest/rest/:id/decline',
    tags,
    access: access.decline,
    summary: 'Decline an expression, with a reason mailed to the teacher',
    params: IdParams,
    body: DeclineEoiBody,
    response: EoiAnswer,
    transaction: true,
    load: ({ db, actor, params }) => eoiLoader.load(db, actor, { id: params.id, lock: true }, 'decline'),
    handler: async ({ db, actor, body, record: eoi, audit }) => {
      if (eoi.status !== 'pending') throw eoiHandled(eoi.status);
      await queries.markEoi(db, eoi.id, { status: 'declined', declineReason: body.reason, handledBy: actor.userId });
      await audit('eoi.decline', { entityId: eoi.id, olympiadId: eoi.olympiadId, data: body });
      await mailEoiDeclined(app, db, eoi, eoi.olympiadTitle, body.reason);
      const expression = presentEoi(actor, (await queries.findEoi(db, eoi.id))!);
      return { success: true as const, message: `Declined; ${expression.teacherEmail} has been told why`, expression };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/interest/rest/:id',
    tags,
    access: access.delete,
    summary: 'Delete an expression of interest (spam, duplicates)',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => eoiLoader.load(db, actor, { id: params.id }, 'delete'),
    handler: async ({ db, record: eoi, audit }) => {
      await queries.deleteEoi(db, eoi.id);
      await audit('eoi.delete', { entityId: eoi.id, olympiadId: eoi.olympiadId, data: { schoolName: eoi.schoolName } });
      return { success: true as const, message: 'The expression of interest is deleted' };
    },
  });
}
