import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { Faq, FaqInput, FaqListQuery, FaqReorderBody, htmlText, PublicFaqList } from '../../../contract/content.js';
import { Ok, pageOf } from '../../../contract/errors.js';
import { type Actor, scopedOlympiads } from '../../http/actor.js';
import { invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { pageResult } from '../../platform/paging.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { contentAccess, type FaqGroup, faqPolicy } from './policy.js';
import { presentFaq, presentPublicFaq } from './present.js';
import * as queries from './queries.js';

const tags = ['faqs'];
const NameParams = z.strictObject({ projectName: z.string().trim().min(1).max(60) });
const FaqBody = z.object({ success: z.literal(true), message: z.string().optional(), faq: Faq });

/** The group an FAQ goes in: only the id its audience names is kept. */
const groupOf = (v: { audience: FaqGroup['audience']; olympiadId?: number | null; projectId?: number | null }) => ({
  audience: v.audience,
  olympiadId: v.audience === 'olympiad' ? (v.olympiadId ?? null) : null,
  projectId: v.audience === 'project' ? (v.projectId ?? null) : null,
});

/**
 * FAQs (docs/spec.md §3, GET faq/v-rest/): the overlord's /overlord/edit/faqs, an admin's olympiad FAQs,
 * the readers.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** The portal's olympiads matter only to teachers; nobody else pays for the query. */
  const portalIds = (actor: Actor) =>
    actor.role === 'teacher'
      ? queries.portalOlympiadIds(db, actor.schoolId).then((ids) => scopedOlympiads(actor, ids))
      : Promise.resolve([]);

  /** Sanitised values for a group the actor may write to, whose olympiad or project exists. */
  async function valuesFor(actor: Actor, body: z.output<typeof FaqInput>) {
    const group = groupOf(body);
    faqPolicy.assertCanWrite(actor, group);
    if (group.olympiadId != null && !(await queries.olympiadExists(db, group.olympiadId)))
      throw notFound('This olympiad');
    if (group.projectId != null && !(await queries.projectExists(db, group.projectId))) throw notFound('This project');
    const answer = sanitizeRichText(body.answer);
    if (!htmlText(answer)) throw invalid([{ path: 'body.answer', message: 'Write the answer' }]);
    return { ...group, question: body.question, answer, published: body.published };
  }

  route(app, {
    method: 'GET',
    url: '/faq/v-rest/',
    tags,
    access: contentAccess.readFaqs,
    summary:
      'FAQs: every one (overlord), those of the admin’s olympiads, or what a teacher reads (published, for all teachers or their portal’s olympiads); paged, searchable, sortable',
    query: FaqListQuery,
    response: pageOf(Faq),
    handler: async ({ actor, query }) => {
      const scope = faqPolicy.listScope(actor, query.olympiadId, await portalIds(actor));
      const { items, total } = await queries.listFaqs(db, scope, query);
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
    access: contentAccess.readFaqs,
    summary: 'One FAQ',
    params: IdParams,
    response: FaqBody,
    handler: async ({ actor, params }) => {
      const faq = await queries.findFaq(db, params.id);
      if (!faq || !faqPolicy.canRead(actor, faq, await portalIds(actor))) throw notFound('This FAQ');
      return { success: true as const, faq: presentFaq(actor, faq) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/faq/v-rest/',
    tags,
    access: contentAccess.editFaqs,
    summary: 'Add an FAQ at the end of its group (admin: for the teachers of their olympiad)',
    body: FaqInput,
    response: FaqBody,
    handler: async ({ req, actor, body }) => {
      const values = await valuesFor(actor, body);
      const id = await db.transaction(async (tx) => {
        const position = await queries.nextPosition(tx, values);
        const newId = await queries.insertFaq(tx, { ...values, position }, actor.userId);
        await audit(tx, actor, {
          action: 'faq.create',
          entity: 'faq',
          entityId: newId,
          olympiadId: values.olympiadId,
          ip: req.ip,
          data: { audience: values.audience, projectId: values.projectId, question: values.question },
        });
        return newId;
      });
      return {
        success: true as const,
        message: 'The FAQ is added',
        faq: presentFaq(actor, (await queries.findFaq(db, id))!),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/faq/v-rest/:id',
    tags,
    access: contentAccess.editFaqs,
    summary: 'Edit an FAQ (moving it to another group puts it at that group’s end)',
    params: IdParams,
    body: FaqInput,
    response: FaqBody,
    handler: async ({ req, actor, params, body }) => {
      const faq = await queries.findFaq(db, params.id);
      if (!faq || !faqPolicy.canEdit(actor, faq)) throw notFound('This FAQ');
      const values = await valuesFor(actor, body);
      const moved =
        values.audience !== faq.audience || values.olympiadId !== faq.olympiadId || values.projectId !== faq.projectId;
      await db.transaction(async (tx) => {
        const position = moved ? await queries.nextPosition(tx, values) : undefined;
        await queries.updateFaq(tx, faq.id, { ...values, ...(position == null ? {} : { position }) }, actor.userId);
        await audit(tx, actor, {
          action: 'faq.update',
          entity: 'faq',
          entityId: faq.id,
          olympiadId: values.olympiadId ?? faq.olympiadId,
          ip: req.ip,
          data: {
            audience: values.audience,
            olympiadId: values.olympiadId,
            projectId: values.projectId,
            question: values.question,
            published: values.published,
            ...(moved ? { movedFrom: groupOf(faq) } : {}),
          },
        });
      });
      return {
        success: true as const,
        message: 'The FAQ is saved',
        faq: presentFaq(actor, (await queries.findFaq(db, faq.id))!),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/faq/v-rest/:id',
    tags,
    access: contentAccess.editFaqs,
    summary: 'Remove an FAQ',
    params: IdParams,
    response: Ok,
    handler: async ({ req, actor, params }) => {
      const faq = await queries.findFaq(db, params.id);
      if (!faq || !faqPolicy.canDelete(actor, faq)) throw notFound('This FAQ');
      await db.transaction(async (tx) => {
        await queries.deleteFaq(tx, faq.id);
        await audit(tx, actor, {
          action: 'faq.delete',
          entity: 'faq',
          entityId: faq.id,
          olympiadId: faq.olympiadId,
          ip: req.ip,
          data: { audience: faq.audience, projectId: faq.projectId, question: faq.question },
        });
      });
      return { success: true as const, message: 'The FAQ is removed' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/faq/v-rest/reorder',
    tags,
    access: contentAccess.editFaqs,
    summary: 'Put one group of FAQs (an audience with its olympiad or project) in the given order: all of its ids',
    body: FaqReorderBody,
    response: Ok,
    handler: async ({ req, actor, body }) => {
      const group = groupOf(body);
      faqPolicy.assertCanWrite(actor, group);
      await db.transaction(async (tx) => {
        const current = new Set(await queries.groupIdsForUpdate(tx, group));
        if (body.ids.length !== current.size || !body.ids.every((id) => current.has(id))) {
          throw invalid([{ path: 'body.ids', message: 'Give every FAQ of the group exactly once' }]);
        }
        await queries.reorderGroup(tx, group, body.ids);
        await audit(tx, actor, {
          action: 'faq.reorder',
          entity: 'faq',
          olympiadId: group.olympiadId,
          ip: req.ip,
          data: { ...group, ids: body.ids },
        });
      });
      return { success: true as const, message: 'The order is saved' };
    },
  });

  route(app, {
    method: 'GET',
    url: '/website/api/faqs/:projectName',
    tags: ['public'],
    access: contentAccess.publicFaqs,
    summary: 'A project’s public FAQs (published ones, in order), by projectName or id',
    params: NameParams,
    response: PublicFaqList,
    handler: async ({ params }) => {
      const project = await queries.findProject(db, params.projectName);
      if (!project) throw notFound('This project');
      return { success: true as const, items: (await queries.publicFaqs(db, project.id)).map(presentPublicFaq) };
    },
  });
}
