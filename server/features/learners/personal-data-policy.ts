import { definePolicy } from '../../http/policy.js';

/** A learner whose personal data is read or forgotten, or an olympiad whose retention is set. */
export interface PersonalDataRecord {
  role?: string;
  olympiadId: number | null;
  schoolId?: number | null;
}

const capabilities = {
  /** Everything held about one learner (an access request). */
  read: ['overlord', 'admin', 'teacher'],
  /** Replace a learner's personal data with an anonymous label (an erasure request). */
  forget: ['overlord', 'admin', 'teacher'],
  /** An olympiad's retention period: read and set in its settings. */
  setRetention: ['overlord', 'admin'],
  /** The retention report across olympiads, and confirming that the job may act on one. */
  retention: ['overlord'],
} as const;

/**
 * Personal data (decision 108) is answered to, and forgotten by, the people who hold it for the learner: the
 * learner's own teacher (their school), the admins of the learner's olympiad, and the overlord. Finance and funding
 * staff never see it; a learner asks through their school. The retention report is the overlord's alone: it spans
 * every olympiad.
 */
export const personalDataPolicy = definePolicy({
  capabilities,
  rule(_actor, action, r: PersonalDataRecord, holds) {
    if (r.olympiadId == null || (r.role != null && r.role !== 'learner')) return false;
    switch (action) {
      case 'read':
      case 'forget':
        return holds.olympiad(r.olympiadId) || holds.school(r.schoolId, r.olympiadId);
      case 'setRetention':
      case 'retention':
        return holds.olympiad(r.olympiadId);
    }
  },
});
