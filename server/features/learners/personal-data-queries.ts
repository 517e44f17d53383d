import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PersonalData } from '#contract/personal-data';
import { AnswerValue } from '#contract/questions';
import { type Queryable, rows } from '../../db/client.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { consentRecordOf } from './consent.js';

/*
 * SQL of a learner's personal data (decision 108): everything held about one learner, read for an access request,
 * and the subject the forgetting and the retention job work on.
 */

const at = z.date();
const maybe = z.date().nullable();

/** The learner as an access request and a forgetting see them. */
const SubjectRow = z.object({
  id: z.number(),
  role: z.string(),
  olympiadId: z.number(),
  schoolId: z.number().nullable(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().nullable(),
  dateOfBirth: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string().nullable(),
  createdAt: at,
  canSignIn: z.boolean(),
  schoolName: z.string().nullable(),
  olympiadTitle: z.string(),
  olympiadYear: z.number(),
  retentionMonths: z.number(),
  publishedAt: maybe,
  forgottenLabel: z.string().nullable(),
  forgottenReason: z.enum(['request', 'retention']).nullable(),
  forgottenAt: maybe,
  forgottenBy: z.string().nullable(),
});
export type Subject = z.infer<typeof SubjectRow>;

/** One learner with their olympiad, school and any forgetting; null for no learner. */
export async function findSubject(q: Queryable, id: number, lock = false): Promise<Subject | null> {
  const [row] = await rows(
    q,
    SubjectRow,
    sql`select u.id, u.role, u.olympiad_id, u.school_id, u.username, u.first_name, u.last_name, u.grade,
          to_char(u.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", u.email, u.language, u.created_at,
          (u.disabled_at is null and (u.password_hash is not null or u.initial_password_enc is not null)) as "canSignIn",
          s.name as school_name, o.title as olympiad_title, o.year as olympiad_year, o.retention_months,
          r.published_at, e.label as forgotten_label, e.reason as forgotten_reason, e.forgotten_at,
          case when b.id is null then null
               else nullif(trim(b.first_name || ' ' || b.last_name), '') || ' (' || b.username || ')' end
            as forgotten_by
        from users u join olympiads o on o.id = u.olympiad_id
          left join schools s on s.id = u.school_id
          left join olympiad_results r on r.olympiad_id = u.olympiad_id
          left join learner_erasures e on e.user_id = u.id
          left join users b on b.id = e.forgotten_by
        where u.id = ${id} and u.role = 'learner'
        ${lock ? sql`for update of u` : sql``}`,
  );
  return row ?? null;
}

const SessionRow = z.object({
  createdAt: at,
  lastSeenAt: maybe,
  revokedAt: maybe,
  expiresAt: at,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const AttemptRow = z.object({
  id: z.number(),
  startedAt: maybe,
  finishedAt: maybe,
  finishReason: z.string().nullable(),
  declarationAcceptedAt: maybe,
  language: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  lastIp: z.string().nullable(),
  ipChanges: z.number(),
  feedbackRating: z.number().nullable(),
  feedbackComment: z.string().nullable(),
  decision: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: maybe,
});

const AnswerRow = z.object({
  attemptId: z.number(),
  questionId: z.number(),
  moduleTitle: z.string(),
  questionType: z.string(),
  value: AnswerValue,
  marksAwarded: z.number().nullable(),
  savedAt: at,
});

const ResultRow = z.object({
  score: z.number(),
  maxScore: z.number(),
  percent: z.number(),
  percentile: z.number(),
  rank: z.number(),
  gradeRank: z.number().nullable(),
  award: z.string(),
  publishedAt: maybe,
});

const CertificateRow = z.object({
  code: z.string(),
  kind: z.string(),
  learnerName: z.string(),
  awardLabel: z.string(),
  issuedAt: at,
  revokedAt: maybe,
});

const MailRow = z.object({
  id: z.number(),
  kind: z.string(),
  relation: z.enum(['to', 'about']),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.string(),
  createdAt: at,
  sentAt: maybe,
});

const AuditRow = z.object({
  id: z.number(),
  at,
  action: z.string(),
  actor: z.string().nullable(),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

/**
 * The mail about a learner: sent to them (their user id, or their address), or sent to someone else and naming
 * them by username (a learner's username is generated and distinctive; a name alone is not).
 */
export const mailOfLearner = (s: Pick<Subject, 'id' | 'email' | 'username'>) =>
  sql`(m.user_id = ${s.id}
      ${s.email ? sql`or lower(m.to_address) = lower(${s.email})` : sql``}
      or strpos(lower(m.text_body), lower(${s.username})) > 0)`;

/** Audit rows about the learner: their user row (entity `user`), or done by them. */
export const auditOfLearner = (id: number) =>
  sql`((a.entity in ('user', 'personal_data') and a.entity_id = ${String(id)}) or a.actor_id = ${id})`;

/** Everything held about one learner, as the access request's answer. */
export async function personalDataOf(q: Queryable, s: Subject): Promise<Omit<PersonalData, 'success'>> {
  const [sessions, attempts, answers, results, certificates, mail, audit] = [
    await rows(
      q,
      SessionRow,
      sql`select created_at, last_seen_at, revoked_at, expires_at, ip, user_agent
          from sessions where user_id = ${s.id} order by created_at desc, id desc`,
    ),
    await rows(
      q,
      AttemptRow,
      sql`select a.id, a.started_at, a.finished_at, a.finish_reason, a.declaration_accepted_at, a.language, a.score,
            a.max_score, a.last_ip, a.ip_changes, a.feedback_rating, a.feedback_comment, m.decision, m.reason,
            m.decided_at
          from attempts a left join attempt_moderations m on m.attempt_id = a.id
          where a.user_id = ${s.id} order by a.id`,
    ),
    await rows(
      q,
      AnswerRow,
      sql`select an.attempt_id, an.question_id, qm.title as module_title, qu.type as question_type, an.value,
            an.marks_awarded, an.saved_at
          from answers an join attempts a on a.id = an.attempt_id
            join questions qu on qu.id = an.question_id
            join question_modules qm on qm.id = qu.module_id
          where a.user_id = ${s.id} order by an.attempt_id, qm.position, qu.position, qu.id`,
    ),
    await rows(
      q,
      ResultRow,
      sql`select lr.score, lr.max_score, lr.percent, lr.percentile, lr.rank, lr.grade_rank, lr.award, r.published_at
          from learner_results lr left join olympiad_results r on r.olympiad_id = lr.olympiad_id
          where lr.user_id = ${s.id} order by lr.attempt_id`,
    ),
    await rows(
      q,
      CertificateRow,
      sql`select code, kind, learner_name, award_label, issued_at, revoked_at
          from certificates where user_id = ${s.id} order by id`,
    ),
    await rows(
      q,
      MailRow,
      sql`select m.id, m.kind,
            case when m.user_id = ${s.id} ${s.email ? sql`or lower(m.to_address) = lower(${s.email})` : sql``}
              then 'to' else 'about' end as relation,
            m.to_address, m.subject, m.text_body, m.status, m.created_at, m.sent_at
          from emails m where ${mailOfLearner(s)} order by m.created_at desc, m.id desc limit 1000`,
    ),
    await rows(
      q,
      AuditRow,
      sql`select a.id, a.at, a.action, u.username as actor, a.ip, a.data
          from audit_log a left join users u on u.id = a.actor_id
          where ${auditOfLearner(s.id)} order by a.at desc, a.id desc limit 1000`,
    ),
  ];
  const until = s.publishedAt ? addMonths(s.publishedAt, s.retentionMonths) : null;
  const consent = await consentRecordOf(q, s.id);
  return {
    generatedAt: iso(new Date()),
    details: {
      id: s.id,
      username: s.username,
      firstName: s.firstName,
      lastName: s.lastName,
      grade: s.grade,
      dateOfBirth: s.dateOfBirth,
      email: s.email,
      language: s.language,
      school: s.schoolId == null ? null : { id: s.schoolId, name: s.schoolName ?? '' },
      olympiad: { id: s.olympiadId, title: s.olympiadTitle, year: s.olympiadYear },
      createdAt: iso(s.createdAt),
      canSignIn: s.canSignIn,
    },
    forgotten: forgottenOf(s),
    consent: consent
      ? {
          confirmedAt: iso(consent.confirmedAt),
          method: consent.method,
          confirmedBy: consent.confirmedByName ?? consent.confirmedByEmail,
        }
      : null,
    signIns: sessions.map((x) => ({
      signedInAt: iso(x.createdAt),
      lastSeenAt: isoOrNull(x.lastSeenAt),
      endedAt: isoOrNull(x.revokedAt),
      expiresAt: iso(x.expiresAt),
      address: x.ip,
      device: x.userAgent,
    })),
    attempts: attempts.map((a) => ({
      id: a.id,
      startedAt: isoOrNull(a.startedAt),
      finishedAt: isoOrNull(a.finishedAt),
      finishReason: a.finishReason,
      declarationAcceptedAt: isoOrNull(a.declarationAcceptedAt),
      language: a.language,
      score: a.score,
      maxScore: a.maxScore,
      lastAddress: a.lastIp,
      addressChanges: a.ipChanges,
      feedbackRating: a.feedbackRating,
      feedbackComment: a.feedbackComment,
      moderation:
        a.decision == null ? null : { decision: a.decision, reason: a.reason ?? '', decidedAt: iso(a.decidedAt!) },
      answers: answers
        .filter((x) => x.attemptId === a.id)
        .map((x) => ({
          questionId: x.questionId,
          moduleTitle: x.moduleTitle,
          questionType: x.questionType,
          value: x.value,
          marksAwarded: x.marksAwarded,
          savedAt: iso(x.savedAt),
        })),
    })),
    results: results.map((r) => ({ ...r, publishedAt: isoOrNull(r.publishedAt) })),
    certificates: certificates.map((c) => ({ ...c, issuedAt: iso(c.issuedAt), revokedAt: isoOrNull(c.revokedAt) })),
    mail: mail.map((m) => ({
      id: m.id,
      kind: m.kind,
      relation: m.relation,
      toAddress: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      status: m.status,
      createdAt: iso(m.createdAt),
      sentAt: isoOrNull(m.sentAt),
    })),
    audit: audit.map((a) => ({
      id: a.id,
      at: iso(a.at),
      action: a.action,
      actor: a.actor,
      address: a.ip,
      data: a.data,
    })),
    retention: {
      months: s.retentionMonths,
      resultsPublishedAt: isoOrNull(s.publishedAt),
      until: isoOrNull(until),
    },
  };
}

export const forgottenOf = (s: Subject): PersonalData['forgotten'] =>
  s.forgottenLabel == null
    ? null
    : {
        label: s.forgottenLabel,
        reason: s.forgottenReason!,
        forgottenAt: iso(s.forgottenAt!),
        forgottenBy: s.forgottenBy,
      };

/** `months` calendar months after `d` (the 31st of a shorter month lands on its last day, as PostgreSQL does). */
export function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}
