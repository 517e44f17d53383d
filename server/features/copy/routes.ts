import type { FastifyInstance } from 'fastify';
import { generalCopyRoutes } from './general-routes.js';
import { siteCopyRoutes } from './site-routes.js';
import { termsRoutes } from './terms-routes.js';
import { testimonialRoutes } from './testimonial-routes.js';
import { websiteCopyRoutes } from './website-routes.js';

/** Copy as data: website, general and site copy, partners, testimonials, terms and conditions. */
export async function copyRoutes(app: FastifyInstance): Promise<void> {
  await websiteCopyRoutes(app);
  await generalCopyRoutes(app);
  await siteCopyRoutes(app);
  await testimonialRoutes(app);
  await termsRoutes(app);
}
