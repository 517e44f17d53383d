import type { FastifyInstance } from 'fastify';
import { entryRoutes } from './entry-routes.js';
import { eoiProcessRoutes } from './eoi-process.js';
import { eoiRoutes } from './eoi-routes.js';
import { portalRoutes } from './portal-routes.js';
import { schoolRoutes } from './school-routes.js';

/**
 * Schools (docs/spec.md §5–6): the school register, participating schools (entries), the teacher portal and
 * expressions of interest. Teacher accounts are their own feature (features/teachers).
 */
export async function schoolsRoutes(app: FastifyInstance): Promise<void> {
  await schoolRoutes(app);
  await entryRoutes(app);
  await portalRoutes(app);
  await eoiRoutes(app);
  await eoiProcessRoutes(app);
}
