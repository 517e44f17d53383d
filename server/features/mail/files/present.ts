import type { AttachmentRow, UploadRow } from '#contract/mail';
import type { Actor } from '../../../http/actor.js';
import { iso } from '../../../platform/dates.js';
import { mailPolicy } from '../policy.js';
import type { Attachment, Upload } from './queries.js';

export const presentUpload = (actor: Actor, r: Upload): UploadRow => ({
  id: r.id,
  filename: r.filename,
  originalName: r.originalName,
  contentType: r.contentType,
  size: r.size,
  olympiadId: r.olympiadId,
  createdAt: iso(r.createdAt),
  can: { delete: mailPolicy.can(actor, 'manageFiles', { olympiadId: r.olympiadId }) },
});

const manageFlags = (actor: Actor, olympiadId: number | null) => {
  const manage = mailPolicy.can(actor, 'manageFiles', { olympiadId });
  return { update: manage, delete: manage };
};

export const presentAttachment = (actor: Actor, r: Attachment): AttachmentRow => ({
  id: r.id,
  uploadId: r.uploadId,
  filename: r.filename,
  contentType: r.contentType,
  size: r.size,
  olympiadId: r.olympiadId,
  createdAt: iso(r.createdAt),
  can: manageFlags(actor, r.olympiadId),
});
