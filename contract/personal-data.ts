import { z } from 'zod';
import { IdText } from './ids.js';
import { AnswerValue } from './questions.js';

/*
 * A learner's personal data (decision 108): everything Olympus holds about one learner, answered to an access
 * request; forgetting a learner (an erasure request); and each olympiad's retention period with the overlord's
 * report of what the retention job would anonymise.
 */

const When = z.string();
const MaybeWhen = z.string().nullable();

/** Who forgot a learner, when and why; null while the learner has not been forgotten. */
export const Forgotten = z.object({
  label: z.string(),
  reason: z.enum(['request', 'retention']),
  forgottenAt: When,
  /** Who did it ("Thandi Mokoena (admin)"); null for the retention job. */
  forgottenBy: z.string().nullable(),
});
export type Forgotten = z.infer<typeof Forgotten>;

export const PersonalDataDetails = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().int().nullable(),
  dateOfBirth: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string().nullable(),
  school: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  olympiad: z.object({ id: z.number().int(), title: z.string(), year: z.number().int() }),
  createdAt: When,
  /** Whether the learner can still sign in (a first password or a chosen one is set and the account is on). */
  canSignIn: z.boolean(),
});

export const PersonalDataSignIn = z.object({
  signedInAt: When,
  lastSeenAt: MaybeWhen,
  endedAt: MaybeWhen,
  expiresAt: When,
  address: z.string().nullable(),
  device: z.string().nullable(),
});

export const PersonalDataAnswer = z.object({
  questionId: z.number().int(),
  moduleTitle: z.string(),
  questionType: z.string(),
  value: AnswerValue,
  marksAwarded: z.number().nullable(),
  savedAt: When,
});

export const PersonalDataAttempt = z.object({
  id: z.number().int(),
  startedAt: MaybeWhen,
  finishedAt: MaybeWhen,
  finishReason: z.string().nullable(),
  declarationAcceptedAt: MaybeWhen,
  language: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  lastAddress: z.string().nullable(),
  addressChanges: z.number().int(),
  feedbackRating: z.number().int().nullable(),
  feedbackComment: z.string().nullable(),
  moderation: z.object({ decision: z.string(), reason: z.string(), decidedAt: When }).nullable(),
  answers: z.array(PersonalDataAnswer),
});

export const PersonalDataResult = z.object({
  score: z.number(),
  maxScore: z.number(),
  percent: z.number(),
  percentile: z.number(),
  rank: z.number().int(),
  gradeRank: z.number().int().nullable(),
  award: z.string(),
  publishedAt: MaybeWhen,
});

export const PersonalDataCertificate = z.object({
  code: z.string(),
  kind: z.string(),
  learnerName: z.string(),
  awardLabel: z.string(),
  issuedAt: When,
  revokedAt: MaybeWhen,
});

export const PersonalDataMail = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** `to`: sent to the learner; `about`: sent to someone else and naming the learner. */
  relation: z.enum(['to', 'about']),
  toAddress: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: When,
  sentAt: MaybeWhen,
});

export const PersonalDataAudit = z.object({
  id: z.number().int(),
  at: When,
  action: z.string(),
  /** Who did it, by username (the learner themself when they acted). */
  actor: z.string().nullable(),
  address: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

/** GET /learner/v-rest/{id}/personal-data: everything held about one learner, as of `generatedAt`. */
/** The school's confirmation that it holds a parent's or guardian's consent, recorded when the learner was loaded. */
export const PersonalDataConsent = z.object({
  confirmedAt: When,
  method: z.enum(['form', 'import']),
  confirmedBy: z.string().nullable(),
});

export const PersonalData = z.object({
  success: z.literal(true),
  generatedAt: When,
  details: PersonalDataDetails,
  forgotten: Forgotten.nullable(),
  /** Null: no consent was recorded when the learner was loaded (loaded before consent was asked, or by the API without it). */
  consent: PersonalDataConsent.nullable(),
  signIns: z.array(PersonalDataSignIn),
  attempts: z.array(PersonalDataAttempt),
  results: z.array(PersonalDataResult),
  certificates: z.array(PersonalDataCertificate),
  mail: z.array(PersonalDataMail),
  audit: z.array(PersonalDataAudit),
  /** How long the olympiad keeps it: months after its results are published, and the date that gives. */
  retention: z.object({ months: z.number().int(), resultsPublishedAt: MaybeWhen, until: MaybeWhen }),
});
export type PersonalData = z.infer<typeof PersonalData>;

/** What forgetting removed, as counts (never the removed values). */
export const ForgetRemoved = z.object({
  freeTextAnswers: z.number().int(),
  sessionsEnded: z.number().int(),
  mailRedacted: z.number().int(),
  certificatesUnnamed: z.number().int(),
  auditEntriesCleaned: z.number().int(),
});
export type ForgetRemoved = z.infer<typeof ForgetRemoved>;

/**
 * POST /learner/v-rest/{id}/forget. Forgetting a learner already forgotten changes nothing and answers the first
 * forgetting again (`alreadyForgotten`): a retried request succeeds as the first one did.
 */
export const ForgetResult = z.object({
  success: z.literal(true),
  message: z.string(),
  alreadyForgotten: z.boolean(),
  forgotten: Forgotten,
  removed: ForgetRemoved,
});
export type ForgetResult = z.infer<typeof ForgetResult>;

/** Months after the results are published: at least one, at most twenty years. */
export const RetentionMonths = z.number().int().min(1).max(240);

export const OlympiadIdParams = z.strictObject({ olympiadId: IdText });

/** GET and PUT /olympiad/retention/{olympiadId}: the olympiad's retention period. */
export const RetentionSetting = z.object({
  success: z.literal(true),
  retentionMonths: z.number().int(),
  resultsPublishedAt: MaybeWhen,
  /** When the period ends (null until the results are published). */
  until: MaybeWhen,
});
export type RetentionSetting = z.infer<typeof RetentionSetting>;

export const RetentionInput = z.strictObject({ retentionMonths: RetentionMonths });

/** One olympiad in the retention report. */
export const RetentionRow = z.object({
  olympiadId: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  resultsPublishedAt: When,
  retentionMonths: z.number().int(),
  until: When,
  /** Its period is over: the overlord may confirm it. */
  past: z.boolean(),
  /** Learners not yet forgotten: the ones the job would anonymise. */
  learners: z.number().int(),
  forgotten: z.number().int(),
  confirmation: z
    .object({
      confirmedAt: When,
      confirmedBy: z.string().nullable(),
      /** The job acts from this moment (a week after the confirmation): until then it may be withdrawn. */
      dueAt: When,
      learnersSeen: z.number().int(),
      actedAt: MaybeWhen,
      anonymised: z.number().int().nullable(),
    })
    .nullable(),
});
export type RetentionRow = z.infer<typeof RetentionRow>;

/** GET /api/personal-data/retention: the dry run. Nothing is changed by reading it. */
export const RetentionReport = z.object({
  success: z.literal(true),
  generatedAt: When,
  /** Days between a confirmation and the job acting on it. */
  graceDays: z.number().int(),
  items: z.array(RetentionRow),
});
export type RetentionReport = z.infer<typeof RetentionReport>;

export const RetentionConfirmed = z.object({ success: z.literal(true), message: z.string(), item: RetentionRow });
