import type { FastifyInstance } from 'fastify';
import { grantRoutes } from './grants-routes.js';
import { olympiadRoutes } from './olympiads-routes.js';
import { projectRoutes } from './projects-routes.js';

/** Projects, sub-projects, olympiads, their grants and actions. */
export async function olympiadsRoutes(app: FastifyInstance): Promise<void> {
  await projectRoutes(app);
  await olympiadRoutes(app);
  await grantRoutes(app);
}
