import { z } from 'zod';

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
export const defaultModerationSettings: ModerationSettings = ModerationSettings.parse({});
