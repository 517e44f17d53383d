import type { FastifyInstance } from 'fastify';
import { CertificateCheck, CertificateCodeParams } from '#contract/certificates';
import { HttpError, rateLimited } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { reserve } from '../../platform/throttle.js';
import { normalizeCode } from './codes.js';
import { presentCheck } from './present.js';
import { findByCode } from './certificate-queries.js';

/** Checks from one address in 10 minutes: a school checking a pile of certificates, never a walk through codes. */
const CHECKS_PER_ADDRESS = 120;

/** The public check of a certificate's code (the web app's /verify/{code} page reads it; no sign-in). */
export async function certificatePublicRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/public/certificates/:code',
    summary:
      'What a certificate certifies, by its code (no sign-in; rate-limited); 404 for a code that is no certificate',
    tags: ['public'],
    access: 'public',
    params: CertificateCodeParams,
    response: CertificateCheck,
    // No transaction: the throttle's slot is kept whatever the answer.
    handler: async ({ db, req, params }) => {
      const reservation = await reserve(db, [
        { key: `certificate-check:address:${req.ip}`, limit: CHECKS_PER_ADDRESS, windowMinutes: 10 },
      ]);
      if (!reservation.granted)
        throw rateLimited(
          'Too many certificates checked from here: please wait a few minutes',
          reservation.retryAfterSeconds,
        );
      const code = normalizeCode(params.code);
      const found = code ? await findByCode(db, code) : null;
      if (!found) throw new HttpError(404, 'not_found', 'No certificate has this code: check it and try again');
      return presentCheck(found);
    },
  });
}
