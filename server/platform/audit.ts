import type { Queryable } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { Actor } from '../http/actor.js';

/**
 * Every audited action, named one way, `<thing>.<verb>` in lower-case kebab case, with the entity (the
 * table-like name stored in `audit_log.entity`) it concerns. A new audited action is added here first; the
 * activity log and tests read these names.
 */
export const auditActions = {
  'account.create': 'account',
  'account.delete': 'account',
  'account.update': 'account',
  'attachment.delete': 'attachment',
  'attachment.rename': 'attachment',
  'attempt.extra-time': 'user',
  'attempt.reset': 'user',
  'contact.send': 'email',
  'email-template.reset': 'email_template',
  'email-template.save': 'email_template',
  'eoi.decline': 'expression_of_interest',
  'eoi.delete': 'expression_of_interest',
  'eoi.process': 'expression_of_interest',
  'eoi.submit': 'expression_of_interest',
  'faq.create': 'faq',
  'faq.delete': 'faq',
  'faq.reorder': 'faq',
  'faq.update': 'faq',
  'grant.create': 'olympiad_grant',
  'grant.revoke': 'olympiad_grant',
  'impersonate.start': 'user',
  'impersonate.stop': 'user',
  'impersonated.read': 'request',
  'invoice.issue': 'invoice',
  'invoice.issue-all': 'olympiad',
  'invoice.mail': 'invoice',
  'learner.create': 'user',
  'learner.delete': 'user',
  'learner.import': 'school_participant',
  'learner.set-password': 'user',
  'learner.update': 'user',
  'mass-mail.cancel-schedule': 'mass_mail',
  'mass-mail.create': 'mass_mail',
  'mass-mail.delete': 'mass_mail',
  'mass-mail.queue': 'mass_mail',
  'mass-mail.schedule': 'mass_mail',
  'mass-mail.scheduled-release': 'mass_mail',
  'mass-mail.update': 'mass_mail',
  'olympiad.close': 'olympiad',
  'olympiad.create': 'olympiad',
  'olympiad.delete': 'olympiad',
  'olympiad.open': 'olympiad',
  'olympiad.pin': 'olympiad',
  'olympiad.remark': 'olympiad',
  'olympiad.unpin': 'olympiad',
  'olympiad.update': 'olympiad',
  'participant.delete': 'school_participant',
  'participant.enter': 'school_participant',
  'participant.status': 'school_participant',
  'payment.ignore-line': 'payment',
  'payment.import': 'payment',
  'payment.match': 'payment',
  'payment.record': 'payment',
  'payment.reverse': 'payment',
  'project.create': 'project',
  'project.delete': 'project',
  'project.update': 'project',
  'purchase-order.comment': 'purchase_order',
  'purchase-order.create': 'purchase_order',
  'purchase-order.delete': 'purchase_order',
  'purchase-order.free-learners': 'purchase_order',
  'purchase-order.restore': 'purchase_order',
  'purchase-order.school-po': 'purchase_order',
  'purchase-order.status': 'purchase_order',
  'question-module.create': 'question_module',
  'question-module.delete': 'question_module',
  'question-module.reorder': 'question_module',
  'question-module.update': 'question_module',
  'question.create': 'question',
  'question.delete': 'question',
  'question.duplicate': 'question',
  'question.import': 'question',
  'question.import-qti': 'question',
  'question.key-fix': 'question',
  'question.reorder': 'question',
  'question.retire': 'question',
  'question.unretire': 'question',
  'question.unverify': 'question',
  'question.update': 'question',
  'question.verify': 'question',
  'queued-email.release': 'email',
  'queued-email.release-batch': 'mass_mail',
  'results.winners-display': 'olympiad',
  'school.create': 'school',
  'school.delete': 'school',
  'school.merge': 'school',
  'school.update': 'school',
  'sub-project.create': 'sub_project',
  'sub-project.delete': 'sub_project',
  'sub-project.update': 'sub_project',
  'teacher.create': 'user',
  'teacher.disable': 'user',
  'teacher.enable': 'user',
  'teacher.resend-verification': 'user',
  'teacher.reset-password': 'user',
  'teacher.update': 'user',
  'teacher.update-profile': 'user',
  'unsubscribe.add': 'unsubscribe',
  'unsubscribe.create': 'unsubscribe',
  'upload.create': 'upload',
  'upload.delete': 'upload',
  'useful-contact.create': 'useful_contact',
  'useful-contact.delete': 'useful_contact',
  'useful-contact.update': 'useful_contact',
  'user.reset-password': 'user',
  'user.set-password': 'user',
  'user.verify-email': 'user',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof auditActions;

/** What an audit row says besides who and what: the record, its olympiad, the change, the address. */
export interface AuditDetails {
  entityId?: string | number | null;
  olympiadId?: number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/** Who did it: a request's actor, or the person a background job runs for. */
export type AuditActor = Pick<Actor, 'userId' | 'impersonatorId'>;

/**
 * Writes one audit row; call it inside the same transaction as the change it records. A route gets it bound
 * to its transaction, actor and address as `ctx.audit(action, details)`.
 */
export async function audit(
  q: Queryable,
  actor: AuditActor | null,
  action: AuditAction,
  details: AuditDetails = {},
): Promise<void> {
  const entry = { ...details, action, entity: auditActions[action] };
  await q.insert(auditLog).values({
    actorId: actor?.userId ?? null,
    impersonatorId: actor?.impersonatorId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    olympiadId: entry.olympiadId ?? null,
    ip: entry.ip ?? null,
    data: entry.data ?? {},
  });
}
