import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FileStorage } from '../../../platform/storage.js';
import { z } from 'zod';
import { Ok } from '#contract/errors';
import { IdParams } from '#contract/ids';
import {
  AttachmentDeleteQuery,
  AttachmentRenameQuery,
  AttachmentRow,
  MailListQuery,
  UploadDeleteQuery,
  UploadQuery,
  UploadRow,
  listOf,
} from '#contract/mail';
import { notFound } from '../../../http/errors.js';
import { fileAnswer, route } from '../../../http/route.js';
import { pageResult } from '../../../platform/paging.js';
import { attachmentLoader, attachmentToChange, mailReach, mailTarget, uploadLoader } from '../load.js';
import { mailPolicy } from '../policy.js';
import { presentAttachment, presentUpload } from './present.js';
import * as queries from './queries.js';
import { receiveFile } from './receive.js';

const tags = ['files'];
const { access } = mailPolicy;

/**
 * Streams a stored file from the storage (never whole in memory) so that no browser runs or sniffs it: uploads are
 * untrusted. A file missing from the storage fails at `open`, before anything is sent.
 */
async function serveFile(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  contentType: string,
  filename: string,
) {
  const size = await storage.size(key);
  const stream = await storage.open(key);
  if (size != null) reply.header('content-length', size);
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/**
 * Attachments (files offered to mass mail) and uploads (every stored file), through one storage. Receiving a
 * file runs outside a transaction (the upload streams in first; its row and audit follow it).
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const maxBytes = app.config.uploadMaxBytes;

  // ---- uploads ----
  route(app, {
    method: 'POST',
    url: '/upload/api/',
    summary: 'Upload one file (multipart/form-data, field "file"); olympiadId, or none for a site-wide file (overlord)',
    tags,
    access: access.manageFiles,
    upload: 'file',
    query: UploadQuery,
    response: z.object({ success: z.literal(true), upload: UploadRow }),
    handler: async ({ db, req, actor, query, audit }) => {
      const olympiadId = mailTarget(actor, 'manageFiles', query.olympiadId);
      const { id } = await receiveFile({ db, storage: app.storage, maxBytes, audit }, req, actor, olympiadId);
      return { success: true as const, upload: presentUpload(actor, (await queries.findUpload(db, id))!) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/upload/v-rest/',
    summary: 'Uploaded files, paged, searchable, sortable (olympiadId required but for the overlord)',
    tags,
    access: access.manageFiles,
    query: MailListQuery,
    response: listOf(UploadRow),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listUploads(db, mailReach(actor, 'manageFiles', query.olympiadId), query);
      return pageResult(
        items.map((u) => presentUpload(actor, u)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/upload/api/:id',
    summary: 'Download an uploaded file (served as an attachment, never rendered)',
    tags,
    access: access.manageFiles,
    response: fileAnswer('*/*'),
    params: IdParams,
    load: ({ db, actor, params }) => uploadLoader.load(db, actor, params.id, 'manageFiles'),
    handler: async ({ reply, record: upload }) =>
      serveFile(reply, app.storage, upload.filename, upload.contentType, upload.originalName),
  });

  route(app, {
    method: 'DELETE',
    url: '/upload/api/:id',
    summary: 'Delete an uploaded file and its attachments; filename must be the upload’s stored filename',
    tags,
    access: access.manageFiles,
    params: IdParams,
    query: UploadDeleteQuery,
    response: Ok,
    transaction: true,
    load: async ({ db, actor, params, query }) => {
      const upload = await uploadLoader.load(db, actor, params.id, 'manageFiles');
      if (upload.filename !== query.filename) throw notFound(uploadLoader.what);
      return upload;
    },
    handler: async ({ db, record: upload, audit }) => {
      await queries.deleteUpload(db, upload.id);
      await audit('upload.delete', { entityId: upload.id, olympiadId: upload.olympiadId });
      await app.storage.delete(upload.filename);
      return { success: true as const, message: `${upload.originalName} is deleted` };
    },
  });

  // ---- attachments ----
  route(app, {
    method: 'POST',
    url: '/attachment/api/',
    summary: 'Upload a file as a mail attachment (multipart, field "file"); olympiadId, or none site-wide (overlord)',
    tags,
    access: access.manageFiles,
    upload: 'file',
    query: UploadQuery,
    response: z.object({ success: z.literal(true), attachment: AttachmentRow }),
    handler: async ({ db, req, actor, query, audit }) => {
      const olympiadId = mailTarget(actor, 'manageFiles', query.olympiadId);
      const upload = await receiveFile({ db, storage: app.storage, maxBytes, audit }, req, actor, olympiadId);
      const id = await queries.insertAttachment(db, {
        uploadId: upload.id,
        filename: upload.name,
        olympiadId,
        createdBy: actor.userId,
      });
      return { success: true as const, attachment: presentAttachment(actor, (await queries.findAttachment(db, id))!) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/attachment/v-rest/',
    summary: 'Mail attachments of an olympiad (with the site-wide ones), paged and searchable; all for the overlord',
    tags,
    access: access.readFiles,
    query: MailListQuery,
    response: listOf(AttachmentRow),
    handler: async ({ db, actor, query }) => {
      const reach = mailReach(actor, 'readFiles', query.olympiadId);
      const { items, total } = await queries.listAttachments(db, reach, query);
      return pageResult(
        items.map((a) => presentAttachment(actor, a)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/attachment/api/:id',
    summary: 'Download an attachment under its attachment name',
    tags,
    access: access.readFiles,
    response: fileAnswer('*/*'),
    params: IdParams,
    load: ({ db, actor, params }) => attachmentLoader.load(db, actor, params.id, 'readFiles'),
    handler: async ({ reply, record: a }) => serveFile(reply, app.storage, a.key, a.contentType, a.filename),
  });

  route(app, {
    method: 'DELETE',
    url: '/attachment/api/:id',
    summary: 'Delete an attachment (uploadId must match); its upload goes too when nothing else uses it',
    tags,
    access: access.manageFiles,
    params: IdParams,
    query: AttachmentDeleteQuery,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params, query }) => attachmentToChange(db, actor, params.id, query.uploadId),
    handler: async ({ db, record: a, audit }) => {
      await queries.deleteAttachment(db, a.id);
      const orphan = !(await queries.uploadInUse(db, a.uploadId));
      if (orphan) await queries.deleteUpload(db, a.uploadId);
      await audit('attachment.delete', { entityId: a.id, olympiadId: a.olympiadId });
      if (orphan) await app.storage.delete(a.key);
      return { success: true as const, message: `${a.filename} is deleted` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/attachment/api/:id/update-filename',
    summary: 'Rename an attachment (the name recipients see); uploadId must match',
    tags,
    access: access.manageFiles,
    params: IdParams,
    query: AttachmentRenameQuery,
    response: z.object({ success: z.literal(true), attachment: AttachmentRow }),
    transaction: true,
    load: ({ db, actor, params, query }) => attachmentToChange(db, actor, params.id, query.uploadId),
    handler: async ({ db, actor, query, record: a, audit }) => {
      // Recipients' mail programs open a file by its extension: a new name keeps the old one.
      const ext = /\.[a-z0-9]{1,8}$/i.exec(a.filename)?.[0] ?? '';
      const filename =
        ext && !query.filename.toLowerCase().endsWith(ext.toLowerCase()) ? `${query.filename}${ext}` : query.filename;
      await queries.renameAttachment(db, a.id, filename);
      await audit('attachment.rename', {
        entityId: a.id,
        olympiadId: a.olympiadId,
        data: { from: a.filename, to: filename },
      });
      return {
        success: true as const,
        attachment: presentAttachment(actor, (await queries.findAttachment(db, a.id))!),
      };
    },
  });
}
