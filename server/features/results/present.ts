import type { AwardRule, LearnerResult } from '#contract/results';
import type { SnapshotRow } from './queries.js';
import { awardLabel } from './standings.js';

/** One learner's published result as it leaves the server (the award's label from the olympiad's rule). */
export function presentLearnerResult(rule: AwardRule, r: SnapshotRow): LearnerResult {
  return {
    attemptId: r.attempt_id,
    userId: r.user_id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    schoolParticipantId: r.school_participant_id,
    schoolName: r.school_name,
    province: r.province,
    grade: r.grade,
    score: Number(r.score),
    maxScore: Number(r.max_score),
    percent: Number(r.percent),
    percentile: Number(r.percentile),
    rank: r.rank,
    gradeRank: r.grade_rank,
    provinceRank: r.province_rank,
    award: r.award,
    awardLabel: awardLabel(rule, r.award),
    bestInSchool: r.best_in_school,
    moduleScores: (r.module_scores ?? []).map((m) => ({
      moduleId: m.moduleId,
      score: Number(m.score),
      maxScore: Number(m.maxScore),
    })),
  };
}
