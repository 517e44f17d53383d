import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { z } from 'zod';
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

/** The most pixels an uploaded image may have (width × height of one frame), read from its header before any decode. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The long side of the kept copy: sharp on a projector or a laptop, never the camera's full size. */
export const IMAGE_LONG_SIDE = 2000;
/** The width of the phone copy, served for `?w=` at most this: a phone's screen at two to three device pixels. */
export const PHONE_WIDTH = 800;

export const imageTooLarge = () =>
  new HttpError(413, 'image_too_large', 'The image is too large: at most 40 million pixels');

const unreadableImage = () =>
  new HttpError(400, 'validation_failed', 'This image could not be read', [
    { path: 'body.file', message: 'The image is damaged or not a whole image' },
  ]);

/**
 * The image's size from its header alone (libvips reads the header and decodes no pixel), or a 413 when one frame
 * has more than 40 million pixels: a 39 KB PNG may claim 20,000 × 20,000 pixels and would take 1.6 GB to decode.
 */
export async function checkImageHeader(bytes: Buffer): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadableImage();
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw unreadableImage();
  if (width * height > MAX_IMAGE_PIXELS) throw imageTooLarge();
  return { width, height };
}

type Encoded = { bytes: Buffer; type: string; width: number; height: number };

/** Writes the pipeline in the upload's own format; a GIF becomes a PNG of its first frame. */
function encode(image: Sharp, type: string): Promise<Encoded> {
  const out =
    type === 'image/jpeg'
      ? { pipe: image.jpeg({ quality: 82, mozjpeg: true }), type }
      : type === 'image/webp'
        ? { pipe: image.webp({ quality: 82 }), type }
        : { pipe: image.png({ compressionLevel: 8, adaptiveFiltering: true }), type: 'image/png' };
  return out.pipe
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => ({ bytes: data, type: out.type, width: info.width, height: info.height }));
}

/**
 * What is kept of an upload: its header checked first (`checkImageHeader`), then decoded on libuv's threads (never
 * the event loop) with the pixel limit as a second guard, turned as its EXIF orientation says, and written again
 * without EXIF, XMP or comments (sharp keeps no metadata unless asked): the copy at most 2000 px on its long side,
 * and, when that is wider than 800 px, a phone copy 800 px wide. JPEG, PNG and WebP stay in their format; a GIF is
 * flattened to its first frame as a PNG (decision 067).
 */
export async function prepareImage(
  bytes: Buffer,
  type: string,
  /** `print`: a certificate's background or signature, kept at its own size and with no phone copy. */
  use: 'screen' | 'print' = 'screen',
): Promise<{ full: Encoded; phone: Encoded | null }> {
  await checkImageHeader(bytes);
  // `truncated`: an image that ends early is refused, but one a browser shows despite a small flaw (a checksum
  // libpng calls wrong, a warning in a camera's JPEG) is kept, as the people uploading it saw it.
  const source = sharp(bytes, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    failOn: 'truncated',
    animated: false,
  }).autoOrient();
  try {
    if (use === 'print') return { full: await encode(source, type), phone: null };
    const full = await encode(
      source
        .clone()
        .resize({ width: IMAGE_LONG_SIDE, height: IMAGE_LONG_SIDE, fit: 'inside', withoutEnlargement: true }),
      type,
    );
    const phone = full.width > PHONE_WIDTH ? await encode(source.clone().resize({ width: PHONE_WIDTH }), type) : null;
    return { full, phone };
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw imageTooLarge();
    throw unreadableImage();
  }
}

/**
 * Stores an image (already sniffed) as an upload: the re-encoded copy and its phone copy (`prepareImage`), nothing
 * when the image is refused. Answers its id and the signature its address carries: an <img> sends no bearer token,
 * so the address itself is the capability (128 bits of the stored file's SHA-256, decision 014).
 */
export async function storeImage(
  q: Queryable,
  storage: FileStorage,
  image: { name: string; bytes: Buffer; type: string; olympiadId: number | null; uploadedBy: number },
): Promise<{ id: number; sig: string }> {
  const { full, phone } = await prepareImage(image.bytes, image.type);
  const name = renamed(image.name || 'image', full.type);
  const stored = await storage.put(name, full.bytes);
  const small = phone ? await storage.put(renamed(name, full.type, `-${PHONE_WIDTH}w`), phone.bytes) : null;
  const [row] = await q
    .insert(uploads)
    .values({
      filename: stored.key,
      phoneFilename: small?.key ?? null,
      originalName: (image.name || 'image').slice(0, 200),
      contentType: full.type,
      size: stored.size,
      sha256: stored.sha256,
      olympiadId: image.olympiadId,
      uploadedBy: image.uploadedBy,
    })
    .returning({ id: uploads.id });
  return { id: row!.id, sig: stored.sha256.slice(0, 32) };
}

/** The stored name: the upload's, with the extension of what is stored (a GIF kept as a PNG is `.png`). */
function renamed(name: string, type: string, suffix = ''): string {
  const ext = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' }[type] ?? '';
  return `${name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}${suffix}${ext}`;
}

/**
 * The widths of the WebP copies a page may ask for with `?w=…&f=webp` (decision 088), besides the kept copy's own
 * width: a phone's column at one and two device pixels, and a laptop's at two. `w` is the widest the page shows the
 * image, in device pixels; it takes the smallest of these at least as wide, and past the widest the kept copy.
 */
export const WEBP_WIDTHS = [400, 800, 1200] as const;

/**
 * A kept copy (of type `type`) in WebP at `width` or its own width, whichever is less. A PNG (a diagram, a map) is
 * encoded at a higher quality than a photo, so that its lines and lettering stay sharp.
 */
export function encodeWebp(kept: Buffer, type: string, width?: number): Promise<Buffer> {
  const image = sharp(kept, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(
    width ? { width, withoutEnlargement: true } : undefined,
  );
  return (
    type === 'image/png' ? image.webp({ quality: 90, smartSubsample: true }) : image.webp({ quality: 82 })
  ).toBuffer();
}

/** WebP copies being made in this process, by storage key: a crowd that asks for one at once waits for one encode. */
const making = new Map<string, Promise<Buffer>>();

/**
 * The kept copy in WebP, at the width `w` asks for (never wider than the kept copy): made from the kept copy on the
 * first request and stored beside it, so every upload has them, earlier ones too, and each is encoded once.
 */
async function webpCopy(storage: FileStorage, row: { filename: string; contentType: string }, w?: number) {
  const width = w === undefined ? undefined : WEBP_WIDTHS.find((made) => made >= w);
  const key = `${row.filename}-${width ? `${width}w` : 'full'}.webp`;
  const stored = await storage.get(key).catch(() => null);
  if (stored) return stored;
  let made = making.get(key);
  if (!made) {
    made = (async () => {
      const bytes = await encodeWebp(await storage.get(row.filename), row.contentType, width);
      await storage.putAt(key, bytes);
      return bytes;
    })().finally(() => making.delete(key));
    making.set(key, made);
  }
  return made;
}

/**
 * Sends a stored image whose address carries its signature, so that no browser runs or sniffs it: with `f=webp`,
 * its WebP copy for the width `w` asks (`webpCopy`); otherwise, with `w` at most 800 (`?w=800`), its phone copy when
 * it has one (an image that narrow or narrower has no other copy), else the kept copy. The address holds the kept
 * copy's hash and the query the copy, so every answer may be kept a year by the browser and any shared cache.
 */
export async function sendImage(
  q: Queryable,
  storage: FileStorage,
  reply: FastifyReply,
  image: { id: number; sig: string; width?: number | undefined; format?: 'webp' | undefined },
) {
  const [row] = await q.select().from(uploads).where(eq(uploads.id, image.id));
  if (!row || !row.contentType.startsWith('image/') || row.sha256.slice(0, 32) !== image.sig)
    throw notFound('This image');
  const phone = image.width !== undefined && image.width <= PHONE_WIDTH ? row.phoneFilename : null;
  const bytes =
    image.format === 'webp' ? await webpCopy(storage, row, image.width) : await storage.get(phone ?? row.filename);
  return reply
    .type(image.format === 'webp' ? 'image/webp' : row.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(bytes);
}

/**
 * The query of an image's address: `w`, the widest the page shows it, in device pixels, and `f=webp` for a WebP copy
 * (any other format is a 400; without `f`, the format it was uploaded in).
 */
export const ImageWidthQuery = z.strictObject({
  w: z.coerce.number().int().min(1).max(10_000).optional(),
  f: z.enum(['webp']).optional(),
});
