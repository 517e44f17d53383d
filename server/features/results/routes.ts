import type { FastifyInstance } from 'fastify';
import { awardRoutes } from './awards/routes.js';
import { downloadRoutes } from './downloads.js';
import { moderationRoutes } from './moderation/routes.js';
import { rankedRoutes } from './ranked-routes.js';

/** Results (decision 032): moderation, awards and ranks, top schools, publishing and the downloads. */
export async function resultsRoutes(app: FastifyInstance) {
  await app.register(moderationRoutes);
  await app.register(awardRoutes);
  await app.register(rankedRoutes);
  await app.register(downloadRoutes);
}
