import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdText } from '#contract/ids';
import { ImageUploaded, ModuleListQuery } from '#contract/authoring';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Queryable } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { imageTypeOf, ImageWidthQuery, MAX_IMAGE_BYTES, sendImage, storeImage } from '../../platform/images.js';
import { readUpload } from '../../platform/upload.js';
import { fileAnswer, route } from '../../http/route.js';
import type { FileStorage } from '../../platform/storage.js';
import { paperLoader } from './load.js';
import { questionsPolicy } from './policy.js';

export { MAX_IMAGE_BYTES, sniffImage } from '../../platform/images.js';

/** Stores an image (already sniffed) for an olympiad's questions; answers its address. */
export async function storeQuestionImage(
  q: Queryable,
  storage: FileStorage,
  image: { name: string; bytes: Buffer; type: string; olympiadId: number; uploadedBy: number },
): Promise<{ id: number; url: string }> {
  const { id, sig } = await storeImage(q, storage, image);
  return { id, url: `/question/image/${id}/${sig}` };
}

/**
 * The bytes of a question image by its address (`/question/image/{id}/{sig}`, any `?w=` ignored: the original), for
 * a QTI package; null for any other address or a file that is gone.
 */
export async function readQuestionImage(
  q: Queryable,
  storage: FileStorage,
  url: string,
): Promise<{ bytes: Buffer; type: string } | null> {
  const m = /^\/question\/image\/(\d{1,9})\/([0-9a-f]{32})(?:\?.*)?$/.exec(url.trim());
  if (!m) return null;
  const [row] = await q
    .select()
    .from(uploads)
    .where(eq(uploads.id, Number(m[1])));
  if (!row || !row.contentType.startsWith('image/') || row.sha256.slice(0, 32) !== m[2]) return null;
  const bytes = await storage.get(row.filename).catch(() => null);
  return bytes ? { bytes, type: row.contentType } : null;
}

/**
 * A question picture's own size in pixels, read from the stored file (`sharp`'s header read, no pixel decoded):
 * what every area and point on it is measured in (decision 084). The stored copy is the one learners are shown,
 * already turned upright and at most 2000 px on its long side, so its size is the picture's as shown. Null for an
 * address that is not one of Olympus's question images, or a file that cannot be read.
 */
export async function questionPictureSize(
  q: Queryable,
  storage: FileStorage,
  url: string,
): Promise<{ width: number; height: number } | null> {
  const image = await readQuestionImage(q, storage, url);
  if (!image) return null;
  try {
    const meta = await sharp(image.bytes, { limitInputPixels: false }).metadata();
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

const ImageParams = z.strictObject({ id: IdText, sig: z.string().regex(/^[0-9a-f]{32}$/) });

/**
 * POST /question/image?olympiadId (multipart, field "file") stores an image and answers its address;
 * GET /question/image/{id}/{sig}[?w=800][&f=webp] serves it (the phone copy for w ≤ 800, a WebP copy in one of a few
 * widths with f=webp; decisions 067 and 088). An <img> cannot send a bearer token, so the address itself is
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
    upload: 'file',
    query: ModuleListQuery,
    response: ImageUploaded,
    load: ({ db, actor, query }) => paperLoader.load(db, actor, query.olympiadId, 'edit'),
    handler: async ({ db, actor, req, record: { olympiadId }, audit }) => {
      const { bytes, fileName } = await readUpload(req, { maxBytes: MAX_IMAGE_BYTES, what: 'image' });
      const type = imageTypeOf(bytes);
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
    summary:
      'A question image (its address is its capability); `?w=800` or less answers its phone copy, `&f=webp` a WebP copy at 400, 800 or 1200 px wide or the kept width',
    tags,
    access: 'public',
    response: fileAnswer('image/png', 'image/jpeg', 'image/webp'),
    params: ImageParams,
    query: ImageWidthQuery,
    handler: ({ db, params, query, reply }) =>
      sendImage(db, app.storage, reply, { ...params, width: query.w, format: query.f }),
  });
}
