import type { CertificateCheck, CertificateJob, CertificateListItem, SchoolSendState } from '#contract/certificates';
import { iso, isoOrNull } from '../../platform/dates.js';
import { jobMessage, type JobRow } from '../../platform/jobs.js';
import type { CertificatePrint } from './pdf.js';
import type { BatchRow } from './batch-queries.js';
import type { CertificateRow } from './certificate-queries.js';

export const presentCertificate = (c: CertificateRow): CertificateListItem => ({
  id: c.id,
  learnerName: c.learnerName,
  schoolName: c.schoolName,
  schoolParticipantId: c.schoolParticipantId,
  grade: c.grade,
  kind: c.kind,
  awardLabel: c.awardLabel,
  code: c.code,
  generatedAt: iso(c.generatedAt),
  revoked: c.revokedAt != null,
});

/** What the public check shows: what the certificate certifies, nothing more (no score, no rank, no ids). */
export const presentCheck = (c: CertificateRow): CertificateCheck => ({
  success: true,
  valid: c.revokedAt == null,
  revoked: c.revokedAt != null,
  code: c.code,
  learnerName: c.learnerName,
  // A forgotten learner's certificate keeps its code and award but no name (decision 108).
  anonymised: c.learnerName === '',
  schoolName: c.schoolName,
  olympiadName: c.olympiadTitle,
  awardLabel: c.awardLabel,
  grade: c.grade,
  issuedAt: iso(c.issuedAt),
});

export const presentJob = (j: JobRow): CertificateJob => ({
  id: j.id,
  status: j.status === 'held' ? 'queued' : j.status,
  done: j.done,
  total: j.total,
  phase: j.phase,
  error: j.error,
  message: jobMessage(j),
  startedAt: isoOrNull(j.startedAt),
  finishedAt: isoOrNull(j.finishedAt),
});

export const presentBatch = (b: BatchRow): SchoolSendState => ({
  schoolParticipantId: b.schoolParticipantId,
  schoolName: b.schoolName,
  teacherEmail: b.teacherEmail,
  certificates: b.certificates,
  generatedAt: isoOrNull(b.generatedAt),
  sendState: b.sendState,
  sentAt: isoOrNull(b.sentAt),
  error: b.error,
});

/** What a stored certificate prints. */
export const printOf = (c: CertificateRow, publicUrl: string): CertificatePrint => ({
  kind: c.kind,
  learnerName: c.learnerName,
  schoolName: c.schoolName,
  grade: c.grade,
  awardLabel: c.awardLabel,
  score: c.score,
  maxScore: c.maxScore,
  percent: c.percent,
  percentile: c.percentile,
  rank: c.rank,
  olympiadTitle: c.olympiadTitle,
  issuedAt: c.issuedAt,
  code: c.code,
  verifyUrl: verifyUrl(publicUrl, c.code),
});

/** Where a certificate's QR code and printed link lead (the web app's public page). */
export const verifyUrl = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;
