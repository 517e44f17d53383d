import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { Faq, FaqInput, FaqListQuery, FaqReorderBody, htmlText, PublicFaqList } from '#contract/content';
import { Ok, pageOf } from '#contract/errors';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { pageResult } from '../../platform/paging.js';
import { reorderByIds } from '../../platform/reorder.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { faqLoader, faqsSeen, writableGroup } from './load.js';
import { type FaqGroup, faqPolicy } from './policy.js';
import { presentFaq, presentPublicFaq } from './present.js';
import * as queries from './queries.js';

const tags = ['faqs'];
const { access } = faqPolicy;
const NameParams = z.strictObject({ projectName: z.string().trim().min(1).max(60) });
const FaqBody = z.object({ success: z.literal(true), message: z.string().optional(), faq: Faq });

/** The group an FAQ goes in: only the id its audience names is kept. */
const groupOf = (v: { audience: FaqGroup['audience']; olympiadId?: number | null; projectId?: number | null }) => ({
  audience: v.audience,
  olympiadId: v.audience === 'olympiad' ? (v.olympiadId ?? null) : null,
  projectId: v.audience === 'project' ? (v.projectId ?? null) : null,
});

/** Sanitised values for a group the actor may write to, whose olympiad or project exists. */
async function valuesFor(q: Queryable, actor: Actor, body: z.output<typeof FaqInput>) {
  const group = await writableGroup(q, actor, groupOf(body));
  const answer = sanitizeRichText(body.answer);
  if (!htmlText(answer)) throw invalid([{ path: 'body.answer', message: 'Write the answer' }]);
  return { ...group, question: body.question, answer, published: body.published };
}

/** An FAQ as the caller sees it, read again after a change. */
const reread = async (q: Queryable, actor: Actor, id: number) =>
  presentFaq(actor, await faqLoader.load(q, actor, id, 'read'));

/**
 * FAQs (docs/spec.md §3, GET faq/v-rest/): the overlord's /overlord/edit/faqs, an admin's olympiad FAQs,
 * the readers.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/faq/v-rest/',
    tags,
    access: access.read,
    summary:
      'FAQs: every one (overlord), those of the admin’s olympiads, or what a teacher reads (published, for all teachers or their portal’s olympiads); paged, searchable, sortable',
    query: FaqListQuery,
    response: pageOf(Faq),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listFaqs(db, await faqsSeen(db, actor, query.olympiadId), query);
      return pageResult(
        items.map((f) => presentFaq(actor, f)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/faq/v-rest/:id',
    tags,
    access: access.read,
    summary: 'One FAQ',
    params: IdParams,
    response: FaqBody,
    load: ({ db, actor, params }) => faqLoader.load(db, actor, params.id, 'read'),
    handler: async ({ actor, record }) => ({ success: true as const, faq: presentFaq(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/faq/v-rest/',
    tags,
    access: access.edit,
    summary: 'Add an FAQ at the end of its group (admin: for the teachers of their olympiad)',
    body: FaqInput,
    response: FaqBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const values = await valuesFor(db, actor, body);
      const position = await queries.nextPosition(db, values);
      const id = await queries.insertFaq(db, { ...values, position }, actor.userId);
      await audit('faq.create', {
        entityId: id,
        olympiadId: values.olympiadId,
        data: { audience: values.audience, projectId: values.projectId, question: values.question },
      });
      return { success: true as const, message: 'The FAQ is added', faq: await reread(db, actor, id) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/faq/v-rest/:id',
    tags,
    access: access.edit,
    summary: 'Edit an FAQ (moving it to another group puts it at that group’s end)',
    params: IdParams,
    body: FaqInput,
    response: FaqBody,
    transaction: true,
    load: ({ db, actor, params }) => faqLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, body, record: faq, audit }) => {
      const values = await valuesFor(db, actor, body);
      const moved =
        values.audience !== faq.audience || values.olympiadId !== faq.olympiadId || values.projectId !== faq.projectId;
      const position = moved ? await queries.nextPosition(db, values) : undefined;
      await queries.updateFaq(db, faq.id, { ...values, ...(position == null ? {} : { position }) }, actor.userId);
      await audit('faq.update', {
        entityId: faq.id,
        olympiadId: values.olympiadId ?? faq.olympiadId,
        data: {
          audience: values.audience,
          olympiadId: values.olympiadId,
          projectId: values.projectId,
          question: values.question,
          published: values.published,
          ...(moved ? { movedFrom: groupOf(faq) } : {}),
        },
      });
      return { success: true as const, message: 'The FAQ is saved', faq: await reread(db, actor, faq.id) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/faq/v-rest/:id',
    tags,
    access: access.edit,
    summary: 'Remove an FAQ',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => faqLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, record: faq, audit }) => {
      await queries.deleteFaq(db, faq.id);
      await audit('faq.delete', {
        entityId: faq.id,
        olympiadId: faq.olympiadId,
        data: { audience: faq.audience, projectId: faq.projectId, question: faq.question },
      });
      return { success: true as const, message: 'The FAQ is removed' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/faq/v-rest/reorder',
    tags,
    access: access.edit,
    summary: 'Put one group of FAQs (an audience with its olympiad or project) in the given order: all of its ids',
    body: FaqReorderBody,
    response: Ok,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const group = await writableGroup(db, actor, groupOf(body));
      await reorderByIds(db, { table: 'faqs', where: queries.groupFilter(group), ids: body.ids, what: 'FAQ' });
      await audit('faq.reorder', { olympiadId: group.olympiadId, data: { ...group, ids: body.ids } });
      return { success: true as const, message: 'The order is saved' };
    },
  });

  route(app, {
    method: 'GET',
    url: '/website/api/faqs/:projectName',
    tags: ['public'],
    access: access.readPublic,
    summary: 'A project’s public FAQs (published ones, in order), by projectName or id',
    params: NameParams,
    response: PublicFaqList,
    handler: async ({ db, params }) => {
      const project = await queries.findProject(db, params.projectName);
      if (!project) throw notFound('This project');
      return { success: true as const, items: (await queries.publicFaqs(db, project.id)).map(presentPublicFaq) };
    },
  });
}
