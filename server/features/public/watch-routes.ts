import type { FastifyInstance } from 'fastify';
import { WatchResult } from '#contract/public';
import { route } from '../../http/route.js';
import { sendPrecompressed } from '../../platform/precompressed.js';
import { keptFreshCache } from '../../platform/refreshing.js';
import { etagMatches, readWatch, watchAnswer } from './watch.js';

/**
 * The Watch page's call: live counters across the open olympiads and the coming ones, so that
 * any number of viewers costs exam day's hot path nothing measurable (decision 048). One timer per server process
 * reads the figures every WATCH_REFRESH_SECONDS while anyone watches, and makes the answer then: its text, brotli
 * and gzip forms and its ETag. A viewer's request only picks the ready bytes (no query, no session lookup, no
 * serialisation, no compression); one who already holds them gets a 304. Browsers and shared caches may keep the
 * answer until the server's next refresh.
 */
export async function watchRoutes(app: FastifyInstance): Promise<void> {
  const refreshSeconds = app.config.watch.refreshSeconds;
  const refreshMs = refreshSeconds * 1000;
  // Under test the answer is checked against the contract when it is made, once per refresh (it leaves as bytes).
  const check = app.config.env === 'test' ? (answer: unknown) => WatchResult.parse(answer) : undefined;
  const cache = keptFreshCache(
    async () => watchAnswer(await readWatch(app.db), refreshSeconds, check),
    refreshMs,
    (err) => app.log.warn({ err }, 'the Watch page’s figures could not be refreshed'),
  );
  app.addHook('onClose', () => cache.stop());

  route(app, {
    method: 'GET',
    url: '/website/api/watch',
    summary:
      'The Watch page: learners writing now, started and finished across the open olympiads, and the coming ' +
      'olympiads; figures at most a few seconds old (refreshedAt)',
    tags: ['public'],
    access: 'public',
    anonymous: true,
    response: WatchResult,
    handler: async ({ req, reply }) => {
      const { value: answer, at } = await cache.get();
      // Every viewer sees the same figures until the next refresh: any cache may keep them until then.
      const left = Math.max(0, Math.floor((at.getTime() + refreshMs - Date.now()) / 1000));
      reply.header('cache-control', `public, max-age=${left}`).header('etag', answer.etag);
      if (etagMatches(req.headers['if-none-match'], answer.etag)) {
        return reply.header('vary', 'accept-encoding').code(304).send();
      }
      return sendPrecompressed(req, reply.type('application/json; charset=utf-8'), answer);
    },
  });
}
