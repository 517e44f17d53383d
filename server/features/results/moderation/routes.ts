import type { FastifyInstance } from 'fastify';

/** Moderation: flags computed after the window, the admin's decisions, `participant/api/moderated`. */
export async function moderationRoutes(_app: FastifyInstance) {}
