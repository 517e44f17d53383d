import type { AttachmentRow, UploadRow } from '#contract/mail';
import type { Actor } from '../../../http/actor.js';
import { iso } from '../../../platform/dates.js';
import { mailPolicy } from '../policy.js';
import type { AttachmentDb, UploadDb } from './queries.js';

export const presentUpload = (actor: Actor, r: UploadDb): UploadRow => ({
  id: r.id,
  filename: r.filename,
  originalName: r.original_name,
  contentType: r.content_type,
  size: Number(r.size),
  olympiadId: r.olympiad_id,
  createdAt: iso(r.created_at),
  can: { delete: mailPolicy.can(actor, 'manageFiles', { olympiadId: r.olympiad_id }) },
});

const manageFlags = (actor: Actor, olympiadId: number | null) => {
  const manage = mailPolicy.can(actor, 'manageFiles', { olympiadId });
  return { update: manage, delete: manage };
};

export const presentAttachment = (actor: Actor, r: AttachmentDb): AttachmentRow => ({
  id: r.id,
  uploadId: r.upload_id,
  filename: r.filename,
  contentType: r.content_type,
  size: Number(r.size),
  olympiadId: r.olympiad_id,
  createdAt: iso(r.created_at),
  can: manageFlags(actor, r.olympiad_id),
});
