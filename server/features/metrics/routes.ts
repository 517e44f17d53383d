import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../http/bearer.js';
import { HttpError } from '../../http/errors.js';
import { fileAnswer, route } from '../../http/route.js';
import { metricsContentType, scrape } from '../../platform/metrics.js';

/**
 * The same 404 as a path no route takes: without the token nothing says that metrics are served here, or that a
 * token was close (decision 101).
 */
const absent = () => new HttpError(404, 'not_found', 'There is no GET /metrics in the API');

/** The token compared in constant time: both sides hashed first, so their lengths say nothing either. */
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** GET /metrics: Prometheus's scrape, with METRICS_TOKEN as its bearer token (decision 101). */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  route(app, {
    method: 'GET',
    url: '/metrics',
    summary:
      'Prometheus metrics of this machine in the text format 0.0.4, with METRICS_TOKEN as the bearer token; 404 ' +
      'without it, with another, or while METRICS_TOKEN is unset',
    tags: ['health'],
    access: 'public',
    // The token is the metrics token, not a session's: it is never looked up among the sessions.
    anonymous: true,
    unavailable: true,
    response: fileAnswer('text/plain'),
    handler: async ({ req, reply }) => {
      const given = bearerToken(req);
      if (!token || !given || !sameToken(given, token)) throw absent();
      let text;
      try {
        text = await scrape(app);
      } catch (err) {
        req.log.warn({ err }, 'metrics: the machine’s figures could not be gathered');
        throw new HttpError(503, 'not_ready', 'The metrics of this machine could not be gathered now.');
      }
      return reply.header('content-type', metricsContentType).header('cache-control', 'no-store').send(text);
    },
  });
}
