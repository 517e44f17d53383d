import { z } from 'zod';
import { IdText } from './ids.js';

/**
 * The overviews, graph data, feedback report and user dashboard (docs/spec.md §7: POST
 * /olympiad/reports/overview/{id} and without id, POST /olympiad/reports/graph-data/{id},
 * GET dashboard/user?section&olympiadId; decision 038). Days are South African days (YYYY-MM-DD).
 */

/** Every report answers JSON, or the same figures as a csv or xlsx download. */
export const ReportFormat = z.enum(['json', 'csv', 'xlsx']);
export type ReportFormat = z.infer<typeof ReportFormat>;
export const ReportFormatQuery = z.strictObject({ format: ReportFormat.default('json') });

/** Invoiced and paid in one currency (integer cents; credit notes count negative). */
export const MoneyFigures = z.object({
  currency: z.string(),
  invoicedCents: z.number().int(),
  paidCents: z.number().int(),
});
export type MoneyFigures = z.infer<typeof MoneyFigures>;

/** The headline figures of one olympiad, or of every olympiad together. */
export const OverviewFigures = z.object({
  olympiads: z.number().int(),
  /** School entries not withdrawn. */
  schoolsEntered: z.number().int(),
  learnersLoaded: z.number().int(),
  notStarted: z.number().int(),
  /** Started, not finished, and still within their time. */
  writingNow: z.number().int(),
  finished: z.number().int(),
  /** One entry per currency (an olympiad has one; every olympiad together may have several). */
  money: z.array(MoneyFigures),
  mailSent: z.number().int(),
  /** Held, released, sending or in the outbox. */
  mailWaiting: z.number().int(),
  mailFailed: z.number().int(),
});
export type OverviewFigures = z.infer<typeof OverviewFigures>;

export const OlympiadFigures = OverviewFigures.omit({ olympiads: true }).extend({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  currency: z.string(),
});
export type OlympiadFigures = z.infer<typeof OlympiadFigures>;

/** What happened on one day. */
export const DayFigures = z.object({
  day: z.string(),
  schoolsEntered: z.number().int(),
  learnersLoaded: z.number().int(),
  started: z.number().int(),
  mailSent: z.number().int(),
});
export type DayFigures = z.infer<typeof DayFigures>;

/** POST /olympiad/reports/overview/{id} and POST /olympiad/reports/overview (every olympiad; the overlord). */
export const ReportOverview = z.object({
  success: z.literal(true),
  /** The olympiad of the report; null for the overview across every olympiad. */
  olympiad: z.object({ id: z.number().int(), varName: z.string(), title: z.string() }).nullable(),
  figures: OverviewFigures,
  /** Across every olympiad: each olympiad's figures, newest first; for one olympiad: empty. */
  olympiads: z.array(OlympiadFigures),
  /** Days with anything entered, loaded, started or sent, oldest first. */
  overTime: z.array(DayFigures),
  /** When the figures were read (they are at most REPORT_REFRESH_SECONDS old; decision 038). */
  asOf: z.string(),
});
export type ReportOverview = z.infer<typeof ReportOverview>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a day as YYYY-MM-DD');

/** The body of POST graph-data: the exam day to chart per minute (by default the day with the most starts). */
export const GraphDataBody = z.strictObject({ examDay: day.optional() }).default({});

/** POST /olympiad/reports/graph-data/{id}: the admin's charts. */
export const GraphData = z.object({
  success: z.literal(true),
  registrations: z.array(
    z.object({
      day: z.string(),
      schools: z.number().int(),
      learners: z.number().int(),
      totalSchools: z.number().int(),
      totalLearners: z.number().int(),
    }),
  ),
  byProvinceGrade: z.array(
    z.object({ province: z.string(), grade: z.number().int().nullable(), learners: z.number().int() }),
  ),
  /** Every day on which learners started, with how many. */
  startDays: z.array(z.object({ day: z.string(), starts: z.number().int() })),
  examDay: z.string().nullable(),
  /** Starts per minute on the exam day: `minute` is HH:MM in South African time. */
  startsPerMinute: z.array(z.object({ minute: z.string(), starts: z.number().int() })),
  /** Finished, marked attempts in ten bands of percent (the last band includes 100 %). */
  scoreDistribution: z.array(z.object({ from: z.number(), to: z.number(), learners: z.number().int() })),
  /** When the figures were read. */
  asOf: z.string(),
});
export type GraphData = z.infer<typeof GraphData>;

/** GET /olympiad/reports/feedback/{id}: the learners' ratings and comments, filtered and paged. */
export const FeedbackQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  schoolId: IdText.optional(),
  grade: z.coerce.number().int().min(0).max(13).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** Only feedback with a comment. */
  comments: z.enum(['true', 'false']).optional(),
  format: ReportFormat.default('json'),
});
export type FeedbackQuery = z.infer<typeof FeedbackQuery>;

export const FeedbackItem = z.object({
  attemptId: z.number().int(),
  learnerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  grade: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  rating: z.number().int().nullable(),
  comment: z.string(),
  at: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;

export const FeedbackReport = z.object({
  success: z.literal(true),
  items: z.array(FeedbackItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** With the school and grade filters (not the rating one): learners per rating, 1 to 5, and without one. */
  ratings: z.array(z.object({ rating: z.number().int().nullable(), learners: z.number().int() })),
  average: z.number().nullable(),
  responses: z.number().int(),
});
export type FeedbackReport = z.infer<typeof FeedbackReport>;

/** GET /olympiad/reports/feedback/{id}/schools: the schools entered in the olympiad, by name (the filter's choices). */
export const FeedbackSchools = z.object({
  success: z.literal(true),
  schools: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** The landing pages' sections. */
export const DashboardSection = z.enum(['overlord', 'admin', 'finance', 'funding']);
export type DashboardSection = z.infer<typeof DashboardSection>;

export const DashboardUserQuery = z.strictObject({ section: DashboardSection, olympiadId: IdText.optional() });

/** GET dashboard/user?section&olympiadId: who is signed in, and the olympiads their section reaches. */
export const DashboardUser = z.object({
  success: z.literal(true),
  section: DashboardSection,
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    role: z.string(),
    email: z.string().nullable(),
    /** The sign-in before this session's, if any. */
    previousSignInAt: z.string().nullable(),
  }),
  olympiads: z.array(
    z.object({
      id: z.number().int(),
      varName: z.string(),
      title: z.string(),
      role: z.string(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
    }),
  ),
});
export type DashboardUser = z.infer<typeof DashboardUser>;

/** A language a paper is written in (contract/olympiads.ts `Language`). */
const ReportLanguage = z.enum(['en', 'af']);

/** One language's figures on one question: finished attempts in it, how many had full marks, and the share. */
export const LanguageShare = z.object({
  language: ReportLanguage,
  attempts: z.number().int(),
  correct: z.number().int(),
  /** correct / attempts, three decimals; null with no attempt. */
  shareCorrect: z.number().nullable(),
});
export type LanguageShare = z.infer<typeof LanguageShare>;

/**
 * What the two-proportion test says of a question (decision 096): `differs` (p below the threshold: a likely
 * translation fault), `within_chance`, `too_few` (fewer attempts than the minimum in a language), `anchor` (its
 * words are the same in both languages, so it is not tested).
 */
export const LanguageVerdict = z.enum(['differs', 'within_chance', 'too_few', 'anchor']);
export type LanguageVerdict = z.infer<typeof LanguageVerdict>;

export const QuestionByLanguage = z.object({
  questionId: z.number().int(),
  moduleTitle: z.string(),
  /** Its place in its section, from 0. */
  questionIndex: z.number().int(),
  prompt: z.string(),
  /** The olympiad's languages in its order, the default first. */
  languages: z.array(LanguageShare),
  /** The first language's share less the second's; null when either has no attempt. */
  difference: z.number().nullable(),
  z: z.number().nullable(),
  /** Two-sided p-value of the two-proportion z-test, four significant decimals; null when not tested. */
  p: z.number().nullable(),
  verdict: LanguageVerdict,
  /** The language answered worse, when the verdict is `differs`. */
  harderIn: ReportLanguage.nullable(),
});
export type QuestionByLanguage = z.infer<typeof QuestionByLanguage>;

/**
 * GET /olympiad/reports/questions-by-language/{id}: each question's share with full marks in each language the
 * olympiad offers, over its finished attempts (a learner's language is the attempt's, else the olympiad's
 * default), with the test of decision 096. `split` false: the olympiad offers one language, and `items` is empty.
 */
export const QuestionsByLanguageReport = z.object({
  success: z.literal(true),
  olympiadId: z.number().int(),
  languages: z.array(ReportLanguage),
  split: z.boolean(),
  /** The test's rules, for the page to state: p below `significance`, at least `minAttempts` in each language. */
  significance: z.number(),
  minAttempts: z.number().int(),
  /** Finished attempts per language. */
  attempts: z.array(z.object({ language: ReportLanguage, attempts: z.number().int() })),
  items: z.array(QuestionByLanguage),
});
export type QuestionsByLanguageReport = z.infer<typeof QuestionsByLanguageReport>;
