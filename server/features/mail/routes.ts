import type { FastifyInstance } from 'fastify';
import { contactRoutes } from './contact-routes.js';
import { fileRoutes } from './file-routes.js';
import { massMailRoutes } from './mass-mail-routes.js';
import { queueRoutes } from './queue-routes.js';
import { templateRoutes } from './template-routes.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';

/** Mail: the queue, logs, unsubscribes and bounces, files, mass mail, useful contacts and system-email copy. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  await app.register(queueRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(fileRoutes);
  await app.register(massMailRoutes);
  await app.register(contactRoutes);
  await app.register(templateRoutes);
}
