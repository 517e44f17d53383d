import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/client.js';
import { uploads } from '../db/schema/index.js';
import { HttpError, notFound } from '../http/errors.js';
import type { FileStorage } from './storage.js';

/** Images (question images, copy images, partners' logos): PNG, JPEG, GIF or WebP, by the first bytes, never the name. */
export function sniffImage(bytes: Buffer): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The image's type, or a clear 415. */
export function imageTypeOf(bytes: Buffer): string {
  const type = sniffImage(bytes);
  if (!type) throw new HttpError(415, 'unsupported_media_type', 'This file is not a PNG, JPEG, GIF or WebP image');
  return type;
}

/**
 * Stores an image (already sniffed) as an upload; answers its id and the signature its address carries: an
 * <img> sends no bearer token, so the address itself is the capability (128 bits of the file's SHA-256,
 * decision 014).
 */
export async function storeImage(
  q: Queryable,
  storage: FileStorage,
  image: { name: string; bytes: Buffer; type: string; olympiadId: number | null; uploadedBy: number },
): Promise<{ id: number; sig: string }> {
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
  return { id: row!.id, sig: stored.sha256.slice(0, 32) };
}

/** Sends a stored image whose address carries its signature, so that no browser runs or sniffs it. */
export async function sendImage(
  q: Queryable,
  storage: FileStorage,
  reply: FastifyReply,
  image: { id: number; sig: string },
  cache = 'private, max-age=86400, immutable',
) {
  const [row] = await q.select().from(uploads).where(eq(uploads.id, image.id));
  if (!row || !row.contentType.startsWith('image/') || row.sha256.slice(0, 32) !== image.sig)
    throw notFound('This image');
  const bytes = await storage.get(row.filename);
  return reply
    .type(row.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cache)
    .send(bytes);
}
