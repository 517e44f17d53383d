import { z } from 'zod';
import { IdText } from './ids.js';

/**
 * Results (decision 032): moderation of flagged attempts, the award rule, ranks, top schools and publishing.
 * The shared shapes live here; each endpoint's query and answer schemas sit below them.
 */

/** An award's key: lower-case letters, digits and dashes (`gold`, `best-in-school`); also a certificate kind. */
export const AwardKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'Use lower-case letters, digits and dashes, starting with a letter (e.g. gold)');

/** Everyone who wrote and was not disqualified gets at least this award (and its certificate). */
export const PARTICIPATION = 'participation';
export const BEST_IN_SCHOOL = 'best-in-school';

/**
 * One award band, best first. `share` (percent of the learners ranked, in `percentile` mode) or `minPercent`
 * (the score in percent, in `cut_score` mode) decides who gets it; tied learners always get the same award.
 */
export const AwardBand = z.strictObject({
  key: AwardKey,
  label: z.string().trim().min(1, 'Give the award a name').max(60, 'Keep the name under 60 characters'),
  share: z.number().min(0).max(100).optional(),
  minPercent: z.number().min(0).max(100).optional(),
});
export type AwardBand = z.infer<typeof AwardBand>;

/**
 * The award rule as data, e.g. gold, silver and bronze for the top 40 % in a 1:2:3 ratio (shares 6.67, 13.33,
 * 20), merit for the next 20 %, participation for everyone else; per grade or over the whole olympiad; and a
 * best-in-school award for each school's top scorer(s).
 */
export const AwardRule = z.strictObject({
  mode: z.enum(['percentile', 'cut_score']),
  /** Bands applied within each grade (`grade`) or over everyone (`overall`). */
  scope: z.enum(['overall', 'grade']),
  bands: z.array(AwardBand).max(10, 'At most 10 awards'),
  participationLabel: z.string().trim().min(1).max(60).default('Participation'),
  /** Each school's top scorer(s) (ties included) also get the best-in-school award. */
  bestInSchool: z.boolean().default(false),
  /** Learners scoring 0 get no award at all (not even participation). */
  excludeZero: z.boolean().default(false),
});
export type AwardRule = z.infer<typeof AwardRule>;

export const defaultAwardRule: AwardRule = {
  mode: 'percentile',
  scope: 'overall',
  bands: [
    { key: 'gold', label: 'Gold', share: 6.67 },
    { key: 'silver', label: 'Silver', share: 13.33 },
    { key: 'bronze', label: 'Bronze', share: 20 },
    { key: 'merit', label: 'Merit', share: 20 },
  ],
  participationLabel: 'Participation',
  bestInSchool: true,
  excludeZero: false,
};

/** The thresholds of the moderation flags (settings per olympiad). */
export const ModerationSettings = z.strictObject({
  /** Flag a pair whose match is less likely than 10^-x by chance. */
  similarityMinLog10: z.number().min(1).max(50).default(6),
  /** Ignore pairs with fewer identical wrong answers than this. */
  similarityMinSharedWrong: z.number().int().min(1).max(1000).default(5),
  /** Flag a paper finished in less than this fraction of the olympiad's median time. */
  fastFinishRatio: z.number().min(0.01).max(1).default(0.33),
  /** Flag an attempt whose network address changed at least this many times. */
  ipChangesMin: z.number().int().min(1).max(1000).default(4),
  /** Flag an attempt written from at least this many sessions at once. */
  concurrentSessionsMin: z.number().int().min(2).max(100).default(2),
});
export type ModerationSettings = z.infer<typeof ModerationSettings>;
/** The defaults above, written out: nothing in the contract parses at load (the web app sets zod up first). */
export const defaultModerationSettings: ModerationSettings = {
  similarityMinLog10: 6,
  similarityMinSharedWrong: 5,
  fastFinishRatio: 0.33,
  ipChangesMin: 4,
  concurrentSessionsMin: 2,
};

/* ---- Awards, ranks, top schools, publishing and the downloads (res); additions only. ---- */

/** The award of a learner who gets none (a score of 0 under `excludeZero`): stored as '' in learner_results. */
export const NO_AWARD = '';

/**
 * The words of an award key under a rule (a band's label, the participation label, or "No award"): the one wording,
 * shared by the results' own pages and the teacher portal's summary of a school's results.
 */
export function awardLabel(rule: Pick<AwardRule, 'bands' | 'participationLabel'>, key: string): string {
  if (key === NO_AWARD) return 'No award';
  if (key === PARTICIPATION) return rule.participationLabel;
  return rule.bands.find((b) => b.key === key)?.label ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** Award keys a band may not take: they name the awards every rule gives on its own. */
const reservedKeys = new Set<string>([PARTICIPATION, BEST_IN_SCHOOL]);

/**
 * An award rule as the admin saves it: the shared AwardRule, checked as a whole: unique keys, a share for every
 * band in `percentile` mode (together at most 100 %), a cut score for every band in `cut_score` mode (each lower
 * than the one before).
 */
export const AwardRuleInput = AwardRule.superRefine((rule, ctx) => {
  const seen = new Set<string>();
  let total = 0;
  let previous = Infinity;
  rule.bands.forEach((band, i) => {
    const at = (field: string) => ['bands', i, field];
    if (reservedKeys.has(band.key))
      ctx.addIssue({ code: 'custom', path: at('key'), message: `“${band.key}” is given by the rule itself` });
    else if (seen.has(band.key))
      ctx.addIssue({ code: 'custom', path: at('key'), message: 'Each award needs its own key' });
    seen.add(band.key);
    if (rule.mode === 'percentile') {
      if (band.share == null) ctx.addIssue({ code: 'custom', path: at('share'), message: 'Give the share in %' });
      total += band.share ?? 0;
    } else if (band.minPercent == null) {
      ctx.addIssue({ code: 'custom', path: at('minPercent'), message: 'Give the lowest percent for this award' });
    } else {
      if (band.minPercent >= previous)
        ctx.addIssue({
          code: 'custom',
          path: at('minPercent'),
          message: 'Each award needs a lower cut score than the one above it',
        });
      previous = band.minPercent;
    }
  });
  if (rule.mode === 'percentile' && total > 100.0001)
    ctx.addIssue({
      code: 'custom',
      path: ['bands'],
      message: `The shares add up to ${+total.toFixed(2)} %, over 100 %`,
    });
});

export const TopSchoolsBestN = z.number().int().min(1, 'At least 1 learner').max(1000, 'At most 1,000 learners');

/** PUT /olympiad/results/{olympiadId} */
export const ResultsSettingsBody = z.strictObject({
  awardRule: AwardRuleInput,
  topSchoolsBestN: TopSchoolsBestN,
});
export type ResultsSettingsBody = z.infer<typeof ResultsSettingsBody>;

/** The attempts behind the results (final scores, r13: finished and marked, less the disqualified). */
export const ResultsCounts = z.object({
  /** Learners registered for the olympiad. */
  learners: z.number().int(),
  finished: z.number().int(),
  marked: z.number().int(),
  disqualified: z.number().int(),
  adjusted: z.number().int(),
  /** Finished, marked and not disqualified: the learners ranked. */
  counted: z.number().int(),
});

/** GET /olympiad/results/{olympiadId}: the settings and state of an olympiad's results. */
export const ResultsOverview = z.object({
  success: z.literal(true),
  olympiadId: z.number().int(),
  awardRule: AwardRule,
  /** The rule is the default one (none saved yet). */
  defaultRule: z.boolean(),
  topSchoolsBestN: z.number().int(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  /** Learner results in the last published snapshot (kept when unpublished). */
  snapshotRows: z.number().int(),
  windowClosed: z.boolean(),
  endsAt: z.string().nullable(),
  counts: ResultsCounts,
});
export type ResultsOverview = z.infer<typeof ResultsOverview>;

/** POST /olympiad/results/{olympiadId}/preview: a rule (or the saved one) tried on the final scores. */
export const ResultsPreviewBody = z
  .strictObject({
    awardRule: AwardRuleInput.optional(),
    topSchoolsBestN: TopSchoolsBestN.optional(),
  })
  .default({});

export const AwardCount = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  /** The lowest score (and percent) that got it; null when nobody did. */
  lowestScore: z.number().nullable(),
  lowestPercent: z.number().nullable(),
});
export type AwardCount = z.infer<typeof AwardCount>;

export const ResultsPreview = z.object({
  success: z.literal(true),
  counted: z.number().int(),
  maxScore: z.number().nullable(),
  /** Best band first, then participation, then no award (key ''); best in school counted apart. */
  awards: z.array(AwardCount),
  byGrade: z.array(
    z.object({ grade: z.number().int().nullable(), counted: z.number().int(), awards: z.array(AwardCount) }),
  ),
  bestInSchool: z.number().int(),
  /** Percents in 10 buckets (0–10 … 90–100, 100 in the last), each split by award key. */
  histogram: z.array(
    z.object({
      from: z.number(),
      to: z.number(),
      count: z.number().int(),
      awards: z.record(z.string(), z.number().int()),
    }),
  ),
});
export type ResultsPreview = z.infer<typeof ResultsPreview>;

export const PublishResult = z.object({
  success: z.literal(true),
  message: z.string(),
  publishedAt: z.string().nullable(),
  rows: z.number().int(),
});

export const learnerResultSorts = ['rank', 'name', 'school', 'grade', 'score', 'province'] as const;

/** GET /olympiad/results/{olympiadId}/learners */
export const LearnerResultsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().trim().max(200).optional(),
  grade: z.coerce.number().int().min(0).max(13).optional(),
  province: z.string().trim().max(60).optional(),
  award: z.string().trim().max(32).optional(),
  sort: z.enum(learnerResultSorts).default('rank'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type LearnerResultsQuery = z.infer<typeof LearnerResultsQuery>;

export const ModuleScore = z.object({ moduleId: z.number().int(), score: z.number(), maxScore: z.number() });

export const LearnerResult = z.object({
  attemptId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  schoolParticipantId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  province: z.string().nullable(),
  grade: z.number().int().nullable(),
  /** The language the learner wrote in: the attempt's, else the olympiad's default (decision 096). */
  language: z.enum(['en', 'af']).default('en'),
  score: z.number(),
  maxScore: z.number(),
  percent: z.number(),
  percentile: z.number(),
  rank: z.number().int(),
  gradeRank: z.number().int().nullable(),
  provinceRank: z.number().int().nullable(),
  /** The award's key ('' for none) and its label from the rule. */
  award: z.string(),
  awardLabel: z.string(),
  bestInSchool: z.boolean(),
  moduleScores: z.array(ModuleScore),
});
export type LearnerResult = z.infer<typeof LearnerResult>;

export const LearnerResultsPage = z.object({
  success: z.literal(true),
  items: z.array(LearnerResult),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  publishedAt: z.string().nullable(),
});

/** GET /olympiad/reports/top-school-calcs/{id} */
export const TopSchool = z.object({
  rank: z.number().int(),
  schoolParticipantId: z.number().int(),
  schoolName: z.string(),
  province: z.string().nullable(),
  /** Learners ranked at the school, and how many of them make its score (at most N). */
  learners: z.number().int(),
  counted: z.number().int(),
  /** The mean of the best N scores; a school with fewer than N learners counts the missing ones as 0. */
  mean: z.number(),
  meanPercent: z.number(),
  scores: z.array(z.number()),
});
export type TopSchool = z.infer<typeof TopSchool>;

export const TopSchools = z.object({
  success: z.literal(true),
  /** `published`: from the published snapshot; `live`: computed now from the final scores (before publishing). */
  source: z.enum(['published', 'live']),
  bestN: z.number().int(),
  items: z.array(TopSchool),
});
export type TopSchools = z.infer<typeof TopSchools>;

/** GET olympiad/results/downloads/details?olympiadId&format&schoolParticipantId&page&pageSize */
export const ResultsDownloadQuery = z.strictObject({
  olympiadId: IdText,
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  schoolParticipantId: IdText.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

export const ResultsModule = z.object({ moduleId: z.number().int(), title: z.string() });
export const ResultsDetailsPage = LearnerResultsPage.extend({ modules: z.array(ResultsModule) });

/** GET /olympiad/results/mine?olympiadId: a learner's own result, once published. */
export const MyResultQuery = z.strictObject({ olympiadId: IdText });
export const MyResult = z.object({
  success: z.literal(true),
  published: z.boolean(),
  result: z
    .object({
      score: z.number(),
      maxScore: z.number(),
      percent: z.number(),
      award: z.string(),
      awardLabel: z.string(),
      bestInSchool: z.boolean(),
      rank: z.number().int(),
      gradeRank: z.number().int().nullable(),
      /** Learners ranked overall and in the learner's grade. */
      counted: z.number().int(),
      gradeCounted: z.number().int().nullable(),
      /** The language the learner wrote in (decision 096). */
      language: z.enum(['en', 'af']).default('en'),
    })
    .nullable(),
});
export type MyResult = z.infer<typeof MyResult>;
