import type { FastifyInstance } from 'fastify';

/** Certificates (decision 032): the designer's config, generation, sending, downloads and the public check. */
export async function certificatesRoutes(_app: FastifyInstance) {}
