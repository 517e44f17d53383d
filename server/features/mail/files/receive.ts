import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { HttpError } from '../../../http/errors.js';
import type { AuditAction, AuditDetails } from '../../../platform/audit.js';
import type { FileStorage } from '../../../platform/storage.js';
import { readUpload } from '../../../platform/upload.js';
import { insertUpload } from './queries.js';
import { sniffFile } from './sniff.js';

export interface ReceiveDeps {
  db: Queryable;
  storage: FileStorage;
  maxBytes: number;
  audit: (action: AuditAction, details?: AuditDetails) => Promise<void>;
}

/** Reads the one file of a multipart request, checks its size and its type by content, and stores it. */
export async function receiveFile(deps: ReceiveDeps, req: FastifyRequest, actor: Actor, olympiadId: number | null) {
  const { bytes, fileName } = await readUpload(req, { maxBytes: deps.maxBytes });
  const kind = sniffFile(bytes, fileName);
  if (!kind) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'This kind of file is not accepted: upload a PDF, an image (PNG, JPEG, GIF, WebP), a Word, Excel or PowerPoint file, or text/CSV',
    );
  }
  const stored = await deps.storage.put(fileName, bytes);
  const id = await insertUpload(deps.db, {
    filename: stored.key,
    originalName: fileName.slice(0, 200) || 'file',
    contentType: kind,
    size: stored.size,
    sha256: stored.sha256,
    olympiadId,
    uploadedBy: actor.userId,
  });
  await deps.audit('upload.create', { entityId: id, olympiadId });
  return { id, name: fileName.slice(0, 120) || 'file' };
}
