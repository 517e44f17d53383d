import type { FastifyInstance } from 'fastify';
import { certificateConfigRoutes } from './config-routes.js';
import { certificateDownloadRoutes } from './download-routes.js';
import { certificateGenerationRoutes } from './generation-routes.js';
import { certificatePublicRoutes } from './public-routes.js';

/** Certificates (decision 032): the designer's config, generation, sending, downloads and the public check. */
export async function certificatesRoutes(app: FastifyInstance) {
  await app.register(certificateConfigRoutes);
  await app.register(certificateGenerationRoutes);
  await app.register(certificateDownloadRoutes);
  await app.register(certificatePublicRoutes);
}
