import type { AttachmentRow, UploadRow } from '../../../../contract/mail.js';
import { iso } from '../../../platform/dates.js';
import type { AttachmentDb, UploadDb } from './queries.js';

export const presentUpload = (r: UploadDb): UploadRow => ({
  id: r.id,
  filename: r.filename,
  originalName: r.original_name,
  contentType: r.content_type,
  size: Number(r.size),
  olympiadId: r.olympiad_id,
  createdAt: iso(r.created_at),
});

export const presentAttachment = (r: AttachmentDb): AttachmentRow => ({
  id: r.id,
  uploadId: r.upload_id,
  filename: r.filename,
  contentType: r.content_type,
  size: Number(r.size),
  olympiadId: r.olympiad_id,
  createdAt: iso(r.created_at),
});
