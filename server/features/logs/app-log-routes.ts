import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppLogKeys, AppLogPage, AppLogQuery } from '#contract/logs';
import { route } from '../../http/route.js';
import { iso } from '../../platform/dates.js';
import { pruneAppLog } from '../../platform/app-log.js';
import { pageResult } from '../../platform/paging.js';
import { appLogKeys, listAppLog } from './app-log-queries.js';
import { logsPolicy } from './policy.js';
import { presentAppLog } from './present.js';

export const PRUNE_JOB = 'app-log.prune';
const HOUR = 3_600_000;

/**
 * The app log (decision 037): GET api/app-log/keys and GET api/app-log/all?key (docs/spec.md §7), the server's
 * warnings and errors kept by where they come from. Entries older than APP_LOG_RETENTION_DAYS are removed by the
 * `app-log.prune` background job, queued hourly by each worker process (one at a time: a queued or running one
 * is not queued again).
 */
export async function appLogRoutes(app: FastifyInstance): Promise<void> {
  const { access } = logsPolicy;

  route(app, {
    method: 'GET',
    url: '/api/app-log/keys',
    tags: ['logs'],
    access: access.appLog,
    summary:
      'The app log’s keys (where warnings and errors come from), each with its count, errors and latest time; overlord',
    response: AppLogKeys,
    handler: async ({ db }) => ({
      success: true as const,
      items: (await appLogKeys(db)).map((k) => ({ ...k, lastAt: iso(k.lastAt) })),
    }),
  });

  route(app, {
    method: 'GET',
    url: '/api/app-log/all',
    tags: ['logs'],
    access: access.appLog,
    summary:
      'App log entries, newest first: one key’s or all, by level, words in the message or request id; paged; overlord',
    query: AppLogQuery,
    response: AppLogPage,
    handler: async ({ db, query }) => {
      const found = await listAppLog(db, query, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return pageResult(found.map(presentAppLog), found[0]?.total ?? 0, query);
    },
  });

  app.jobs.register(PRUNE_JOB, async () => {
    const removed = await pruneAppLog(app.db, app.config.appLog.retentionDays);
    return { removed, message: `${removed} old app log entries removed` };
  });
  if (!app.config.jobs.worker) return;
  const queuePrune = async () => {
    await app.db.execute(
      sql`insert into jobs (kind, status, label) select ${PRUNE_JOB}, 'queued', 'Remove old app log entries'
          where not exists (select 1 from jobs where kind = ${PRUNE_JOB} and status in ('queued', 'running'))`,
    );
    app.jobs.kick();
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      queuePrune().catch((err: unknown) =>
        app.log.warn({ err, module: 'app-log' }, 'the app log prune could not be queued'),
      );
    }, HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
