import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdText } from '#contract/ids';
import { ImageUploaded, ModuleListQuery } from '#contract/authoring';
import type { Queryable } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { HttpError, notFound } from '../../http/errors.js';
import { readUpload } from '../../platform/upload.js';
import { route } from '../../http/route.js';
import type { FileStorage } from '../../platform/storage.js';
import { paperLoader } from './load.js';
import { questionsPolicy } from './policy.js';

/** Question and option images: PNG, JPEG, GIF or WebP, decided by the first bytes, never by the name. */
export function sniffImage(bytes: Buffer): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Stores an image (already sniffed) for an olympiad's questions; answers its address. */
export async function storeQuestionImage(
  q: Queryable,
  storage: FileStorage,
  image: { name: string; bytes: Buffer; type: string; olympiadId: number; uploadedBy: number },
): Promise<{ id: number; url: string }> {
  const stored = await storage.put(image.name || 'image', image.bytes);
  const [row] = await q
    .insert(uploads)
    .values({
      filename: stored.key,
      originalName: (image.name || 'image').slice(0, 200),
      contentType: image.type,
      size: stored.size,
      sha256: stored.sha256,
      olympiadId: image.olympiadId,
      uploadedBy: image.uploadedBy,
    })
    .returning({ id: uploads.id });
  return { id: row!.id, url: `/question/image/${row!.id}/${stored.sha256.slice(0, 32)}` };
}

const ImageParams = z.strictObject({ id: IdText, sig: z.string().regex(/^[0-9a-f]{32}$/) });

/**
 * POST /question/image?olympiadId (multipart, field "file") stores an image and answers its address;
 * GET /question/image/{id}/{sig} serves it. An <img> cannot send a bearer token, so the address itself is
 * the capability: it carries 128 bits of the file's SHA-256 (decision 014).
 */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['questions'];

  route(app, {
    method: 'POST',
    url: '/question/image',
    summary: 'Upload a question or option image (PNG, JPEG, GIF, WebP; at most 2 MB)',
    tags,
    access: questionsPolicy.access.edit,
    query: ModuleListQuery,
    response: ImageUploaded,
    load: ({ db, actor, query }) => paperLoader.load(db, actor, query.olympiadId, 'edit'),
    handler: async ({ db, actor, req, record: { olympiadId }, audit }) => {
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_IMAGE_BYTES, what: 'image' });
      const type = sniffImage(bytes);
      if (!type) throw new HttpError(415, 'unsupported_media_type', 'This file is not a PNG, JPEG, GIF or WebP image');
      const image = await storeQuestionImage(db, app.storage, {
        name: fileName,
        bytes,
        type,
        olympiadId,
        uploadedBy: actor.userId,
      });
      await audit('upload.create', { entityId: image.id, olympiadId, data: { use: 'question image' } });
      return { success: true as const, url: image.url };
    },
  });

  route(app, {
    method: 'GET',
    url: '/question/image/:id/:sig',
    summary: 'A question image (its address is its capability)',
    tags,
    access: 'public',
    params: ImageParams,
    handler: async ({ db, params, reply }) => {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, params.id));
      if (!row || !row.contentType.startsWith('image/') || row.sha256.slice(0, 32) !== params.sig)
        throw notFound('This image');
      const bytes = await app.storage.get(row.filename);
      return reply
        .type(row.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(bytes);
    },
  });
}
