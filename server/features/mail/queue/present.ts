import type { EmailDetail, EmailSummary } from '#contract/mail';
import type { Actor } from '../../../http/actor.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { mailPolicy } from '../policy.js';
import type { attemptsOf, EmailRowDb, findEmail } from './queries.js';

export function presentEmail(actor: Actor, r: EmailRowDb): EmailSummary {
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
    can: mailPolicy.flags(actor, { olympiadId: r.olympiad_id }, ['release']),
  };
}

export function presentEmailDetail(
  actor: Actor,
  r: NonNullable<Awaited<ReturnType<typeof findEmail>>>,
  log: Awaited<ReturnType<typeof attemptsOf>>,
): EmailDetail {
  return {
    ...presentEmail(actor, r),
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
