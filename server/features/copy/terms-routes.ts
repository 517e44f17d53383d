import type { FastifyInstance } from 'fastify';
import { htmlText } from '#contract/content';
import {
  AcceptTermsBody,
  CurrentTerms,
  TermsInput,
  TermsPublished,
  TermsStatus,
  TermsVersionList,
} from '#contract/copy';
import { conflict, invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { isoOrNull } from '../../platform/dates.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { currentTerms, termsStanding } from '../../platform/terms.js';
import { copyPolicy } from './policy.js';
import { presentTerms } from './present.js';
import * as queries from './queries.js';

const tags = ['copy'];
const { access } = copyPolicy;

/**
 * The terms and conditions, versioned: the overlord publishes a new version at
 * /overlord/edit/terms-and-conditions; a teacher accepts the current one, and is asked again when it changes
 * (entering a school answers 409 `terms_not_accepted` until they do; platform/terms.ts).
 */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/terms-and-conditions/',
    tags: ['public'],
    access: access.readPublic,
    summary: 'The current terms and conditions (null before the first version is published)',
    response: CurrentTerms,
    handler: async ({ db }) => {
      const terms = await currentTerms(db);
      return { success: true as const, terms: terms ? presentTerms(terms) : null };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/terms-and-conditions/versions',
    tags,
    access: access.editSite,
    summary: 'Every published version, newest first, with how many teachers accepted each',
    response: TermsVersionList,
    handler: async ({ db }) => ({
      success: true as const,
      items: (await queries.listTermsVersions(db)).map((t) => ({
        ...presentTerms(t),
        acceptances: Number(t.acceptances),
      })),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/api/terms-and-conditions/',
    tags,
    access: access.editSite,
    summary: 'Publish a new version of the terms (teachers are asked to accept it); sanitised',
    body: TermsInput,
    response: TermsPublished,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const html = sanitizeRichText(body.body);
      if (!htmlText(html)) throw invalid([{ path: 'body.body', message: 'Write the terms' }]);
      const terms = await queries.insertTermsVersion(db, { body: html, summary: body.summary }, actor.userId);
      await audit('terms.publish', { entityId: terms.id, data: { version: terms.version, summary: body.summary } });
      return {
        success: true as const,
        message: `Version ${terms.version} is published; teachers will be asked to accept it`,
        terms: presentTerms(terms),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/terms-and-conditions/me',
    tags,
    access: access.acceptTerms,
    summary: 'The teacher’s standing: the current terms and whether they accepted them',
    response: TermsStatus,
    handler: async ({ db, actor }) => {
      const s = await termsStanding(db, actor.userId);
      return {
        success: true as const,
        terms: s.terms ? presentTerms(s.terms) : null,
        accepted: s.accepted,
        acceptedAt: isoOrNull(s.acceptedAt),
        previousVersion: s.previousVersion,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/terms-and-conditions/accept',
    tags,
    access: access.acceptTerms,
    summary: 'The teacher accepts the current terms (termsId: the version they read; an older one is refused)',
    body: AcceptTermsBody,
    response: TermsStatus,
    transaction: true,
    handler: async ({ db, actor, body, req, audit }) => {
      if (!copyPolicy.can(actor, 'acceptTerms', {}))
        throw conflict('Only the teacher can accept the terms, not someone acting as them');
      const terms = await currentTerms(db);
      if (!terms || terms.id !== body.termsId)
        throw conflict('These terms have been replaced by a newer version: please read the current one');
      await queries.acceptTerms(db, actor.userId, terms.id, req.ip);
      await audit('terms.accept', { entityId: terms.id, data: { version: Number(terms.version) } });
      const s = await termsStanding(db, actor.userId);
      return {
        success: true as const,
        message: 'Thank you: the terms are accepted',
        terms: presentTerms(terms),
        accepted: s.accepted,
        acceptedAt: isoOrNull(s.acceptedAt),
        previousVersion: s.previousVersion,
      };
    },
  });
}
