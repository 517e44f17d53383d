import type { FastifyInstance } from 'fastify';
import { SearchPage, SearchQuery, searchKinds } from '#contract/logs';
import { route } from '../../http/route.js';
import { pageResult } from '../../platform/paging.js';
import { logsPolicy } from './policy.js';
import { presentSearchHit } from './present.js';
import { search } from './search-queries.js';

/**
 * GET /api/search/?q&kind&page&pageSize (decision 037; the spec names no search call, so it sits beside the
 * other `api/` reads of the overlord's logs): one box finds a learner by username, a school by EMIS number or
 * name, a teacher by address, an olympiad, an expression of interest or a mail, ranked, paged.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/search/',
    tags: ['logs'],
    access: logsPolicy.access.search,
    summary:
      'Search learners (username), schools (EMIS number or name), teachers (email), olympiads, expressions of ' +
      'interest and mail (address) at once, ranked (exact, then starts with, then similar), paged; overlord',
    query: SearchQuery,
    response: SearchPage,
    handler: async ({ db, query }) => {
      const found = await search(db, {
        term: query.q,
        kinds: query.kind ? [query.kind] : searchKinds,
        page: query.page,
        pageSize: query.pageSize,
      });
      return pageResult(found.map(presentSearchHit), found[0]?.total ?? 0, query);
    },
  });
}
