import type { FastifyInstance } from 'fastify';
import { ActivityLogPage, ActivityLogQuery, type ActivityEntry } from '#contract/logs';
import { invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { pageResult } from '../../platform/paging.js';
import { sendDownload, tableSheet } from '../../platform/xlsx.js';
import { COUNT_CAP, countActivity, listActivity } from './activity-queries.js';
import { logsPolicy } from './policy.js';
import { presentActivity } from './present.js';
import { windowOf } from './window.js';

const who = (p: ActivityEntry['actor']) => (p ? `${p.username}${p.email ? ` <${p.email}>` : ''}` : '');
const json = (v: unknown) => (v == null ? '' : JSON.stringify(v));

/**
 * GET api/activity-log/?startDate&userId&email&timeWindow (docs/spec.md §7): the audit log, newest first, with
 * each change's before and after; reads made while acting as someone are in it too (`impersonated.read`).
 * `format=csv|xlsx` downloads the filtered log (up to COUNT_CAP entries).
 */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/activity-log/',
    tags: ['logs'],
    access: logsPolicy.access.activityLog,
    summary:
      'The activity log (every change and impersonation): from startDate for timeWindow (or the last timeWindow), ' +
      'by a person (userId or email, as actor or impersonator), action, record; paged json, csv or xlsx; overlord',
    query: ActivityLogQuery,
    heavy: ({ query }) => query.format !== 'json',
    response: ActivityLogPage,
    handler: async ({ db, query, reply }) => {
      const { from, to } = windowOf(query.startDate, query.timeWindow);
      if (query.entityId && !query.entity) {
        throw invalid([{ path: 'query.entity', message: 'Choose the kind of record the id belongs to' }]);
      }
      const filter = { from, to, ...query };
      if (query.format === 'json') {
        const [items, total] = await Promise.all([
          listActivity(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
          countActivity(db, filter),
        ]);
        return pageResult(items.map(presentActivity), total, query);
      }
      const entries = (await listActivity(db, filter, { limit: COUNT_CAP, offset: 0 })).map(presentActivity);
      return sendDownload(reply, query.format, 'activity-log', [
        tableSheet(
          'Activity log',
          [
            { header: 'Time', width: 17, format: 'datetime', value: 'at' },
            { header: 'Action', value: 'action' },
            { header: 'Record', value: 'entity' },
            { header: 'Record id', format: 'id', value: 'entityId' },
            { header: 'Olympiad', value: 'olympiadName' },
            { header: 'By', value: (e) => (e.impersonator ? who(e.impersonator) : who(e.actor)) },
            { header: 'Acting as', value: (e) => (e.impersonator ? who(e.actor) : '') },
            { header: 'Address', value: 'ip' },
            { header: 'Before', value: (e) => json(e.before) },
            { header: 'After', value: (e) => json(e.after) },
          ],
          entries,
        ),
      ]);
    },
  });
}
