import type { FastifyInstance } from 'fastify';
import { WatchResult } from '#contract/public';
import { route } from '../../http/route.js';
import { readWatch, watchCache, type WatchSnapshot } from './watch.js';

/**
 * The Watch page's call (issue 14, part 6): live counters across the open olympiads and the coming ones, from a
 * cache refreshed every WATCH_REFRESH_SECONDS (one query per refresh per process, not one per viewer), so that
 * any number of viewers costs exam day's hot path nothing measurable.
 */
export async function watchRoutes(app: FastifyInstance): Promise<void> {
  const refreshSeconds = app.config.watch.refreshSeconds;
  const cache = watchCache(
    () => readWatch(app.db),
    refreshSeconds * 1000,
    (err) => app.log.warn({ err }, 'the Watch page’s figures could not be refreshed'),
  );
  // The answer is written once per refresh, not once per viewer: every viewer in between gets the same text.
  let written: { snapshot: WatchSnapshot; body: string } | null = null;
  const answerOf = (snapshot: WatchSnapshot) => {
    if (written?.snapshot === snapshot) return written.body;
    const answer = {
      success: true as const,
      refreshedAt: snapshot.refreshedAt.toISOString(),
      refreshSeconds,
      totals: snapshot.totals,
      open: snapshot.open,
      coming: snapshot.coming,
    };
    // Under test the answer is checked against the contract here, once per refresh (it leaves as text).
    if (app.config.env === 'test') WatchResult.parse(answer);
    written = { snapshot, body: JSON.stringify(answer) };
    return written.body;
  };
  route(app, {
    method: 'GET',
    url: '/website/api/watch',
    summary:
      'The Watch page: learners writing now, started and finished across the open olympiads, and the coming ' +
      'olympiads; figures at most a few seconds old (refreshedAt)',
    tags: ['public'],
    access: 'public',
    response: WatchResult,
    handler: async ({ reply }) => {
      const body = answerOf(await cache.get());
      // Shared caches may keep it as long as the server does; every viewer sees the same figures.
      return reply
        .header('cache-control', `public, max-age=${Math.floor(refreshSeconds)}`)
        .type('application/json; charset=utf-8')
        .send(body);
    },
  });
}
