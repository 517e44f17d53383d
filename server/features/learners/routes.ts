import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import {
  ConsentCount,
  CreatedLearner,
  Learner,
  LearnerInput,
  LearnerListQuery,
  LearnerPage,
  LearnerScopeQuery,
  NewLearnerBody,
} from '#contract/learners';
import { Ok } from '#contract/errors';
import { isForeignKeyViolation } from '../../db/errors.js';
import { checkGrade, conflict, notFoundSaid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { pageResult } from '../../platform/paging.js';
import { publicAddress } from '../../platform/public-address.js';
import { importRoutes } from './import-routes.js';
import { newPasswordsRoutes } from './new-passwords-routes.js';
import { enteredPlace, learnerLoader } from './load.js';
import { passwordRoutes } from './password-routes.js';
import { personalDataRoutes } from './personal-data-routes.js';
import { learnersPolicy, learnersReach } from './policy.js';
import { presentLearner } from './present.js';
import * as queries from './queries.js';
import { addOne } from './service.js';
import { consentCount } from './consent.js';
import { slipRoutes } from './slip-routes.js';
import { learnerKey } from './spreadsheet.js';
import { say } from '../../http/request-language.js';

const tags = ['learners'];
const { access } = learnersPolicy;
const LearnerBody = z.object({ success: z.literal(true), learner: Learner });

/** Learners of an olympiad (docs/spec.md §5): the list, one learner, adding, correcting and removing one. */
export async function learnersRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const secret = app.config.appSecret;

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/',
    tags,
    access: access.manage,
    summary: 'Learners of an olympiad (a teacher: their school’s; an admin: any school, or one with schoolId)',
    query: LearnerListQuery,
    response: LearnerPage,
    handler: async ({ actor, query }) => {
      const reach = learnersReach(actor, query.olympiadId, query.schoolId);
      if (!reach) throw notFoundSaid('api-portal.notFound.olympiadOrSchool');
      const { items, total } = await queries.listLearners(db, reach, query);
      return {
        ...pageResult(
          items.map((l) => presentLearner(actor, secret, l)),
          total,
          query,
        ),
        // The slips print it: the page warns while it is one only this machine reaches.
        publicAddress: publicAddress(app.config.publicUrl),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/consent-count',
    tags,
    access: access.manage,
    summary:
      'How many of an olympiad’s learners (a teacher: their school’s; an admin: any school, or one with schoolId) have a parent’s or guardian’s consent recorded',
    query: LearnerScopeQuery,
    response: ConsentCount,
    handler: async ({ actor, query }) => {
      const reach = learnersReach(actor, query.olympiadId, query.schoolId);
      if (!reach) throw notFoundSaid('api-portal.notFound.olympiadOrSchool');
      return { success: true as const, ...(await consentCount(db, reach)) };
    },
  });

  await importRoutes(app);
  await slipRoutes(app);
  await personalDataRoutes(app);

  readOne(app, '/learner/v-rest/', 'learnerId', {
    tags,
    access: access.manage,
    summary: 'One learner',
    response: LearnerBody,
    load: ({ db, actor, params }) => learnerLoader.load(db, actor, params.id, 'manage'),
    handler: async ({ actor, record }) => ({ success: true as const, learner: presentLearner(actor, secret, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/',
    tags,
    access: access.manage,
    summary: 'Add one learner (username and password generated; the password is in this answer and on the slips)',
    body: NewLearnerBody,
    response: z.object({ success: z.literal(true), message: z.string(), learner: CreatedLearner }),
    // No route transaction: the password is hashed first, then the learner and the audit row are written in
    // one transaction by the import's own code (service.ts), as for a whole sheet.
    handler: async ({ req, actor, body }) => {
      const place = await enteredPlace(db, actor, body.olympiadId, body.schoolId);
      checkGrade(place.olympiad, body.grade);
      const { consentConfirmed, ...learner } = body;
      const created = await addOne(
        { db, secret },
        actor,
        req.ip,
        place,
        learner,
        consentConfirmed ? 'form' : undefined,
      );
      return {
        success: true as const,
        message: `${created.firstName} ${created.lastName} is added: username ${created.username}`,
        learner: {
          id: created.id,
          username: created.username,
          password: created.password,
          firstName: created.firstName,
          lastName: created.lastName,
          grade: created.grade,
        },
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/learner/v-rest/:id',
    tags,
    access: access.manage,
    summary: 'Correct a learner’s name or grade',
    params: IdParams,
    body: LearnerInput,
    response: LearnerBody,
    transaction: true,
    load: ({ db, actor, params }) => learnerLoader.load(db, actor, params.id, 'manage'),
    handler: async ({ db, actor, body, record: learner, audit }) => {
      const grades = await queries.lockedGradeRange(db, learner.olympiadId);
      if (grades) checkGrade(grades, body.grade);
      const others = await queries.existingNames(db, learner.olympiadId, learner.schoolId ?? -1, learner.id);
      const key = learnerKey(body.firstName, body.lastName, body.grade);
      if (others.some((o) => learnerKey(o.firstName, o.lastName, o.grade) === key)) {
        throw conflict(
          say('api-portal.learner.loaded', { firstName: body.firstName, lastName: body.lastName, grade: body.grade }),
        );
      }
      await queries.updateLearner(db, learner.id, body);
      await audit('learner.update', { entityId: learner.id, olympiadId: learner.olympiadId, data: body });
      return {
        success: true as const,
        learner: presentLearner(actor, secret, (await queries.findLearnerRow(db, learner.id))!),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/learner/v-rest/:id',
    tags,
    access: access.manage,
    summary: 'Remove a learner (not once they have started writing)',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => learnerLoader.load(db, actor, params.id, 'manage'),
    handler: async ({ db, record: learner, audit }) => {
      try {
        await queries.deleteLearner(db, learner.id);
      } catch (error) {
        // A learner with a sitting (answers, results) is referenced by those rows: keep them.
        if (isForeignKeyViolation(error)) {
          throw conflict(say('api-portal.learner.started'));
        }
        throw error;
      }
      await audit('learner.delete', {
        entityId: learner.id,
        olympiadId: learner.olympiadId,
        data: { username: learner.username, firstName: learner.firstName, lastName: learner.lastName },
      });
      const left = await queries.learnerCount(db, learner.olympiadId, learner.schoolId ?? -1);
      if (left === 0 && learner.schoolId != null) {
        const entry = await queries.findEntry(db, learner.olympiadId, learner.schoolId);
        if (entry) await queries.setEntryStatus(db, entry.id, 'entered');
      }
      return { success: true as const, message: `${learner.firstName} ${learner.lastName} is removed` };
    },
  });

  await passwordRoutes(app);
  await newPasswordsRoutes(app);
}
