import type { FastifyInstance } from 'fastify';
import { imageRoutes } from './images-routes.js';
import { moduleRoutes } from './modules-routes.js';
import { questionRoutes } from './questions-routes.js';
import { transferRoutes } from './transfer-routes.js';

/** Question modules, questions, their images and verification. */
export async function questionsRoutes(app: FastifyInstance): Promise<void> {
  await moduleRoutes(app);
  await questionRoutes(app);
  await app.register(imageRoutes);
  await app.register(transferRoutes);
}
