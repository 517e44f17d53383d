import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ReorderBody, TestimonialInput, TestimonialList, TestimonialSaved } from '#contract/copy';
import { Ok } from '#contract/errors';
import { IdParams } from '#contract/ids';
import { route } from '../../http/route.js';
import { reorderByIds } from '../../platform/reorder.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { htmlText } from '#contract/content';
import { invalid } from '../../http/errors.js';
import { loadTestimonial } from './load.js';
import { copyPolicy } from './policy.js';
import { presentTestimonial } from './present.js';
import * as queries from './queries.js';

const tags = ['copy'];
const { access } = copyPolicy;

function valuesOf(body: ReturnType<typeof TestimonialInput.parse>) {
  const quote = sanitizeRichText(body.quote);
  if (!htmlText(quote)) throw invalid([{ path: 'body.quote', message: 'Write what they said' }]);
  return { quote, name: body.name, affiliation: body.affiliation, published: body.published };
}

/**
 * Testimonials (docs/spec.md §7 GET testimonial/v-rest/): what the platform's users say, on /olympus/our-users;
 * the overlord adds, edits, orders and removes them at /overlord/edit/testimonials.
 */
export async function testimonialRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/testimonial/v-rest/',
    tags,
    access: access.readPublic,
    summary: 'Testimonials in order: the published ones for everyone, drafts too for the overlord',
    response: TestimonialList,
    handler: async ({ db, actor }) => {
      const editor = actor != null && copyPolicy.can(actor, 'editSite', {});
      const items = await queries.listTestimonials(db, !editor);
      return { success: true as const, items: items.map((t) => presentTestimonial(actor, t)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/testimonial/v-rest/',
    tags,
    access: access.editSite,
    summary: 'Add a testimonial (at the end); the quote is sanitised',
    body: TestimonialInput,
    response: TestimonialSaved,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const values = valuesOf(body);
      const id = await queries.insertTestimonial(db, values, actor.userId);
      await audit('testimonial.create', { entityId: id, data: { name: values.name, published: values.published } });
      return {
        success: true as const,
        message: 'The testimonial is added',
        testimonial: presentTestimonial(actor, (await queries.findTestimonial(db, id))!),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/testimonial/v-rest/:id',
    tags,
    access: access.editSite,
    summary: 'Edit a testimonial; the quote is sanitised',
    params: IdParams,
    body: TestimonialInput,
    response: TestimonialSaved,
    transaction: true,
    load: ({ db, params }) => loadTestimonial(db, params.id),
    handler: async ({ db, actor, body, record, audit }) => {
      const values = valuesOf(body);
      await queries.updateTestimonial(db, record.id, values, actor.userId);
      await audit('testimonial.update', {
        entityId: record.id,
        data: { name: values.name, published: values.published },
      });
      return {
        success: true as const,
        message: 'The testimonial is saved',
        testimonial: presentTestimonial(actor, (await queries.findTestimonial(db, record.id))!),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/testimonial/v-rest/:id',
    tags,
    access: access.editSite,
    summary: 'Remove a testimonial',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, params }) => loadTestimonial(db, params.id),
    handler: async ({ db, record, audit }) => {
      await queries.deleteTestimonial(db, record.id);
      await audit('testimonial.delete', { entityId: record.id, data: { name: record.name } });
      return { success: true as const, message: 'The testimonial is removed' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/testimonial/v-rest/reorder',
    tags,
    access: access.editSite,
    summary: 'Put the testimonials in the given order: all of their ids',
    body: ReorderBody,
    response: Ok,
    transaction: true,
    handler: async ({ db, body, audit }) => {
      await reorderByIds(db, { table: 'testimonials', where: sql`true`, ids: body.ids, what: 'testimonial' });
      await audit('testimonial.reorder', { data: { ids: body.ids } });
      return { success: true as const, message: 'The order is saved' };
    },
  });
}
