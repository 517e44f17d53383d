import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok, pageOf } from '#contract/errors';
import { IdParams } from '#contract/ids';
import {
  EnterSchoolBody,
  ParticipantLearner,
  ParticipantLearnersQuery,
  ParticipantListQuery,
  ParticipantSingleQuery,
  SchoolParticipant,
  SchoolParticipantPage,
  TeacherExpressionBody,
  UpdateParticipantBody,
} from '#contract/schools';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict, notFoundSaid, olympiadNotFound, schoolNotFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import type { AuditAction, AuditDetails } from '../../platform/audit.js';
import { entryKindMismatch } from '../../platform/entries.js';
import { findOlympiad, takesEntries } from '../../platform/olympiad-lookup.js';
import { pageResult } from '../../platform/paging.js';
import { requireTermsAccepted } from '../../platform/terms.js';
import * as queries from './entry-queries.js';
import { entriesReach, entryLoader, participantLearnerLoader } from './load.js';
import { entriesPolicy, mayEnterSchools } from './policy.js';
import { presentParticipant } from './present.js';
import { findSchool } from './school-queries.js';
import { count } from '#contract/numbers';
import { say } from '../../http/request-language.js';

const tags = ['schools'];
const { access } = entriesPolicy;
const EntryBody = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  participant: SchoolParticipant,
});

type Audit = (action: AuditAction, details?: AuditDetails) => Promise<void>;

/**
 * Enters a school in an olympiad (idempotent), audited; answers the entry and a sentence. An entry made while
 * acting as a teacher is recorded as the impersonator's: it is staff's doing, not the school's.
 */
async function enter(
  db: Queryable,
  actor: Actor,
  audit: Audit,
  olympiad: { id: number; title: string },
  school: { id: number; name: string },
) {
  const { row, created } = await queries.enterSchool(db, olympiad.id, school.id, actor.impersonatorId ?? actor.userId);
  if (created) {
    await audit('participant.enter', { entityId: row.id, olympiadId: olympiad.id, data: { schoolId: school.id } });
  }
  return {
    success: true as const,
    message: created
      ? `${school.name} is entered in ${olympiad.title}`
      : `${school.name} was already entered in ${olympiad.title}`,
    participant: presentParticipant(actor, (await queries.findParticipant(db, row.id))!),
  };
}

/** Participating schools (docs/spec.md §6, /{o}/admin/edit/participating-schools) and a teacher's own entry. */
export async function entryRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/school-participant/v-rest/',
    tags,
    access: access.list,
    summary: 'Schools entered in an olympiad, with learner counts and status (a teacher: their school’s entries)',
    query: ParticipantListQuery,
    response: SchoolParticipantPage,
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listParticipants(db, entriesReach(actor, query.olympiadId), query);
      return {
        ...pageResult(
          items.map((p) => presentParticipant(actor, p)),
          total,
          query,
        ),
        can: { enter: mayEnterSchools(actor, query.olympiadId) },
      };
    },
  });

  readOne(app, '/school-participant/v-rest/', 'participantId', {
    tags,
    access: access.see,
    summary: 'One participating school',
    response: EntryBody,
    load: ({ db, actor, params }) => entryLoader.load(db, actor, params.id, 'see'),
    handler: async ({ actor, record }) => ({ success: true as const, participant: presentParticipant(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/school-participant/v-rest/',
    tags,
    access: access.enter,
    summary: 'Enter a school in an olympiad (admin of that olympiad)',
    body: EnterSchoolBody,
    response: EntryBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const olympiad = await findOlympiad(db, body.olympiadId);
      if (!olympiad || !entriesPolicy.can(actor, 'enter', { olympiadId: olympiad.id, schoolId: body.schoolId }))
        throw olympiadNotFound();
      const school = await findSchool(db, body.schoolId);
      if (!school) throw schoolNotFound();
      const mismatch = entryKindMismatch(olympiad, school);
      if (mismatch) throw conflict(mismatch);
      return enter(db, actor, audit, olympiad, school);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/school-participant/v-rest/:id',
    tags,
    access: access.update,
    summary: 'Change an entry’s status (admin)',
    params: IdParams,
    body: UpdateParticipantBody,
    response: EntryBody,
    transaction: true,
    load: ({ db, actor, params }) => entryLoader.load(db, actor, params.id, 'update'),
    handler: async ({ db, actor, body, record: p, audit }) => {
      await queries.setParticipantStatus(db, p.id, body.status);
      await audit('participant.status', { entityId: p.id, olympiadId: p.olympiadId, data: body });
      return {
        success: true as const,
        participant: presentParticipant(actor, (await queries.findParticipant(db, p.id))!),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/school-participant/v-rest/:id',
    tags,
    access: access.delete,
    summary: 'Take a school out of an olympiad (admin; only while it has no learners)',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => entryLoader.load(db, actor, params.id, 'delete'),
    handler: async ({ db, record: p, audit }) => {
      if (Number(p.learnerCount) > 0)
        throw conflict(
          `${p.schoolName} has ${count(p.learnerCount, 'learner')} in this olympiad: remove them first, or set the entry to withdrawn`,
        );
      await queries.deleteParticipant(db, p.id);
      await audit('participant.delete', { entityId: p.id, olympiadId: p.olympiadId });
      return { success: true as const, message: `${p.schoolName} is no longer entered in ${p.olympiadTitle}` };
    },
  });

  route(app, {
    method: 'GET',
    url: '/participant/v-rest/',
    tags,
    access: access.learners,
    summary: 'The learners (participants) of one participating school: customerParticipantId is the entry’s id',
    query: ParticipantLearnersQuery,
    response: pageOf(ParticipantLearner),
    load: ({ db, actor, query }) => entryLoader.load(db, actor, query.customerParticipantId, 'learners'),
    handler: async ({ db, query, record }) => {
      const { items, total } = await queries.listParticipantLearners(db, record, query);
      return pageResult(items, total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/participant/v-rest/single',
    tags,
    access: access.learners,
    summary: 'One learner (participant) of a participating school, by participantId (the learner’s id)',
    query: ParticipantSingleQuery,
    response: z.object({ success: z.literal(true), participant: ParticipantLearner }),
    load: ({ db, actor, query }) => participantLearnerLoader.load(db, actor, query.participantId, 'learners'),
    handler: async ({ record: { learner } }) => ({
      success: true as const,
      participant: {
        id: learner.id,
        username: learner.username,
        firstName: learner.firstName,
        lastName: learner.lastName,
        grade: learner.grade,
      },
    }),
  });

  route(app, {
    method: 'POST',
    url: '/teacher-expression/rest/',
    tags,
    access: access.selfEnter,
    summary: 'A signed-in teacher enters their own school in an olympiad',
    body: TeacherExpressionBody,
    response: EntryBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      if (actor.schoolId == null) throw badRequest(say('api-portal.entry.noSchool'));
      const olympiad = await findOlympiad(db, body.olympiadId);
      if (
        !olympiad ||
        !entriesPolicy.can(actor, 'selfEnter', {
          olympiadId: olympiad.id,
          schoolId: actor.schoolId,
          kind: olympiad.kind,
        })
      )
        throw olympiadNotFound();
      if (!takesEntries(olympiad)) throw conflict(say('api-portal.entry.over', { title: olympiad.title }));
      await requireTermsAccepted(db, actor);
      const school = await findSchool(db, actor.schoolId);
      if (!school) throw notFoundSaid('api-portal.notFound.yourSchool');
      const mismatch = entryKindMismatch(olympiad, school);
      if (mismatch) throw conflict(mismatch);
      return enter(db, actor, audit, olympiad, school);
    },
  });
}
