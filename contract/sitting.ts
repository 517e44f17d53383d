import { z } from 'zod';
import { said } from './messages.js';
import { ResolvedGeneralCopy } from './copy.js';
import { GRADE_MAX, GRADE_MIN } from './grades.js';
import { IdText } from './ids.js';
import { AnswerValue, LearnerModule, PaperLanguage } from './questions.js';
import { olympiadKinds } from './units.js';

/**
 * The learner's sitting (docs/spec.md §2 "Learner flow"). Every call is under
 * `/api/sitting/{olympiadName}/…` with the learner's bearer token; the server enforces the order.
 */
export const sittingSteps = [
  'instructions',
  'declaration',
  'recovery-pin',
  'learner-details',
  'questions',
  'finished',
] as const;
export const SittingStep = z.enum(sittingSteps);
export type SittingStep = z.infer<typeof SittingStep>;

export const SavedAnswer = z.object({
  questionId: z.number().int(),
  value: AnswerValue,
  flagged: z.boolean(),
  savedAt: z.string(),
});
export type SavedAnswer = z.infer<typeof SavedAnswer>;

/** GET /api/sitting/{olympiadName}/state: where the learner really is, and what that step needs. */
export const SittingState = z.object({
  success: z.literal(true),
  step: SittingStep,
  /** The window: closed olympiads refuse entry with a sentence saying when it opens. */
  window: z.object({
    open: z.boolean(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    message: z.string().nullable(),
  }),
  olympiad: z.object({
    id: z.number().int(),
    varName: z.string(),
    title: z.string(),
    /** Entered by schools or by countries: the words the learner's pages use (contract/units.ts). */
    kind: z.enum(olympiadKinds),
    durationMinutes: z.number().int(),
    /** Sanitised HTML. */
    instructions: z.string(),
    declaration: z.string(),
    moduleCount: z.number().int(),
    questionCount: z.number().int(),
    /** The grades it is for (decision 045): the details page offers only these. */
    minGrade: z.number().int(),
    maxGrade: z.number().int(),
    /** The languages it is offered in, and the one a learner starts in (decision 090). */
    languages: z.array(PaperLanguage),
    defaultLanguage: PaperLanguage,
    /** The instructions and declaration in each other language it offers (decision 090). */
    translations: z.partialRecord(PaperLanguage, z.object({ instructions: z.string(), declaration: z.string() })),
  }),
  /** The olympiad's general copy, resolved (its own wording, else the defaults; contract/copy.ts). */
  copy: ResolvedGeneralCopy,
  learner: z.object({
    firstName: z.string(),
    lastName: z.string(),
    grade: z.number().int().nullable(),
    schoolName: z.string().nullable(),
    /** The IANA zone the learner reads the window and deadline in (a country's team: its country's). */
    timeZone: z.string(),
  }),
  attempt: z.object({
    declarationAcceptedAt: z.string().nullable(),
    /** The learner confirmed writing their recovery PIN down. */
    pinIssued: z.boolean(),
    /**
     * A PIN was shown but not yet confirmed (a reload while it was on screen): asking again issues a fresh one,
     * and the one shown before stops working.
     */
    pinPending: z.boolean(),
    detailsConfirmedAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    /** Server-held deadline (duration + extra time from the first question). */
    deadlineAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    finishReason: z.enum(['submitted', 'time_up', 'admin']).nullable(),
    /** Last position, to resume exactly where the learner was. */
    position: z.object({ moduleIndex: z.number().int(), questionIndex: z.number().int() }).nullable(),
    /** Shown after finishing only when the olympiad allows it. */
    score: z.number().nullable(),
    maxScore: z.number().nullable(),
    feedbackGiven: z.boolean(),
    /** The language the learner writes in (decision 090); null until they choose (the page starts in the default). */
    language: PaperLanguage.nullable(),
  }),
  /**
   * The waiting room (decision 041): null when the learner may go on (always, with no pressure); otherwise
   * their place in the first-come-first-served queue before the paper. Their timer has not started.
   */
  waiting: z
    .object({
      /** How many are admitted before this learner, themselves included. */
      position: z.number().int(),
      /** About how long until they are admitted; null while nobody is being admitted. */
      estimateSeconds: z.number().int().nullable(),
    })
    .nullable(),
  /** The server's clock, so the page's timer does not trust the device's. */
  serverNow: z.string(),
});
export type SittingState = z.infer<typeof SittingState>;

/**
 * GET /api/sitting/{o}/waiting-room: what the waiting page polls (one indexed read). `admitted` true: go on
 * (ask `state` again for the step).
 */
export const WaitingRoomPlace = z.object({
  success: z.literal(true),
  admitted: z.boolean(),
  position: z.number().int(),
  estimateSeconds: z.number().int().nullable(),
});
export type WaitingRoomPlace = z.infer<typeof WaitingRoomPlace>;

/** GET /api/sitting/{o}/queue?pass: a learner queued at sign-in polls their place (auth.ts `SigninQueued`). */
export const QueueQuery = z.strictObject({ pass: z.string().trim().min(10).max(300) });

/** POST /api/sitting/{o}/declaration */
export const DeclarationBody = z.strictObject({ accept: z.literal(true) });

/**
 * POST /api/sitting/{o}/recovery-pin: the PIN is in this answer only. Until it is confirmed, asking again
 * answers a fresh one (`replaced`: the one shown before no longer works); once confirmed, never again.
 */
export const RecoveryPinResult = z.object({ success: z.literal(true), pin: z.string(), replaced: z.boolean() });

/** POST /api/sitting/{o}/recovery-pin/confirm: "I have written it down", with the PIN the page showed. */
export const RecoveryPinConfirmBody = z.strictObject({
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The recovery PIN is 6 digits'),
});

/** PUT /api/sitting/{o}/learner-details */
export const LearnerDetailsBody = z.strictObject({
  firstName: z.string().trim().min(1, said('validation.learnerDetails.firstName', 'Enter your first name')).max(100),
  lastName: z.string().trim().min(1, said('validation.learnerDetails.lastName', 'Enter your surname')).max(100),
  /** One of the olympiad's grades (decision 045; the server holds it to the range). */
  grade: z.number().int().min(GRADE_MIN).max(GRADE_MAX),
});

/**
 * GET /api/sitting/{o}/paper: the questions (no keys) and the learner's saved answers. The first call
 * starts the learner's timer.
 */
export const Paper = z.object({
  success: z.literal(true),
  modules: z.array(LearnerModule),
  answers: z.array(SavedAnswer),
  startedAt: z.string(),
  deadlineAt: z.string(),
  serverNow: z.string(),
  /**
   * When the network comes back, the page waits a moment of its own, at random within this many seconds, before it
   * sends what it kept: the more learners are writing, the longer, so that a whole district reconnecting reaches the
   * server as a stream it takes in its stride (decision 089).
   */
  reconnectSpreadSeconds: z.number().int().min(0),
});
export type Paper = z.infer<typeof Paper>;

/** PUT /api/sitting/{o}/language: the language the learner writes in, kept on the attempt (decision 090). */
export const LanguageBody = z.strictObject({ language: PaperLanguage });
export const LanguageResult = z.object({ success: z.literal(true), language: PaperLanguage });

/** PUT /api/sitting/{o}/answers/{questionId}: saved durably before the answer is acknowledged. */
export const SaveAnswerBody = z.strictObject({
  value: AnswerValue,
  flagged: z.boolean().default(false),
  /** Where the learner is, so a resumed session opens there. */
  position: z.object({ moduleIndex: z.number().int().min(0), questionIndex: z.number().int().min(0) }).optional(),
  /**
   * When the learner gave this answer, on the server's clock (the device's time corrected by the offset measured at
   * the last contact). An answer kept on the device while the network was down arrives later than it was given: the
   * server counts it when it was given before the deadline (within OFFLINE_GRACE_MINUTES after it, and only from a
   * learner it had lost contact with), and between two devices the later given wins. Absent: given now.
   */
  givenAt: z.iso.datetime({ offset: true }).optional(),
});
export const SaveAnswerResult = z.object({
  success: z.literal(true),
  questionId: z.number().int(),
  savedAt: z.string(),
  deadlineAt: z.string(),
  /**
   * The save arrived after the deadline and was taken because the answer was given before it (moderation sees it
   * marked); with `kept`, an answer given later stayed instead. False for every save before the deadline.
   */
  syncedLate: z.boolean(),
  /**
   * The server already held an answer given later (from another device): that one stays, and is what `value` and
   * `flagged` carry, for the page to show. Absent when this answer is the one stored.
   */
  kept: z.object({ value: AnswerValue, flagged: z.boolean(), givenAt: z.string() }).optional(),
});

/** POST /api/sitting/{o}/finish: an empty body, or the moment a learner who was offline chose to finish. */
export const FinishBody = z
  .strictObject({
    /** On the server's clock, as `SaveAnswerBody.givenAt`; a finish given before the deadline counts as handed in. */
    givenAt: z.iso.datetime({ offset: true }).optional(),
  })
  .optional();
export const FinishResult = z.object({ success: z.literal(true), finishedAt: z.string() });

/** POST /api/sitting/{o}/feedback (optional, once) */
export const FeedbackBody = z.strictObject({
  rating: z.number().int().min(1).max(5).nullable(),
  comment: z.string().trim().max(2000).default(''),
});

/** POST /api/sitting/recover: sign in again with the recovery PIN instead of the password. */
export const RecoverBody = z.strictObject({
  olympiadName: z.string().trim().min(1).max(60),
  username: z.string().trim().min(1).max(120),
  pin: z.string().trim().min(4).max(20),
});

/** The admin's and teacher's view of the day. */
export const SittingCounts = z.object({
  success: z.literal(true),
  notStarted: z.number().int(),
  writing: z.number().int(),
  finished: z.number().int(),
  /** Learners with a heartbeat in the last 2 minutes. */
  activeNow: z.number().int(),
});

/* ---- Added for the admin's and teacher's view of the day; additions only. ---- */

/** `?olympiadId=` on the spec's admin calls. */
export const OlympiadIdQuery = z.strictObject({ olympiadId: IdText });

/** POST /api/participant-tracker/?olympiadId: the learner's heartbeat (cheap; position optional). */
export const TrackerBody = z
  .strictObject({
    position: z.object({ moduleIndex: z.number().int().min(0), questionIndex: z.number().int().min(0) }).optional(),
  })
  .default({});
export const TrackerResult = z.object({
  success: z.literal(true),
  deadlineAt: z.string().nullable(),
  finished: z.boolean(),
  serverNow: z.string(),
});

export const attemptStatuses = ['not_started', 'writing', 'finished'] as const;
export const AttemptStatus = z.enum(attemptStatuses);

/** GET /olympiad/start-times/?olympiadId&page&pageSize&search&sort&order */
export const StartTimesQuery = z.strictObject({
  olympiadId: IdText,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().trim().max(200).optional(),
  status: AttemptStatus.optional(),
  sort: z.enum(['learner', 'school', 'startedAt', 'finishedAt', 'status', 'lastSeenAt']).default('startedAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export const StartTimeRow = z.object({
  learnerId: z.number().int(),
  username: z.string(),
  name: z.string(),
  grade: z.number().int().nullable(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  status: AttemptStatus,
  startedAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  finishReason: z.string().nullable(),
  extraMinutes: z.number().int(),
  lastSeenAt: z.string().nullable(),
  ipChanges: z.number().int(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
});
export const StartTimesPage = z.object({
  success: z.literal(true),
  items: z.array(StartTimeRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** PUT /api/sitting-extra-time/{learnerId}: the learner's total extra minutes (audited). */
export const ExtraTimeBody = z.strictObject({ minutes: z.number().int().min(0).max(600) });
export const ExtraTimeResult = z.object({
  success: z.literal(true),
  extraMinutes: z.number().int(),
  deadlineAt: z.string().nullable(),
});

/** GET participant/get-submitted-data/{learnerId}: what a learner submitted, with marks and the key (admins). */
export const SubmittedData = z.object({
  success: z.literal(true),
  learner: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    schoolName: z.string().nullable(),
  }),
  attempt: z
    .object({
      status: AttemptStatus,
      startedAt: z.string().nullable(),
      deadlineAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
      finishReason: z.string().nullable(),
      score: z.number().nullable(),
      maxScore: z.number().nullable(),
      moduleScores: z.array(z.object({ moduleId: z.number().int(), score: z.number(), maxScore: z.number() })),
      ipChanges: z.number().int(),
      feedback: z.object({ rating: z.number().int().nullable(), comment: z.string().nullable() }).nullable(),
    })
    .nullable(),
  answers: z.array(
    z.object({
      questionId: z.number().int(),
      moduleId: z.number().int(),
      type: z.string(),
      prompt: z.string(),
      marks: z.number().int(),
      value: z.unknown().nullable(),
      flagged: z.boolean(),
      savedAt: z.string().nullable(),
      /** When the learner gave it (on the server's clock); before the answers kept it, when it was saved. */
      givenAt: z.string().nullable().default(null),
      /** Arrived after the deadline and counted because it was given before it, on a device that was offline. */
      syncedLate: z.boolean().default(false),
      marksAwarded: z.number().nullable(),
      answerKey: z.unknown().nullable(),
      /** The question's options (id and text), so that answers and the key read as the options' text. */
      options: z.array(z.object({ id: z.string(), text: z.string() })).default([]),
      /** A pairing question's places, gaps or right-hand items (id and text), so that a pair reads "Label → Place". */
      targets: z.array(z.object({ id: z.string(), text: z.string() })).default([]),
      /** Gap match and inline choice: the text with its gaps (`{{id}}`), so that the words read in their gaps. */
      gapText: z.string().default(''),
    }),
  ),
});

/** POST /olympiad/remark/{olympiadId} (audited). */
export const RemarkResult = z.object({ success: z.literal(true), remarked: z.number().int() });

/**
 * GET /api/sitting-waiting-room?olympiadId: the day's waiting room for its admins: learners waiting now, learners
 * admitted so far, and the admissions a second in force (the olympiad's own setting, else the server's).
 */
export const WaitingRoomStatus = z.object({
  success: z.literal(true),
  waiting: z.number().int(),
  admitted: z.number().int(),
  admissionsPerSecond: z.number().int(),
  /**
   * Admissions a second in force now: the setting, or fewer while the servers' arrival steps run slow
   * (decision 051).
   */
  admittingPerSecond: z.number().int(),
  /** The olympiad's own setting; null: the server's default (`defaultAdmissionsPerSecond`). */
  ownAdmissionsPerSecond: z.number().int().nullable(),
  defaultAdmissionsPerSecond: z.number().int(),
});
export type WaitingRoomStatus = z.infer<typeof WaitingRoomStatus>;

/** PUT /api/sitting-waiting-room?olympiadId: the olympiad's own admissions a second (null: the server's). */
export const WaitingRoomSettingBody = z.strictObject({
  admissionsPerSecond: z.number().int().min(0, 'At least 0').max(100_000).nullable(),
});
