import type { FastifyInstance } from 'fastify';
import { LoginActivityPage, LoginActivityQuery } from '#contract/logs';
import { route } from '../../http/route.js';
import { iso } from '../../platform/dates.js';
import { pageResult } from '../../platform/paging.js';
import { sendDownload, tableSheet } from '../../platform/xlsx.js';
import { loginSeries, loginTable } from './login-queries.js';
import { logsPolicy } from './policy.js';
import { presentLoginRow } from './present.js';
import { windowOf } from './window.js';

/**
 * GET /api/learner-login-activity/?olympiadId&schoolId&startDate&timeWindow (decision 037; the spec names the
 * screen /overlord/learner-login-activity but no call): learner sign-ins and failures over time (per hour for a
 * day or less, else per day, South African time) and per olympiad and school; csv or xlsx of the table.
 */
export async function loginActivityRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/learner-login-activity/',
    tags: ['logs'],
    access: logsPolicy.access.loginActivity,
    summary:
      'Learner sign-ins and failures over time and per olympiad and school, in a window (startDate, timeWindow), ' +
      'for one olympiad or school or all; paged json, csv or xlsx; overlord',
    query: LoginActivityQuery,
    heavy: ({ query }) => query.format !== 'json',
    response: LoginActivityPage,
    handler: async ({ db, query, reply }) => {
      const window = windowOf(query.startDate, query.timeWindow);
      const filter = {
        from: window.from!,
        to: window.to!,
        bucket: query.timeWindow === 'hour' || query.timeWindow === 'day' ? ('hour' as const) : ('day' as const),
        olympiadId: query.olympiadId,
        schoolId: query.schoolId,
      };
      if (query.format !== 'json') {
        const all = (await loginTable(db, filter, { limit: null, offset: 0 })).map(presentLoginRow);
        return sendDownload(reply, query.format, 'learner-login-activity', [
          tableSheet(
            'Learner sign-ins',
            [
              { header: 'Olympiad', value: 'olympiadName' },
              { header: 'Olympiad title', value: 'olympiadTitle' },
              { header: 'School', value: 'schoolName' },
              { header: 'Sign-ins', value: 'signins' },
              { header: 'Failed sign-ins', value: 'failures' },
              { header: 'Latest', width: 17, format: 'datetime', value: 'lastAt' },
            ],
            all,
          ),
        ]);
      }
      const [series, table] = await Promise.all([
        loginSeries(db, filter),
        loginTable(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      ]);
      const points = series.map((p) => ({ at: iso(p.at), signins: p.signins, failures: p.failures }));
      return {
        ...pageResult(table.map(presentLoginRow), table[0]?.total ?? 0, query),
        from: filter.from.toISOString(),
        to: filter.to.toISOString(),
        bucket: filter.bucket,
        series: points,
        totals: {
          signins: points.reduce((n, p) => n + p.signins, 0),
          failures: points.reduce((n, p) => n + p.failures, 0),
        },
      };
    },
  });
}
