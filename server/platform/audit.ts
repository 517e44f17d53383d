import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, rows } from '../db/client.js';
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
  'attempt.moderate': 'attempt',
  'attempt.reset': 'user',
  'waiting-room.set-rate': 'olympiad',
  'certificate-config.save': 'certificate_config',
  'certificate.generate': 'olympiad',
  'certificate.regenerate': 'school_participant',
  'certificate.send': 'olympiad',
  'copy.publish': 'general_copy',
  'country-participant.delete': 'country_participant',
  'country-participant.enter': 'country_participant',
  'country-participant.update': 'country_participant',
  'country.create': 'country',
  'country.delete': 'country',
  'country.update': 'country',
  'copy.reset': 'general_copy',
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
  'learner.forget': 'user',
  'learner.import': 'school_participant',
  'learner.new-passwords': 'school_participant',
  'learner.set-password': 'user',
  'learner.update': 'user',
  'mass-mail.cancel-schedule': 'mass_mail',
  'mass-mail.create': 'mass_mail',
  'mass-mail.delete': 'mass_mail',
  'mass-mail.queue': 'mass_mail',
  'mass-mail.schedule': 'mass_mail',
  'mass-mail.scheduled-release': 'mass_mail',
  'mass-mail.update': 'mass_mail',
  'mass-mail.withdraw': 'mass_mail',
  'moderation.compute': 'olympiad',
  'moderation.settings': 'olympiad',
  'olympiad.close': 'olympiad',
  'olympiad.create': 'olympiad',
  'olympiad.delete': 'olympiad',
  'olympiad.open': 'olympiad',
  'olympiad.pin': 'olympiad',
  'olympiad.remark': 'olympiad',
  'olympiad.retention': 'olympiad',
  'olympiad.unpin': 'olympiad',
  'olympiad.update': 'olympiad',
  'participant.delete': 'school_participant',
  'participant.enter': 'school_participant',
  'participant.status': 'school_participant',
  'partner.create': 'partner',
  'partner.delete': 'partner',
  'partner.logo': 'partner',
  'partner.reorder': 'partner',
  'partner.update': 'partner',
  'payment.ignore-line': 'payment',
  'payment.import': 'payment',
  'payment.match': 'payment',
  'payment.record': 'payment',
  'payment.reverse': 'payment',
  'personal-data.read': 'personal_data',
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
  'results.publish': 'olympiad',
  'results.settings': 'olympiad',
  'results.unpublish': 'olympiad',
  'results.winners-display': 'olympiad',
  'retention.anonymise': 'olympiad',
  'retention.confirm': 'olympiad',
  'retention.withdraw': 'olympiad',
  'school.create': 'school',
  'school.delete': 'school',
  'school.merge': 'school',
  'school.update': 'school',
  'site-copy.publish': 'site_copy',
  'sub-project.create': 'sub_project',
  'sub-project.delete': 'sub_project',
  'sub-project.update': 'sub_project',
  'system-config.update': 'system_config',
  'teacher.create': 'user',
  'teacher.disable': 'user',
  'teacher.enable': 'user',
  'teacher.end-sessions': 'user',
  'teacher.resend-verification': 'user',
  'teacher.reset-password': 'user',
  'teacher.update': 'user',
  'teacher.update-profile': 'user',
  'terms.accept': 'terms_version',
  'terms.publish': 'terms_version',
  'testimonial.create': 'testimonial',
  'testimonial.delete': 'testimonial',
  'testimonial.reorder': 'testimonial',
  'testimonial.update': 'testimonial',
  'unsubscribe.add': 'unsubscribe',
  'unsubscribe.create': 'unsubscribe',
  'upload.create': 'upload',
  'upload.delete': 'upload',
  'useful-contact.create': 'useful_contact',
  'useful-contact.delete': 'useful_contact',
  'useful-contact.update': 'useful_contact',
  'user.create': 'user',
  'user.disable': 'user',
  'user.enable': 'user',
  'user.end-sessions': 'user',
  'user.end-own-session': 'user',
  'user.end-own-other-sessions': 'user',
  'user.mail-reset': 'user',
  'user.reset-password': 'user',
  'user.set-password': 'user',
  'user.two-factor-disable': 'user',
  'user.two-factor-enable': 'user',
  'user.two-factor-recovery-codes': 'user',
  'user.two-factor-reset': 'user',
  'user.update': 'user',
  'user.verify-email': 'user',
  'website-copy.delete': 'website_copy',
  'website-copy.publish': 'website_copy',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof auditActions;

/** What an audit row says besides who and what: the record, its olympiad, the change, the address. */
export interface AuditDetails {
  entityId?: string | number | null;
  olympiadId?: number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * A read of learners' personal data (decision 109): a download or export (slips, certificates, results) or a view
 * of what a learner submitted. One audit row per read, never one per learner: `what` names the read, the learner
 * when it is one (also the row's entity id), otherwise the school and how many learners it held.
 */
export interface PersonalDataRead {
  what: string;
  olympiadId: number | null;
  schoolId?: number | null | undefined;
  learnerId?: number | null | undefined;
  count?: number | undefined;
  format?: string | undefined;
}

/** The audit details of a personal-data read, for `audit(q, actor, 'personal-data.read', personalDataRead(…))`. */
export function personalDataRead(r: PersonalDataRead): AuditDetails {
  const data: Record<string, unknown> = { what: r.what };
  if (r.schoolId != null) data.schoolId = r.schoolId;
  if (r.learnerId != null) data.learnerId = r.learnerId;
  if (r.count != null) data.count = r.count;
  if (r.format) data.format = r.format;
  return { entityId: r.learnerId ?? null, olympiadId: r.olympiadId, data };
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

/**
 * Who last wrote a text's words in `language`: the actor of the entity's latest `actions` row whose data names the
 * language among `translationsChanged`, or null. A section and an olympiad's instructions have no column for who
 * edited each language; their audit rows say it, and a second admin verifies a translation.
 */
export async function lastTranslator(
  q: Queryable,
  where: { actions: readonly AuditAction[]; entityId: number; language: string },
): Promise<number | null> {
  const entity = auditActions[where.actions[0]!];
  const [row] = await rows(
    q,
    z.object({ actorId: z.number().nullable() }),
    sql`select actor_id from audit_log
        where entity = ${entity} and entity_id = ${String(where.entityId)}
          and action in (${sql.join(
            where.actions.map((a) => sql`${a}`),
            sql`, `,
          )})
          and data -> 'translationsChanged' ? ${where.language}
        order by at desc, id desc limit 1`,
  );
  return row?.actorId ?? null;
}
