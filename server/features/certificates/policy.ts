import { definePolicy } from '../../http/policy.js';

/** An olympiad's certificates, or one school's part of them (a teacher's), or one certificate. */
export interface CertificatesRecord {
  olympiadId: number;
  /** The school whose certificates are read (a teacher reads only their own school's). */
  schoolId?: number | null;
  /** When the olympiad's results were published; teachers see no certificate before. */
  publishedAt?: Date | string | null;
}

const staff = ['overlord', 'admin'] as const;

const capabilities = {
  /** Seeing that the records exist at all: the olympiad's admins, a teacher their own school's (then 403, not 404). */
  see: [...staff, 'teacher'],
  /** The designer: the config, its files and the preview. */
  design: staff,
  /** Generating, sending, regenerating one school, and their status. */
  generate: staff,
  /** Browsing every certificate of the olympiad. */
  browse: staff,
  /** A school's PDF and single certificates: the olympiad's admins, and that school's teacher once published. */
  download: [...staff, 'teacher'],
  /** The teacher's certificates page (their own school's). */
  ownSchool: ['teacher'],
} as const;

/**
 * Certificates (decision 032): an olympiad's admins (the overlord every olympiad's) design, generate, send and
 * browse; a teacher reads and downloads their own school's certificates once the results are published.
 */
export const certificatesPolicy = definePolicy({
  capabilities,
  rule(actor, action, r: CertificatesRecord, holds) {
    if (actor.role !== 'teacher') return holds.olympiad(r.olympiadId);
    if (!holds.school(r.schoolId, r.olympiadId)) return false;
    if (action === 'see' || action === 'ownSchool') return true;
    return action === 'download' && r.publishedAt != null;
  },
});
