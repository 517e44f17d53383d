import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, invalid } from '../http/errors.js';

/**
 * The one way to read an uploaded file (decision 029). Multipart is registered once for the whole app
 * (`registerUploads`), and every upload route reads its one file with `readUpload(req, { maxBytes })`: whole,
 * capped at its own size, with the same 415 / 400 / 413 answers everywhere. What the bytes are (an image, a
 * spreadsheet, a zip) is checked by the caller (platform/spreadsheet, the sniffers), never trusted from the name.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  // The default limits; each route passes its own file size. One file and a few fields per request.
  await app.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 10, parts: 11 } });
}

export interface UploadOptions {
  /** The largest file this route takes, in bytes. */
  maxBytes: number;
  /** The form field's name in error paths (`body.file`). */
  field?: string;
  /** What the file is called in messages ("The image is larger than 2 MB"). */
  what?: 'file' | 'image';
}

export interface Upload {
  bytes: Buffer;
  /** The name the browser gave (`upload` when it gave none); never trusted for the type. */
  fileName: string;
  /** The browser's claimed type; never trusted. */
  mimetype: string;
}

const megabytes = (bytes: number) => {
  const mb = bytes / 1_048_576;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
};

export const fileTooLarge = (maxBytes: number, what = 'file') =>
  new HttpError(413, 'payload_too_large', `The ${what} is larger than ${megabytes(maxBytes)} MB`);

/** The one file of a multipart request, read whole (size-capped), or a clear 415, 400 or 413. */
export async function readUpload(req: FastifyRequest, options: UploadOptions): Promise<Upload> {
  const field = `body.${options.field ?? 'file'}`;
  // A route that reads a file says so (`upload` in its route spec), so the API document describes its form.
  if (!req.routeOptions.config.upload) throw new Error(`${req.method} ${req.url} reads an upload it does not declare`);
  if (!req.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data (field "file")');
  }
  let part;
  try {
    part = await req.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 11 } });
  } catch {
    throw badRequest('The upload could not be read; please try again');
  }
  if (!part)
    throw invalid([{ path: field, message: `Choose a${options.what === 'image' ? 'n image' : ' file'} to upload` }]);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileTooLarge(options.maxBytes, options.what);
    throw badRequest('The upload could not be read; please try again');
  }
  if (part.file.truncated || bytes.length > options.maxBytes) throw fileTooLarge(options.maxBytes, options.what);
  if (!bytes.length) throw invalid([{ path: field, message: 'The file is empty' }]);
  return { bytes, fileName: part.filename || 'upload', mimetype: part.mimetype };
}
