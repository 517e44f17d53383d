import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PastOlympiadList,
  PastQuery,
  PastWinnersList,
  ProjectNameParams,
  WinnersDisplayBody,
  WinnersDisplayResult,
} from '#contract/public';
import { IdText } from '#contract/ids';
import { projectNotFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { isoOrNull } from '../../platform/dates.js';
import { pageResult } from '../../platform/paging.js';
import { winnersLoader } from './load.js';
import * as past from './past-queries.js';
import { winnersPolicy } from './policy.js';
import { presentPastOlympiad, presentPastWinners } from './present.js';
import { findProject } from './queries.js';

const tags = ['public'];
const OlympiadParams = z.strictObject({ olympiadId: IdText });

/** The winners-display answer: the setting and whether the results it applies to are out. */
const settingsAnswer = (s: { olympiadId: number; winnersDisplay: string; publishedAt: Date | string | null }) => ({
  success: true as const,
  olympiadId: s.olympiadId,
  winnersDisplay: s.winnersDisplay as z.infer<typeof WinnersDisplayBody>['winnersDisplay'],
  resultsPublishedAt: isoOrNull(s.publishedAt),
});

/**
 * Past olympiads and past winners: a project's closed olympiads, and each one's winners once
 * its results are published, named as its admins chose; and that choice (PUT …/winners-display).
 */
export async function pastRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/website/api/past-olympiads/:projectName',
    summary: 'A project’s closed olympiads, latest first: dates, schools and learners who wrote, results published',
    tags,
    access: 'public',
    params: ProjectNameParams,
    query: PastQuery,
    response: PastOlympiadList,
    handler: async ({ db, params, query }) => {
      const project = await findProject(db, params.projectName);
      if (!project) throw projectNotFound();
      const { items, total } = await past.pastOlympiads(db, project.id, query);
      return pageResult(items.map(presentPastOlympiad), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/website/api/past-winners/:projectName',
    summary:
      'A project’s closed olympiads with their published winners: the top ranks, the best of each grade and the ' +
      'awards given, named as each olympiad chose (full name, initial and surname, or the school only)',
    tags,
    access: 'public',
    params: ProjectNameParams,
    query: PastQuery,
    response: PastWinnersList,
    handler: async ({ db, params, query }) => {
      const project = await findProject(db, params.projectName);
      if (!project) throw projectNotFound();
      const { items, total } = await past.pastOlympiads(db, project.id, query);
      const winners = await past.winnersOf(
        db,
        items.filter((o) => o.publishedAt != null).map((o) => o.id),
      );
      return pageResult(
        items.map((o) => presentPastWinners(o, winners)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/results/:olympiadId/winners-display',
    summary: 'How the olympiad’s published winners are named on the public past-winners page',
    tags,
    access: winnersPolicy.access.configure,
    params: OlympiadParams,
    response: WinnersDisplayResult,
    load: ({ db, actor, params }) => winnersLoader.load(db, actor, params.olympiadId, 'configure'),
    handler: async ({ record }) => settingsAnswer(record),
  });

  route(app, {
    method: 'PUT',
    url: '/olympiad/results/:olympiadId/winners-display',
    summary:
      'Choose how the olympiad’s published winners are named in public: full name, initial and surname, or school only',
    tags,
    access: winnersPolicy.access.configure,
    params: OlympiadParams,
    body: WinnersDisplayBody,
    response: WinnersDisplayResult,
    transaction: true,
    load: ({ db, actor, params }) => winnersLoader.load(db, actor, params.olympiadId, 'configure'),
    handler: async ({ db, body, record, audit }) => {
      await past.saveWinnersDisplay(db, record.olympiadId, body.winnersDisplay);
      await audit('results.winners-display', {
        entityId: record.olympiadId,
        olympiadId: record.olympiadId,
        data: { from: record.winnersDisplay, to: body.winnersDisplay },
      });
      return {
        ...settingsAnswer({ ...record, winnersDisplay: body.winnersDisplay }),
        message: 'The past-winners page shows the winners this way',
      };
    },
  });
}
