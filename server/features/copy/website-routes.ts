import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CopyBodyInput,
  CopyImageUploaded,
  PublicWebsiteCopy,
  PublicWebsiteCopyList,
  PublicWebsiteCopyQuery,
  WebsiteCopy,
  WebsiteCopyInput,
  WebsiteCopyList,
  WebsiteCopyListQuery,
  WebsiteCopySaved,
  websiteCopySections,
} from '#contract/copy';
import { Ok } from '#contract/errors';
import { IdParams, IdText } from '#contract/ids';
import { projectNotFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { iso } from '../../platform/dates.js';
import { imageTypeOf, MAX_IMAGE_BYTES, storeImage } from '../../platform/images.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { readUpload } from '../../platform/upload.js';
import { editableProject, websiteCopyLoader } from './load.js';
import { copyPolicy } from './policy.js';
import { copyImageUrl, presentProject, presentWebsiteCopy } from './present.js';
import * as queries from './queries.js';

const tags = ['copy'];
const { access } = copyPolicy;
const PublicIdParams = z.strictObject({ id: z.string().trim().min(1).max(60) });
const ImageQuery = z
  .strictObject({ olympiadId: IdText.optional(), projectId: IdText.optional() })
  .refine((q) => q.olympiadId != null || q.projectId != null, {
    path: ['olympiadId'],
    message: 'Say which olympiad (olympiadId) or project (projectId)',
  });

/**
 * A project's website copy (docs/spec.md §7: GET website/api/copy/{id}, website-copy/api/, website-copy/v-rest/):
 * the text of its public pages, edited at /{olympiadName}/admin/edit/website-copy.
 */
export async function websiteCopyRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/website/api/copy/:id',
    tags: ['public'],
    access: access.readPublic,
    summary: 'A project’s public website copy (by project id or projectName): every section, empty when unwritten',
    params: PublicIdParams,
    response: PublicWebsiteCopy,
    handler: async ({ db, params }) => {
      const project = await queries.findProject(db, params.id);
      if (!project) throw projectNotFound();
      const rows = new Map((await queries.websiteCopyOf(db, project.id)).map((r) => [r.section, r.body]));
      return {
        success: true as const,
        project: presentProject(project),
        copy: Object.fromEntries(websiteCopySections.map((s) => [s, rows.get(s) ?? ''])) as Record<
          (typeof websiteCopySections)[number],
          string
        >,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/website-copy/api/',
    tags: ['public'],
    access: access.readPublic,
    summary: 'The written sections of a project’s website copy (projectName or projectId)',
    query: PublicWebsiteCopyQuery,
    response: PublicWebsiteCopyList,
    handler: async ({ db, query }) => {
      const project = await queries.findProject(db, query.projectId ?? query.projectName!);
      if (!project) throw projectNotFound();
      const rows = await queries.websiteCopyOf(db, project.id);
      return {
        success: true as const,
        items: rows.map((r) => ({ section: r.section, body: r.body, updatedAt: iso(r.updatedAt) })),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/website-copy/v-rest/',
    tags,
    access: access.editWebsite,
    summary: 'Every section of a project’s website copy for its editors: by olympiadId (its project) or projectId',
    query: WebsiteCopyListQuery,
    response: WebsiteCopyList,
    handler: async ({ db, actor, query }) => {
      const project = await editableProject(db, actor, query);
      const rows = new Map((await queries.websiteCopyOf(db, project.id)).map((r) => [r.section, r]));
      return {
        success: true as const,
        project: presentProject(project),
        items: websiteCopySections.map((s) => presentWebsiteCopy(actor, project, s, rows.get(s) ?? null)),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/website-copy/v-rest/',
    tags,
    access: access.editWebsite,
    summary: 'Publish one section of a project’s website copy (it replaces what was there); sanitised',
    body: WebsiteCopyInput,
    response: WebsiteCopySaved,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const project = await editableProject(db, actor, body);
      const html = sanitizeRichText(body.body);
      const id = await queries.upsertWebsiteCopy(
        db,
        { projectId: project.id, section: body.section, body: html },
        actor.userId,
      );
      await audit('website-copy.publish', {
        entityId: id,
        olympiadId: body.olympiadId ?? null,
        data: { projectId: project.id, section: body.section, length: html.length },
      });
      return {
        success: true as const,
        message: 'The page is published',
        copy: presentWebsiteCopy(actor, project, body.section, await queries.findWebsiteCopy(db, id)),
      };
    },
  });

  readOne(
    app,
    '/website-copy/v-rest/',
    'copyId',
    {
      tags,
      access: access.editWebsite,
      summary: 'One written section of a project’s website copy',
      response: z.object({ success: z.literal(true), copy: WebsiteCopy }),
      load: ({ db, actor, params }) => websiteCopyLoader.load(db, actor, params.id, 'editWebsite'),
      handler: async ({ actor, record }) => ({
        success: true as const,
        copy: presentWebsiteCopy(actor, record.project, record.section, record),
      }),
    },
    { byId: false },
  );

  route(app, {
    method: 'PUT',
    url: '/website-copy/v-rest/:id',
    tags,
    access: access.editWebsite,
    summary: 'Edit a written section of website copy; sanitised',
    params: IdParams,
    body: CopyBodyInput,
    response: WebsiteCopySaved,
    transaction: true,
    load: ({ db, actor, params }) => websiteCopyLoader.load(db, actor, params.id, 'editWebsite'),
    handler: async ({ db, actor, body, record, audit }) => {
      const html = sanitizeRichText(body.body);
      await queries.setWebsiteCopyBody(db, record.id, html, actor.userId);
      await audit('website-copy.publish', {
        entityId: record.id,
        data: { projectId: record.projectId, section: record.section, length: html.length },
      });
      return {
        success: true as const,
        message: 'The page is published',
        copy: presentWebsiteCopy(actor, record.project, record.section, await queries.findWebsiteCopy(db, record.id)),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/website-copy/v-rest/:id',
    tags,
    access: access.editWebsite,
    summary: 'Remove a section’s text (the page shows only what the platform shows without it)',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => websiteCopyLoader.load(db, actor, params.id, 'editWebsite'),
    handler: async ({ db, record, audit }) => {
      await queries.deleteWebsiteCopy(db, record.id);
      await audit('website-copy.delete', {
        entityId: record.id,
        data: { projectId: record.projectId, section: record.section },
      });
      return { success: true as const, message: 'The text is removed' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/website-copy/v-rest/image',
    tags,
    access: access.editWebsite,
    upload: 'file',
    summary: 'Upload an image for website copy (PNG, JPEG, GIF, WebP; at most 2 MB); answers its address',
    query: ImageQuery,
    response: CopyImageUploaded,
    handler: async ({ db, actor, req, query, audit }) => {
      const project = await editableProject(db, actor, query);
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_IMAGE_BYTES, what: 'image' });
      const image = await storeImage(db, app.storage, {
        name: fileName,
        bytes,
        type: imageTypeOf(bytes),
        olympiadId: query.olympiadId ?? null,
        uploadedBy: actor.userId,
      });
      await audit('upload.create', {
        entityId: image.id,
        olympiadId: query.olympiadId ?? null,
        data: { use: 'website copy image', projectId: project.id },
      });
      return { success: true as const, url: copyImageUrl(image.id, image.sig) };
    },
  });
}
