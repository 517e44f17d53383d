import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, IdText } from '#contract/ids';
import { LearnerResultsPage, LearnerResultsQuery, MyResult, MyResultQuery, TopSchools } from '#contract/results';
import { checkGrade } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { isoOrNull } from '../../platform/dates.js';
import { pageResult } from '../../platform/paging.js';
import { topSchoolsOf } from './compute.js';
import { ownResults, resultsLoader } from './load.js';
import { resultsPolicy } from './policy.js';
import { presentLearnerResult } from './present.js';
import * as queries from './queries.js';
import { awardLabel } from './standings.js';

const tags = ['results'];
const { access } = resultsPolicy;

/** The ranked learners and the top schools (the olympiad's admins), and a learner's own result. */
export async function rankedRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad/results/:olympiadId/learners',
    summary:
      'The ranked learners of the published snapshot (paged; search by name, username or school; filter by grade, ' +
      'province, award (`none` for no award); sort by rank, name, school, grade, score or province)',
    tags,
    access: access.readAll,
    params: z.strictObject({ olympiadId: IdText }),
    query: LearnerResultsQuery,
    response: LearnerResultsPage,
    load: ({ db, actor, params }) => resultsLoader.load(db, actor, params.olympiadId, 'readAll'),
    handler: async ({ db, query, record: r }) => {
      checkGrade(r, query.grade, 'query.grade');
      const found = await queries.snapshot(db, { ...query, olympiadId: r.olympiadId });
      return {
        ...pageResult(
          found.map((row) => presentLearnerResult(r.awardRule, row)),
          found[0]?.total ?? 0,
          query,
        ),
        publishedAt: isoOrNull(r.publishedAt),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/reports/top-school-calcs/:id',
    summary:
      'The top schools (id: the olympiad): each school’s mean of its best N learners, ranked, from the published ' +
      'snapshot, or computed from the final scores now before publishing (`source` says which)',
    tags,
    access: access.readAll,
    params: IdParams,
    response: TopSchools,
    load: ({ db, actor, params }) => resultsLoader.load(db, actor, params.id, 'readAll'),
    handler: async ({ db, record: r }) => ({
      success: true as const,
      bestN: r.bestN,
      ...(await topSchoolsOf(db, r.olympiadId, r.bestN, r.publishedAt != null)),
    }),
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/results/mine',
    summary:
      'A learner’s own result (score, percent, award, rank, grade rank) once the results are published; before, ' +
      '`published` is false and there is no result',
    tags,
    access: access.readOwn,
    query: MyResultQuery,
    response: MyResult,
    load: ({ db, actor, query }) => ownResults(db, actor, query.olympiadId),
    handler: async ({ db, actor, record: r }) => {
      if (r.publishedAt == null) return { success: true as const, published: false, result: null };
      const own = await queries.ownResult(db, r.olympiadId, actor.userId);
      return {
        success: true as const,
        published: true,
        result: own && {
          score: own.score,
          maxScore: own.maxScore,
          percent: own.percent,
          award: own.award,
          awardLabel: awardLabel(r.awardRule, own.award),
          bestInSchool: own.bestInSchool,
          rank: own.rank,
          gradeRank: own.gradeRank,
          counted: own.counted,
          gradeCounted: own.gradeCounted,
          language: own.language,
        },
      };
    },
  });
}
