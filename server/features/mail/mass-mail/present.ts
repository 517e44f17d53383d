import type { MassMailProgress, MassMailRow } from '#contract/mail';
import type { Actor } from '../../../http/actor.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { mailPolicy } from '../policy.js';
import type { MailingContext } from './mailing.js';
import type { Mailing } from './queries.js';

export function presentMassMail(actor: Actor, m: Mailing, progress: Map<number, MassMailProgress>): MassMailRow {
  return {
    id: m.id,
    olympiadId: m.olympiadId,
    olympiadTitle: m.olympiadTitle,
    subject: m.subject,
    html: m.htmlBody,
    audience: m.audience,
    attachmentIds: m.attachmentIds ?? [],
    status: m.status,
    recipients: m.recipients,
    createdAt: iso(m.createdAt),
    queuedAt: isoOrNull(m.queuedAt),
    scheduledFor: isoOrNull(m.scheduledFor),
    scheduleReleasedAt: isoOrNull(m.scheduleReleasedAt),
    progress: progress.get(m.id)!,
    can: {
      edit: mailPolicy.can(actor, 'massMail', { olympiadId: m.olympiadId }),
      release: mailPolicy.can(actor, 'release', { olympiadId: m.olympiadId }),
    },
  };
}

/** What personalising and queueing a mailing need of it. */
export const mailingContext = (m: Mailing): MailingContext => ({
  id: m.id,
  olympiadId: m.olympiadId,
  olympiad: m.olympiadId != null ? { title: m.olympiadTitle ?? '', varName: m.varName ?? '' } : null,
  subject: m.subject,
  html: m.htmlBody,
  attachmentIds: m.attachmentIds ?? [],
});
