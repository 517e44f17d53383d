import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CopyImageUploaded,
  PartnerInput,
  PartnerSaved,
  ReorderBody,
  SiteCopy,
  SiteCopyInput,
  sitePages,
} from '#contract/copy';
import { Ok } from '#contract/errors';
import { IdParams, IdText } from '#contract/ids';
import { fileAnswer, route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { isoOrNull } from '../../platform/dates.js';
import { imageTypeOf, ImageWidthQuery, MAX_IMAGE_BYTES, sendImage, storeImage } from '../../platform/images.js';
import { reorderByIds } from '../../platform/reorder.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { readUpload } from '../../platform/upload.js';
import { loadPartner } from './load.js';
import { copyPolicy } from './policy.js';
import { copyImageUrl, presentPartner } from './present.js';
import * as queries from './queries.js';

const tags = ['copy'];
const { access } = copyPolicy;
const ImageParams = z.strictObject({ id: IdText, sig: z.string().regex(/^[0-9a-f]{32}$/) });

/**
 * The platform's own pages (docs/spec.md §7 GET and POST api/site-copy/): home, about, our partners (with their
 * logos), our users and contact, edited by the overlord at /overlord/edit/site-copy; and the public address of
 * every copy image.
 */
export async function siteCopyRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/site-copy/',
    tags: ['public'],
    access: access.readPublic,
    summary: 'The platform pages’ copy (every page, empty when unwritten) and the partners, in order',
    response: SiteCopy,
    handler: async ({ db }) => {
      const rows = new Map((await queries.siteCopyRows(db)).map((r) => [r.page, r]));
      const pages = Object.fromEntries(
        sitePages.map((page) => {
          const row = rows.get(page);
          return [page, { body: row?.body ?? '', updatedAt: isoOrNull(row?.updatedAt) }];
        }),
      ) as z.infer<typeof SiteCopy>['pages'];
      return { success: true as const, pages, partners: (await queries.listPartners(db)).map(presentPartner) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/site-copy/',
    tags,
    access: access.editSite,
    summary: 'Publish one platform page’s copy (it replaces what was there); sanitised',
    body: SiteCopyInput,
    response: Ok,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const html = sanitizeRichText(body.body);
      await queries.upsertSiteCopy(db, body.page, html, actor.userId);
      await audit('site-copy.publish', { entityId: body.page, data: { page: body.page, length: html.length } });
      return { success: true as const, message: 'The page is published' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/site-copy/image',
    tags,
    access: access.editSite,
    upload: 'file',
    summary: 'Upload an image for the platform pages (PNG, JPEG, GIF, WebP; at most 2 MB); answers its address',
    response: CopyImageUploaded,
    handler: async ({ db, actor, req, audit }) => {
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_IMAGE_BYTES, what: 'image' });
      const image = await storeImage(db, app.storage, {
        name: fileName,
        bytes,
        type: imageTypeOf(bytes),
        olympiadId: null,
        uploadedBy: actor.userId,
      });
      await audit('upload.create', { entityId: image.id, data: { use: 'site copy image' } });
      return { success: true as const, url: copyImageUrl(image.id, image.sig) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/website/api/image/:id/:sig',
    tags: ['public'],
    access: access.readPublic,
    response: fileAnswer('image/png', 'image/jpeg', 'image/webp'),
    summary:
      'An image of the public pages (copy images, partners’ logos); its address is its capability; `?w=800` or less answers its phone copy, `&f=webp` a WebP copy',
    params: ImageParams,
    query: ImageWidthQuery,
    handler: ({ db, params, query, reply }) =>
      sendImage(db, app.storage, reply, { ...params, width: query.w, format: query.f }),
  });

  route(app, {
    method: 'POST',
    url: '/api/site-copy/partners',
    tags,
    access: access.editSite,
    summary: 'Add a partner (at the end of the list)',
    body: PartnerInput,
    response: PartnerSaved,
    transaction: true,
    handler: async ({ db, body, audit }) => {
      const id = await queries.insertPartner(db, body);
      await audit('partner.create', { entityId: id, data: { name: body.name } });
      return {
        success: true as const,
        message: 'The partner is added',
        partner: presentPartner((await queries.findPartner(db, id))!),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/site-copy/partners/:id',
    tags,
    access: access.editSite,
    summary: 'Edit a partner',
    params: IdParams,
    body: PartnerInput,
    response: PartnerSaved,
    transaction: true,
    load: ({ db, params }) => loadPartner(db, params.id),
    handler: async ({ db, body, record, audit }) => {
      await queries.updatePartner(db, record.id, body);
      await audit('partner.update', { entityId: record.id, data: { name: body.name, url: body.url } });
      return {
        success: true as const,
        message: 'The partner is saved',
        partner: presentPartner((await queries.findPartner(db, record.id))!),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/site-copy/partners/:id/logo',
    tags,
    access: access.editSite,
    upload: 'file',
    summary: 'Set a partner’s logo (PNG, JPEG, GIF, WebP; at most 2 MB)',
    params: IdParams,
    response: PartnerSaved,
    load: ({ db, params }) => loadPartner(db, params.id),
    handler: async ({ db, actor, req, record }) => {
      // The file is read whole before any transaction opens: no database connection waits on the sender.
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_IMAGE_BYTES, what: 'image' });
      const type = imageTypeOf(bytes);
      const partner = await db.transaction(async (tx) => {
        const image = await storeImage(tx, app.storage, {
          name: fileName,
          bytes,
          type,
          olympiadId: null,
          uploadedBy: actor.userId,
        });
        await queries.setPartnerLogo(tx, record.id, image.id);
        await audit(tx, actor, 'partner.logo', { ip: req.ip, entityId: record.id, data: { uploadId: image.id } });
        return (await queries.findPartner(tx, record.id))!;
      });
      return { success: true as const, message: 'The logo is saved', partner: presentPartner(partner) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/site-copy/partners/:id',
    tags,
    access: access.editSite,
    summary: 'Remove a partner',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, params }) => loadPartner(db, params.id),
    handler: async ({ db, record, audit }) => {
      await queries.deletePartner(db, record.id);
      await audit('partner.delete', { entityId: record.id, data: { name: record.name } });
      return { success: true as const, message: 'The partner is removed' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/site-copy/partners/reorder',
    tags,
    access: access.editSite,
    summary: 'Put the partners in the given order: all of their ids',
    body: ReorderBody,
    response: Ok,
    transaction: true,
    handler: async ({ db, body, audit }) => {
      await reorderByIds(db, { table: 'partners', where: sql`true`, ids: body.ids, what: 'partner' });
      await audit('partner.reorder', { data: { ids: body.ids } });
      return { success: true as const, message: 'The order is saved' };
    },
  });
}
