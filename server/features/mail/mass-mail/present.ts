import type { MassMailProgress, MassMailRow } from '#contract/mail';
import type { Actor } from '../../../http/actor.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { mailPolicy } from '../policy.js';
import type { MailingContext } from './mailing.js';
import type { MassMailDb } from './queries.js';

export function presentMassMail(actor: Actor, m: MassMailDb, progress: Map<number, MassMailProgress>): MassMailRow {
  return {
    id: m.id,
    olympiadId: m.olympiad_id,
    olympiadTitle: m.olympiad_title,
    subject: m.subject,
    html: m.html_body,
    audience: m.audience,
    attachmentIds: m.attachment_ids ?? [],
    status: m.status,
    recipients: m.recipients,
    createdAt: iso(m.created_at),
    queuedAt: isoOrNull(m.queued_at),
    scheduledFor: isoOrNull(m.scheduled_for),
    scheduleReleasedAt: isoOrNull(m.schedule_released_at),
    progress: progress.get(m.id)!,
    can: {
      edit: mailPolicy.can(actor, 'massMail', { olympiadId: m.olympiad_id }),
      release: mailPolicy.can(actor, 'release', { olympiadId: m.olympiad_id }),
    },
  };
}

/** What personalising and queueing a mailing need of it. */
export const mailingContext = (m: MassMailDb): MailingContext => ({
  id: m.id,
  olympiadId: m.olympiad_id,
  olympiad: m.olympiad_id != null ? { title: m.olympiad_title ?? '', varName: m.var_name ?? '' } : null,
  subject: m.subject,
  html: m.html_body,
  attachmentIds: m.attachment_ids ?? [],
});
