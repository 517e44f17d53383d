import { z } from 'zod';
import { PageQuery } from './errors.js';
import { IdText } from './ids.js';
import { ModerationSettings } from './results.js';

/**
 * Moderation: the flags computed after the window, the admin's decisions, and
 * `GET participant/api/moderated?olympiadId` (docs/spec.md §7). The thresholds are contract/results.ts's
 * ModerationSettings.
 */

export const moderationFlagKinds = ['similarity', 'fast_finish', 'ip_changes', 'concurrent_sessions'] as const;
export const ModerationFlagKind = z.enum(moderationFlagKinds);
export type ModerationFlagKind = z.infer<typeof ModerationFlagKind>;

export const moderationDecisions = ['cleared', 'adjusted', 'disqualified', 'reset'] as const;
export const ModerationDecision = z.enum(moderationDecisions);
export type ModerationDecision = z.infer<typeof ModerationDecision>;

/** The list's filter: flagged (any flag), undecided (flagged, no decision yet), or one decision. */
export const moderationStates = ['flagged', 'undecided', ...moderationDecisions] as const;
export const ModerationState = z.enum(moderationStates);
export type ModerationState = z.infer<typeof ModerationState>;

/** Two learners of one school whose identical wrong answers are beyond chance. */
export const SimilarityEvidence = z.object({
  /** Questions on which both gave the same answer, right or wrong. */
  sharedAnswers: z.number().int(),
  /** Questions on which both gave the same wrong answer. */
  sharedWrong: z.number().int(),
  bothAnswered: z.number().int(),
  bothWrong: z.number().int(),
  /** Identical wrong answers independent learners would give on those questions, on average. */
  expected: z.number(),
  /** The chance of at least `sharedWrong` identical wrong answers under independence (0 when below 1e-300). */
  probability: z.number(),
});
export type SimilarityEvidence = z.infer<typeof SimilarityEvidence>;

export const FastFinishEvidence = z.object({
  minutes: z.number(),
  medianMinutes: z.number(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
});
export type FastFinishEvidence = z.infer<typeof FastFinishEvidence>;

export const IpChangesEvidence = z.object({ count: z.number().int(), lastIp: z.string().nullable() });
export type IpChangesEvidence = z.infer<typeof IpChangesEvidence>;

export const SessionEvidence = z.object({
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const ConcurrentSessionsEvidence = z.object({
  /** The most devices (browser and address) signed in at one moment during the attempt. */
  devices: z.number().int(),
  sessions: z.array(SessionEvidence),
});
export type ConcurrentSessionsEvidence = z.infer<typeof ConcurrentSessionsEvidence>;

/** The partner of a similarity flag. */
export const FlagPartner = z.object({
  attemptId: z.number().int(),
  learnerName: z.string(),
  username: z.string(),
});

const flagBase = {
  /** Similarity: -log10 of the chance; fast finish: the median time over the attempt's; otherwise the count. */
  strength: z.number(),
  computedAt: z.string(),
};
export const ModerationFlag = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('similarity'), ...flagBase, evidence: SimilarityEvidence, other: FlagPartner }),
  z.object({ kind: z.literal('fast_finish'), ...flagBase, evidence: FastFinishEvidence }),
  z.object({ kind: z.literal('ip_changes'), ...flagBase, evidence: IpChangesEvidence }),
  z.object({ kind: z.literal('concurrent_sessions'), ...flagBase, evidence: ConcurrentSessionsEvidence }),
]);
export type ModerationFlag = z.infer<typeof ModerationFlag>;

export const AttemptDecision = z.object({
  decision: ModerationDecision,
  adjustedScore: z.number().nullable(),
  reason: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string(),
});
export type AttemptDecision = z.infer<typeof AttemptDecision>;

/** One moderated attempt: flagged, decided, or both. */
export const ModeratedAttempt = z.object({
  attemptId: z.number().int(),
  learner: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
  }),
  school: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  grade: z.number().int().nullable(),
  /** The marked score (a reset attempt has none). */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  flags: z.array(ModerationFlag),
  decision: AttemptDecision.nullable(),
  can: z.object({ decide: z.boolean() }),
});
export type ModeratedAttempt = z.infer<typeof ModeratedAttempt>;

export const moderatedSorts = ['strength', 'learner', 'school', 'score', 'decidedAt'] as const;

/** GET participant/api/moderated?olympiadId&state&kind (paged; search by learner, username or school). */
export const ModeratedQuery = PageQuery.extend({
  olympiadId: IdText,
  state: z.preprocess((v) => (v === '' ? undefined : v), ModerationState.optional()),
  kind: z.preprocess((v) => (v === '' ? undefined : v), ModerationFlagKind.optional()),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(moderatedSorts).optional()),
}).strict();
export type ModeratedQuery = z.input<typeof ModeratedQuery>;

export const ModeratedPage = z.object({
  success: z.literal(true),
  items: z.array(ModeratedAttempt),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ModeratedPage = z.infer<typeof ModeratedPage>;

/** The `moderation.compute` background job, as the screens show it. */
export const ModerationJob = z.object({
  id: z.number().int(),
  status: z.enum(['held', 'queued', 'running', 'done', 'failed']),
  phase: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  /** What it did, once done ("60 finished attempts checked: 3 attempts are flagged"); null before, or when it failed. */
  message: z.string().nullable(),
  /** Who started it (null: started by the platform once the window closed). */
  startedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ModerationJob = z.infer<typeof ModerationJob>;

export const OlympiadIdParams = z.strictObject({ olympiadId: IdText });

/** GET /olympiad/moderation/{olympiadId}: counts per flag kind and decision, when flags were computed, the job. */
export const ModerationSummary = z.object({
  success: z.literal(true),
  olympiadId: z.number().int(),
  /** Finished, marked attempts (what the flags look at). */
  finishedAttempts: z.number().int(),
  flagsComputedAt: z.string().nullable(),
  /** Attempts with at least one flag. */
  flaggedAttempts: z.number().int(),
  /** Attempts flagged of each kind. */
  byKind: z.record(ModerationFlagKind, z.number().int()),
  /** Attempts by decision; `undecided` are flagged without one. */
  byDecision: z.record(z.enum(['undecided', ...moderationDecisions]), z.number().int()),
  /** The latest computation (running, or the last one). */
  job: ModerationJob.nullable(),
  can: z.object({ moderate: z.boolean(), configure: z.boolean() }),
});
export type ModerationSummary = z.infer<typeof ModerationSummary>;

export const ModerationComputeAnswer = z.object({ success: z.literal(true), message: z.string(), job: ModerationJob });

export const ModerationSettingsAnswer = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: ModerationSettings,
  defaults: ModerationSettings,
});
export type ModerationSettingsAnswer = z.infer<typeof ModerationSettingsAnswer>;

/** GET /olympiad/moderation/pair?attemptA&attemptB */
export const PairQuery = z.strictObject({ attemptA: IdText, attemptB: IdText });

export const PairAnswerCell = z.object({
  /** The answer as the learner saw it (option text), '' for none. */
  text: z.string(),
  /** Right, wrong, or no answer (null). */
  right: z.boolean().nullable(),
  /** Right in part: some but not all of the question's marks (partial credit). */
  partial: z.boolean().default(false),
  /** The share of the olympiad's learners who gave this same answer, 0–1 (of those who answered the question). */
  share: z.number(),
  /** Arrived after the deadline and counted because it was given before it, on a device that was offline. */
  syncedLate: z.boolean().default(false),
});
export const PairQuestion = z.object({
  questionId: z.number().int(),
  /** 1-based, in paper order. */
  number: z.number().int(),
  module: z.string(),
  /** The prompt as plain text (shortened). */
  prompt: z.string(),
  correct: z.string(),
  a: PairAnswerCell,
  b: PairAnswerCell,
  /** Both gave the same answer. */
  same: z.boolean(),
});
export type PairQuestion = z.infer<typeof PairQuestion>;

export const PairLearner = z.object({
  attemptId: z.number().int(),
  learnerName: z.string(),
  username: z.string(),
  school: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
});
export const PairAnswer = z.object({
  success: z.literal(true),
  a: PairLearner,
  b: PairLearner,
  /** The pair's similarity flag, when it has one. */
  similarity: z.object({ strength: z.number(), evidence: SimilarityEvidence }).nullable(),
  questions: z.array(PairQuestion),
});
export type PairAnswer = z.infer<typeof PairAnswer>;

/** POST /olympiad/moderation/attempt/{attemptId}: the admin's decision. */
export const DecisionBody = z
  .strictObject({
    decision: ModerationDecision,
    adjustedScore: z.number().min(0, 'The score cannot be negative').max(100_000).nullable().optional(),
    reason: z.string().trim().max(1000, 'Keep the reason under 1,000 characters').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== 'cleared' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason (it is kept with the decision)' });
    if (v.decision === 'adjusted' && v.adjustedScore == null)
      ctx.addIssue({ code: 'custom', path: ['adjustedScore'], message: 'Give the adjusted score' });
  });
export type DecisionBody = z.input<typeof DecisionBody>;

export const AttemptIdParams = z.strictObject({ attemptId: IdText });

export const DecisionAnswer = z.object({ success: z.literal(true), message: z.string(), attempt: ModeratedAttempt });
