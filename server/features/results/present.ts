import type { AwardRule, LearnerResult } from '#contract/results';
import type { SnapshotRow } from './queries.js';
import { awardLabel } from './standings.js';

/** One learner's published result as it leaves the server (the award's label from the olympiad's rule). */
export function presentLearnerResult(rule: AwardRule, r: SnapshotRow): LearnerResult {
  return {
    attemptId: r.attemptId,
    userId: r.userId,
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    schoolParticipantId: r.schoolParticipantId,
    schoolName: r.schoolName,
    province: r.province,
    grade: r.grade,
    language: r.language,
    score: r.score,
    maxScore: r.maxScore,
    percent: r.percent,
    percentile: r.percentile,
    rank: r.rank,
    gradeRank: r.gradeRank,
    provinceRank: r.provinceRank,
    award: r.award,
    awardLabel: awardLabel(rule, r.award),
    bestInSchool: r.bestInSchool,
    moduleScores: (r.moduleScores ?? []).map((m) => ({
      moduleId: m.moduleId,
      score: Number(m.score),
      maxScore: Number(m.maxScore),
    })),
  };
}
