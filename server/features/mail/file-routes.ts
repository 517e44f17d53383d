import { pageResult } from '../../platform/paging.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { Ok } from '../../../contract/errors.js';
import {
  AttachmentDeleteQuery,
  AttachmentRenameQuery,
  AttachmentRow,
  MailListQuery,
  UploadDeleteQuery,
  UploadQuery,
  UploadRow,
  listOf,
} from '../../../contract/mail.js';
import type { Actor } from '../../http/actor.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { readUpload } from '../../platform/upload.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { attachments, uploads } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { sniffFile } from './sniff.js';
import { mailAccess, mailPolicy } from './policy.js';
import { presentAttachment, presentUpload } from './present.js';
import * as queries from './queries.js';

const tags = ['files'];
const adminRoles = ['admin'] as const;
const readRoles = ['admin', 'funding'] as const;

/** Sends stored bytes so that no browser runs or sniffs them: uploads are untrusted. */
function serveFile(reply: FastifyReply, bytes: Buffer, contentType: string, filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** Reads the one file of a multipart request, checks its size and its type by content, and stores it. */
async function receiveFile(app: FastifyInstance, req: FastifyRequest, actor: Actor, olympiadId: number | null) {
  const { bytes, fileName } = await readUpload(req, { maxBytes: app.config.uploadMaxBytes });
  const kind = sniffFile(bytes, fileName);
  if (!kind) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'This kind of file is not accepted: upload a PDF, an image (PNG, JPEG, GIF, WebP), a Word, Excel or PowerPoint file, or text/CSV',
    );
  }
  const stored = await app.storage.put(fileName, bytes);
  const [row] = await app.db
    .insert(uploads)
    .values({
      filename: stored.key,
      originalName: fileName.slice(0, 200) || 'file',
      contentType: kind,
      size: stored.size,
      sha256: stored.sha256,
      olympiadId,
      uploadedBy: actor.userId,
    })
    .returning({ id: uploads.id });
  await audit(app.db, actor, { action: 'upload.create', entity: 'upload', entityId: row!.id, olympiadId, ip: req.ip });
  return { id: row!.id, name: fileName.slice(0, 120) || 'file' };
}

/** Attachments (files offered to mass mail) and uploads (every stored file), through one storage. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const olympiadFor = (actor: Actor, olympiadId: number | undefined) => {
    const id = olympiadId ?? null;
    if (!mailPolicy.canSee(actor, id, adminRoles))
      throw id == null ? badRequest('Say which olympiad (olympiadId)') : notFound('This olympiad');
    return id;
  };

  // ---- uploads ----
  route(app, {
    method: 'POST',
    url: '/upload/api/',
    summary: 'Upload one file (multipart/form-data, field "file"); olympiadId, or none for a site-wide file (overlord)',
    tags,
    access: mailAccess.uploads,
    query: UploadQuery,
    response: z.object({ success: z.literal(true), upload: UploadRow }),
    handler: async ({ req, actor, query }) => {
      const olympiadId = olympiadFor(actor, query.olympiadId);
      const { id } = await receiveFile(app, req, actor, olympiadId);
      return { success: true, upload: presentUpload((await queries.findUpload(app.db, id))!) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/upload/v-rest/',
    summary: 'Uploaded files, paged, searchable, sortable (olympiadId required but for the overlord)',
    tags,
    access: mailAccess.uploads,
    query: MailListQuery,
    response: listOf(UploadRow),
    handler: async ({ actor, query }) => {
      const scope = mailPolicy.scope(actor, query.olympiadId, adminRoles);
      const { items, total } = await queries.listUploads(app.db, scope, query);
      return pageResult(items.map(presentUpload), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/upload/api/:id',
    summary: 'Download an uploaded file (served as an attachment, never rendered)',
    tags,
    access: mailAccess.uploads,
    params: IdParams,
    handler: async ({ actor, params, reply }) => {
      const upload = await queries.findUpload(app.db, params.id);
      if (!upload || !mailPolicy.canSee(actor, upload.olympiad_id, adminRoles)) throw notFound('This file');
      return serveFile(reply, await app.storage.get(upload.filename), upload.content_type, upload.original_name);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/upload/api/:id',
    summary: 'Delete an uploaded file and its attachments; filename must be the upload’s stored filename',
    tags,
    access: mailAccess.uploads,
    params: IdParams,
    query: UploadDeleteQuery,
    response: Ok,
    handler: async ({ req, actor, params, query }) => {
      const upload = await queries.findUpload(app.db, params.id);
      if (!upload || !mailPolicy.canSee(actor, upload.olympiad_id, adminRoles) || upload.filename !== query.filename) {
        throw notFound('This file');
      }
      await app.db.transaction(async (tx) => {
        await tx.delete(uploads).where(eq(uploads.id, upload.id));
        await audit(tx, actor, {
          action: 'upload.delete',
          entity: 'upload',
          entityId: upload.id,
          olympiadId: upload.olympiad_id,
          ip: req.ip,
        });
      });
      await app.storage.delete(upload.filename);
      return { success: true, message: `${upload.original_name} is deleted` };
    },
  });

  // ---- attachments ----
  route(app, {
    method: 'POST',
    url: '/attachment/api/',
    summary: 'Upload a file as a mail attachment (multipart, field "file"); olympiadId, or none site-wide (overlord)',
    tags,
    access: mailAccess.filesWrite,
    query: UploadQuery,
    response: z.object({ success: z.literal(true), attachment: AttachmentRow }),
    handler: async ({ req, actor, query }) => {
      const olympiadId = olympiadFor(actor, query.olympiadId);
      const upload = await receiveFile(app, req, actor, olympiadId);
      const [row] = await app.db
        .insert(attachments)
        .values({ uploadId: upload.id, filename: upload.name, olympiadId, createdBy: actor.userId })
        .returning({ id: attachments.id });
      return { success: true, attachment: presentAttachment((await queries.findAttachment(app.db, row!.id))!) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/attachment/v-rest/',
    summary: 'Mail attachments of an olympiad (with the site-wide ones), paged and searchable; all for the overlord',
    tags,
    access: mailAccess.filesRead,
    query: MailListQuery,
    response: listOf(AttachmentRow),
    handler: async ({ actor, query }) => {
      const scope = mailPolicy.scope(actor, query.olympiadId, readRoles);
      const { items, total } = await queries.listAttachments(app.db, scope, query, true);
      return pageResult(items.map(presentAttachment), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/attachment/api/:id',
    summary: 'Download an attachment under its attachment name',
    tags,
    access: mailAccess.filesRead,
    params: IdParams,
    handler: async ({ actor, params, reply }) => {
      const a = await queries.findAttachment(app.db, params.id);
      // Site-wide attachments (no olympiad) may be read by any admin or funding user; write stays the overlord's.
      const visible = a && (a.olympiad_id == null || mailPolicy.canSee(actor, a.olympiad_id, readRoles));
      if (!a || !visible) throw notFound('This attachment');
      return serveFile(reply, await app.storage.get(a.key), a.content_type, a.filename);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/attachment/api/:id',
    summary: 'Delete an attachment (uploadId must match); its upload goes too when nothing else uses it',
    tags,
    access: mailAccess.filesWrite,
    params: IdParams,
    query: AttachmentDeleteQuery,
    response: Ok,
    handler: async ({ req, actor, params, query }) => {
      const a = await queries.findAttachment(app.db, params.id);
      if (!a || !mailPolicy.canSee(actor, a.olympiad_id, adminRoles) || a.upload_id !== query.uploadId)
        throw notFound('This attachment');
      const orphan = await app.db.transaction(async (tx) => {
        await tx.delete(attachments).where(eq(attachments.id, a.id));
        const left = await tx
          .select({ id: attachments.id })
          .from(attachments)
          .where(eq(attachments.uploadId, a.upload_id))
          .limit(1);
        if (!left.length) await tx.delete(uploads).where(eq(uploads.id, a.upload_id));
        await audit(tx, actor, {
          action: 'attachment.delete',
          entity: 'attachment',
          entityId: a.id,
          olympiadId: a.olympiad_id,
          ip: req.ip,
        });
        return !left.length;
      });
      if (orphan) await app.storage.delete(a.key);
      return { success: true, message: `${a.filename} is deleted` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/attachment/api/:id/update-filename',
    summary: 'Rename an attachment (the name recipients see); uploadId must match',
    tags,
    access: mailAccess.filesWrite,
    params: IdParams,
    query: AttachmentRenameQuery,
    response: z.object({ success: z.literal(true), attachment: AttachmentRow }),
    handler: async ({ req, actor, params, query }) => {
      const a = await queries.findAttachment(app.db, params.id);
      if (!a || !mailPolicy.canSee(actor, a.olympiad_id, adminRoles) || a.upload_id !== query.uploadId)
        throw notFound('This attachment');
      // Recipients' mail programs open a file by its extension: a new name keeps the old one.
      const ext = /\.[a-z0-9]{1,8}$/i.exec(a.filename)?.[0] ?? '';
      const filename =
        ext && !query.filename.toLowerCase().endsWith(ext.toLowerCase()) ? `${query.filename}${ext}` : query.filename;
      await app.db.transaction(async (tx) => {
        await tx.update(attachments).set({ filename }).where(eq(attachments.id, a.id));
        await audit(tx, actor, {
          action: 'attachment.rename',
          entity: 'attachment',
          entityId: a.id,
          olympiadId: a.olympiad_id,
          data: { from: a.filename, to: filename },
          ip: req.ip,
        });
      });
      return { success: true, attachment: presentAttachment((await queries.findAttachment(app.db, a.id))!) };
    },
  });
}
