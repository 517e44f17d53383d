import type { FastifyInstance } from 'fastify';
import { JobList, JobListParams, JobListQuery } from '#contract/jobs';
import { route } from '../../http/route.js';
import { pageResult } from '../../platform/paging.js';
import { olympiadLoader } from './load.js';
import { jobsPolicy } from './policy.js';
import { presentJob } from './present.js';
import { listJobs } from './queries.js';

const tags = ['jobs'];
const { access } = jobsPolicy;

/**
 * An olympiad's background jobs (decision 021) in one list: what ran, is running or waits, with its progress and
 * what came of it. Each job is started, and watched while it runs, on its own feature's page; this is where an admin
 * sees all of them together.
 */
export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad/jobs/:olympiadId',
    summary:
      'The olympiad’s background jobs (certificates, moderation, invoices, learner imports), newest first: state, ' +
      'progress (done of total, phase), what each did or why it failed, who started it (paged; by status or kind; ' +
      'search by what it works on or the school)',
    tags,
    access: access.list,
    params: JobListParams,
    query: JobListQuery,
    response: JobList,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'list'),
    handler: async ({ db, query, record }) => {
      const found = await listJobs(db, record.id, { status: query.status, kind: query.kind }, query);
      return pageResult(found.map(presentJob), found[0]?.totalRows ?? 0, query);
    },
  });
}
