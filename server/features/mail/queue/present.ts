import type { EmailDetail, EmailSummary } from '#contract/mail';
import type { Actor } from '../../../http/actor.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { mailPolicy } from '../policy.js';
import type { attemptsOf, EmailEntry, findEmail } from './queries.js';

export function presentEmail(actor: Actor, r: EmailEntry): EmailSummary {
  return {
    id: r.id,
    kind: r.kind,
    to: r.toAddress,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    massMailId: r.massMailId,
    olympiadId: r.olympiadId,
    createdAt: iso(r.createdAt),
    sentAt: isoOrNull(r.sentAt),
    nextAttemptAt: r.status === 'released' ? isoOrNull(r.nextAttemptAt) : null,
    can: mailPolicy.flags(actor, { olympiadId: r.olympiadId }, ['release']),
  };
}

export function presentEmailDetail(
  actor: Actor,
  r: NonNullable<Awaited<ReturnType<typeof findEmail>>>,
  log: Awaited<ReturnType<typeof attemptsOf>>,
): EmailDetail {
  return {
    ...presentEmail(actor, r),
    text: r.textBody,
    html: r.htmlBody,
    transport: r.transport,
    attachmentIds: r.attachmentIds ?? [],
    log: log.map((a) => ({
      at: iso(a.at),
      outcome: a.outcome,
      response: a.response,
      worker: a.worker,
      durationMs: a.durationMs,
    })),
  };
}
