import type { ModeratedAttempt, ModerationFlag, ModerationJob } from '#contract/moderation';
import type { Actor } from '../../../http/actor.js';
import { iso, isoOrNull } from '../../../platform/dates.js';
import { resultsPolicy } from '../policy.js';
import type { FlagRow, JobView, ModeratedRow } from './queries.js';

/** A flag as seen from one attempt of it (a pair's flag names the other learner). */
export function presentFlag(f: FlagRow): ModerationFlag {
  const base = { strength: f.strength, computedAt: iso(f.computed_at) };
  switch (f.kind) {
    case 'similarity':
      return {
        kind: 'similarity',
        ...base,
        evidence: f.evidence as Extract<ModerationFlag, { kind: 'similarity' }>['evidence'],
        other: {
          attemptId: f.partner_id ?? 0,
          learnerName: f.partner_name ?? '',
          username: f.partner_username ?? '',
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
    attemptId: r.attempt_id,
    learner: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, username: r.username },
    school: r.school_id == null ? null : { id: r.school_id, name: r.school_name ?? '' },
    grade: r.grade,
    score: r.score,
    maxScore: r.max_score,
    startedAt: isoOrNull(r.started_at),
    finishedAt: isoOrNull(r.finished_at),
    flags: flags.map(presentFlag),
    decision:
      r.decision == null
        ? null
        : {
            decision: r.decision as NonNullable<ModeratedAttempt['decision']>['decision'],
            adjustedScore: r.adjusted_score,
            reason: r.reason ?? '',
            decidedBy: r.decided_by,
            decidedAt: iso(r.decided_at!),
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
  startedBy: j.started_by,
  createdAt: iso(j.created_at),
  finishedAt: isoOrNull(j.finished_at),
});
