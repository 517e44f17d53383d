import type { FastifyInstance } from 'fastify';
import { moderationRoutes } from './moderation/routes.js';

/** Results (decision 032): moderation, awards and ranks, top schools, publishing and the downloads. */
export async function resultsRoutes(app: FastifyInstance) {
  await app.register(moderationRoutes);
}
