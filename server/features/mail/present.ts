import type {
  AttachmentRow,
  BounceRow,
  EmailDetail,
  EmailSummary,
  UnsubscribeRow,
  UploadRow,
  UsefulContact,
} from '../../../contract/mail.js';
import type { Actor } from '../../http/actor.js';
import type { ContactDb } from './contact-queries.js';
import { mailPolicy } from './policy.js';
import type { AttachmentDb, EmailRowDb, UploadDb, attemptsOf, findEmail } from './queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d == null ? null : iso(d));

export function presentEmail(r: EmailRowDb): EmailSummary {
  return {
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    massMailId: r.mass_mail_id,
    olympiadId: r.olympiad_id,
    createdAt: iso(r.created_at),
    sentAt: isoOrNull(r.sent_at),
    nextAttemptAt: r.status === 'released' ? isoOrNull(r.next_attempt_at) : null,
  };
}

export function presentEmailDetail(
  r: NonNullable<Awaited<ReturnType<typeof findEmail>>>,
  log: Awaited<ReturnType<typeof attemptsOf>>,
): EmailDetail {
  return {
    ...presentEmail(r),
    text: r.text_body,
    html: r.html_body,
    transport: r.transport,
    attachmentIds: r.attachment_ids ?? [],
    log: log.map((a) => ({
      at: iso(a.at),
      outcome: a.outcome,
      response: a.response,
      worker: a.worker,
      durationMs: a.duration_ms,
    })),
  };
}

export const presentUnsubscribe = (r: {
  id: number;
  email: string;
  olympiad_id: number | null;
  olympiad_title: string | null;
  source: string;
  created_at: Date;
}): UnsubscribeRow => ({
  id: r.id,
  email: r.email,
  olympiadId: r.olympiad_id,
  olympiadTitle: r.olympiad_title,
  source: r.source,
  createdAt: iso(r.created_at),
});

export const presentBounce = (r: {
  id: number;
  email: string;
  kind: 'hard' | 'soft' | 'complaint';
  reason: string;
  email_id: number | null;
  created_at: Date;
}): BounceRow => ({
  id: r.id,
  email: r.email,
  kind: r.kind,
  reason: r.reason,
  emailId: r.email_id,
  createdAt: iso(r.created_at),
});

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

/** A useful contact, with what the caller may do with it. */
export const presentContact = (actor: Actor, c: ContactDb): UsefulContact => ({
  id: c.id,
  olympiadId: c.olympiad_id,
  name: c.name,
  organisation: c.organisation,
  role: c.role,
  email: c.email,
  phone: c.phone,
  notes: c.notes,
  suppressed: Boolean(c.suppressed),
  updatedAt: iso(c.updated_at),
  can: {
    update: mailPolicy.canEditContact(actor, { olympiadId: c.olympiad_id }),
    delete: mailPolicy.canEditContact(actor, { olympiadId: c.olympiad_id }),
  },
});
