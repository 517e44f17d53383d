import type { FastifyInstance } from 'fastify';
import { activityRoutes } from './activity-routes.js';
import { appLogRoutes } from './app-log-routes.js';
import { loginActivityRoutes } from './login-routes.js';
import { searchRoutes } from './search-routes.js';

/** The overlord's search, activity log, app log and learner login activity (decision 037). */
export async function logsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(searchRoutes);
  await app.register(activityRoutes);
  await app.register(appLogRoutes);
  await app.register(loginActivityRoutes);
}
