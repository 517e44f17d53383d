import type { FastifyInstance } from 'fastify';
import { fileRoutes } from './files/routes.js';
import { logRoutes } from './queue/log-routes.js';
import { massMailReadRoutes } from './mass-mail/read-routes.js';
import { massMailSendRoutes } from './mass-mail/send-routes.js';
import { massMailWriteRoutes } from './mass-mail/write-routes.js';
import { queueRoutes } from './queue/routes.js';
import { templateRoutes } from './templates/routes.js';
import { unsubscribeRoutes } from './unsubscribes/routes.js';

/** Mail: the queue, logs, unsubscribes and bounces, files, mass mail and system-email copy. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  await app.register(queueRoutes);
  await app.register(logRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(fileRoutes);
  await app.register(massMailReadRoutes);
  await app.register(massMailWriteRoutes);
  await app.register(massMailSendRoutes);
  await app.register(templateRoutes);
}
