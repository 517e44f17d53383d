import type { CertificateCheck, CertificateJob, CertificateListItem, SchoolSendState } from '#contract/certificates';
import { iso, isoOrNull } from '../../platform/dates.js';
import type { JobRow } from '../../platform/jobs.js';
import type { CertificatePrint } from './pdf.js';
import type { BatchRow, CertificateRow } from './queries.js';

export const presentCertificate = (c: CertificateRow): CertificateListItem => ({
  id: c.id,
  learnerName: c.learner_name,
  schoolName: c.school_name,
  schoolParticipantId: c.school_participant_id,
  grade: c.grade,
  kind: c.kind,
  awardLabel: c.award_label,
  code: c.code,
  generatedAt: iso(c.generated_at),
  revoked: c.revoked_at != null,
});

/** What the public check shows: what the certificate certifies, nothing more (no score, no rank, no ids). */
export const presentCheck = (c: CertificateRow): CertificateCheck => ({
  success: true,
  valid: c.revoked_at == null,
  revoked: c.revoked_at != null,
  code: c.code,
  learnerName: c.learner_name,
  schoolName: c.school_name,
  olympiadName: c.olympiad_title,
  awardLabel: c.award_label,
  grade: c.grade,
  issuedAt: iso(c.issued_at),
});

export const presentJob = (j: JobRow): CertificateJob => ({
  id: j.id,
  status: j.status === 'held' ? 'queued' : j.status,
  done: j.done,
  total: j.total,
  phase: j.phase,
  error: j.error,
  startedAt: isoOrNull(j.startedAt),
  finishedAt: isoOrNull(j.finishedAt),
});

export const presentBatch = (b: BatchRow): SchoolSendState => ({
  schoolParticipantId: b.school_participant_id,
  schoolName: b.school_name,
  teacherEmail: b.teacher_email,
  certificates: Number(b.certificates),
  generatedAt: isoOrNull(b.generated_at),
  sendState: b.send_state,
  sentAt: isoOrNull(b.sent_at),
  error: b.error,
});

/** What a stored certificate prints. */
export const printOf = (c: CertificateRow, publicUrl: string): CertificatePrint => ({
  kind: c.kind,
  learnerName: c.learner_name,
  schoolName: c.school_name,
  grade: c.grade,
  awardLabel: c.award_label,
  score: c.score == null ? null : Number(c.score),
  maxScore: c.max_score == null ? null : Number(c.max_score),
  percent: c.percent == null ? null : Number(c.percent),
  percentile: c.percentile == null ? null : Number(c.percentile),
  rank: c.rank,
  olympiadTitle: c.olympiad_title,
  issuedAt: new Date(c.issued_at),
  code: c.code,
  verifyUrl: verifyUrl(publicUrl, c.code),
});

/** Where a certificate's QR code and printed link lead (the web app's public page). */
export const verifyUrl = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;
