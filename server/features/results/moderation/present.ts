import type { ModeratedAttempt, ModerationFlag, ModerationJob } from '#contract/moderation';
import type { Actor } from '../../../http/actor.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { jobMessage } from '../../../platform/jobs.js';
import { resultsPolicy } from '../policy.js';
import type { JobView } from './compute-queries.js';
import type { FlagRow, ModeratedRow } from './list-queries.js';

/** A flag as seen from one attempt of it (a pair's flag names the other learner). */
export function presentFlag(f: FlagRow): ModerationFlag {
  const base = { strength: f.strength, computedAt: iso(f.computedAt) };
  switch (f.kind) {
    case 'similarity':
      return {
        kind: 'similarity',
        ...base,
        evidence: f.evidence as Extract<ModerationFlag, { kind: 'similarity' }>['evidence'],
        other: {
          attemptId: f.partnerId ?? 0,
          learnerName: f.partnerName ?? '',
          username: f.partnerUsername ?? '',
        },
      };
    case 'fast_finish':
      return { kind: 'fast_finish', ...base, evidence: f.evidence as never };
    case 'ip_changes':
      return { kind: 'ip_changes', ...base, evidence: f.evidence as never };
    default:
      return { kind: 'concurrent_sessions', ...base, evidence: f.evidence as never };
  }
}

export function presentModerated(
  actor: Actor,
  r: ModeratedRow,
  flags: FlagRow[],
  olympiadId: number,
): ModeratedAttempt {
  return {
    attemptId: r.attemptId,
    learner: { id: r.userId, firstName: r.firstName, lastName: r.lastName, username: r.username },
    school: r.schoolId == null ? null : { id: r.schoolId, name: r.schoolName ?? '' },
    grade: r.grade,
    score: r.score,
    maxScore: r.maxScore,
    startedAt: isoOrNull(r.startedAt),
    finishedAt: isoOrNull(r.finishedAt),
    flags: flags.map(presentFlag),
    decision:
      r.decision == null
        ? null
        : {
            decision: r.decision,
            adjustedScore: r.adjustedScore,
            reason: r.reason ?? '',
            decidedBy: r.decidedBy,
            decidedAt: iso(r.decidedAt!),
          },
    can: { decide: resultsPolicy.can(actor, 'moderate', { olympiadId }) },
  };
}

export const presentJob = (j: JobView): ModerationJob => ({
  id: j.id,
  status: j.status,
  phase: j.phase,
  done: j.done,
  total: j.total,
  error: j.error,
  message: jobMessage(j),
  startedBy: j.startedBy,
  createdAt: iso(j.createdAt),
  finishedAt: isoOrNull(j.finishedAt),
});
