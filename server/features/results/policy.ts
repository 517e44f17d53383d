import { withinScope } from '../../http/actor.js';
import { definePolicy } from '../../http/policy.js';

/** An olympiad's results, or one school's part of them (a teacher's). */
export interface ResultsRecord {
  olympiadId: number;
  /** The school whose results are read (a teacher reads only their own school's). */
  schoolId?: number | null;
  /** When the olympiad's results were published; teachers see nothing before. */
  publishedAt?: Date | string | null;
  /** A learner's own result: the learner it belongs to. */
  userId?: number | null;
}

const capabilities = {
  /** The flagged attempts with their evidence, and `participant/api/moderated`. */
  moderate: ['overlord', 'admin'],
  /** The award rule, the moderation thresholds and the top-schools setting: previewed, then published. */
  configure: ['overlord', 'admin'],
  publish: ['overlord', 'admin'],
  /** Ranks, awards, top schools and the downloads: the olympiad's admins; a teacher their school's, once published. */
  read: ['overlord', 'admin', 'teacher'],
  /** Every learner's ranked result and the top schools, before publishing too: the olympiad's admins only. */
  readAll: ['overlord', 'admin'],
  /** A learner's own result (score, award, ranks), once published. */
  readOwn: ['learner'],
} as const;

/**
 * Results (decision 032): an olympiad's admins (the overlord every olympiad's) moderate, choose the award rule,
 * publish and read everything; a teacher reads their own school's results only after they are published; a learner
 * their own (whether it is published yet, the route says).
 */
export const resultsPolicy = definePolicy({
  capabilities,
  rule(actor, action, r: ResultsRecord, holds) {
    if (actor.role === 'learner')
      return (
        action === 'readOwn' &&
        actor.olympiadId === r.olympiadId &&
        r.userId === actor.userId &&
        withinScope(actor, r.olympiadId)
      );
    if (actor.role !== 'teacher') return holds.olympiad(r.olympiadId);
    return action === 'read' && r.publishedAt != null && holds.school(r.schoolId, r.olympiadId);
  },
});
