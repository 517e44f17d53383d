import {
  type AwardCount,
  type AwardRule,
  awardLabel,
  NO_AWARD,
  PARTICIPATION,
  type ResultsPreview,
  type TopSchool,
} from '#contract/results';

/*
 * Ranks, percentiles, awards and top schools: pure functions over the final scores, so that
 * the preview, the publish and the benchmark compute exactly the same thing. Nothing here reads the database.
 */

/** One learner's final score (r13: finished, marked, not disqualified; an adjusted score replaces the marked one). */
export interface Entrant {
  attemptId: number;
  userId: number;
  schoolParticipantId: number | null;
  grade: number | null;
  province: string | null;
  score: number;
  maxScore: number;
}

/** An entrant with everything the published snapshot holds. */
export interface Standing extends Entrant {
  percent: number;
  /** The share of all ranked learners with a lower score, 0–100. */
  percentile: number;
  rank: number;
  gradeRank: number | null;
  provinceRank: number | null;
  /** The award's key, `participation`, or '' (NO_AWARD) for none. */
  award: string;
  bestInSchool: boolean;
}

/** Scores are stored as float4 (real): two scores this close are the same score. */
const EPS = 1e-6;
const same = (a: number, b: number) => Math.abs(a - b) < EPS;

/**
 * Competition ranks (1, 2, 2, 4) of `scores`, highest first, in the order given: a learner's rank is one more
 * than the number of learners with a higher score.
 */
export function competitionRanks(scores: readonly number[]): number[] {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
  const ranks = new Array<number>(scores.length);
  order.forEach(([score, i], position) => {
    const prev = order[position - 1];
    ranks[i] = prev && same(prev[0], score) ? ranks[prev[1]]! : position + 1;
  });
  return ranks;
}

/** The share (0–100) of `scores` lower than each score, in the order given. */
export function percentiles(scores: readonly number[]): number[] {
  const n = scores.length;
  if (n === 0) return [];
  const ranks = competitionRanks(scores);
  // Lower = n - (those higher or equal) = n - (rank - 1) - (those equal).
  const equal = new Map<number, number>();
  for (const r of ranks) equal.set(r, (equal.get(r) ?? 0) + 1);
  return ranks.map((r) => round2((100 * (n - (r - 1) - equal.get(r)!)) / n));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Ranks within groups (per grade, per province); a learner without a group has none. */
function ranksWithin<T>(items: readonly T[], group: (t: T) => string | number | null, score: (t: T) => number) {
  const out = new Array<number | null>(items.length).fill(null);
  const groups = new Map<string | number, number[]>();
  items.forEach((item, i) => {
    const g = group(item);
    if (g == null) return;
    let list = groups.get(g);
    if (!list) groups.set(g, (list = []));
    list.push(i);
  });
  for (const indices of groups.values()) {
    const ranks = competitionRanks(indices.map((i) => score(items[i]!)));
    indices.forEach((i, k) => (out[i] = ranks[k]!));
  }
  return out;
}

/**
 * The award of each learner of one group (everyone, or one grade) by the rule's bands, best first.
 * - `percentile`: the cumulative shares make cuts, rounded to the nearest learner (gold 6.67 % and silver 13.33 %
 *   of 60 learners: gold to rank 4, silver to rank 12; of 10 learners: gold to rank 1, silver to rank 2); a learner
 *   whose rank is within a band's cut gets it, so tied learners at a boundary all get the better award.
 * - `cut_score`: the first band whose `minPercent` the learner's percent reaches.
 * Everyone else gets participation; with `excludeZero`, a score of 0 gets no award at all.
 */
export function awardsOf(
  group: ReadonlyArray<{ score: number; percent: number }>,
  rule: Pick<AwardRule, 'mode' | 'bands' | 'excludeZero'>,
): string[] {
  const ranks = competitionRanks(group.map((g) => g.score));
  const n = group.length;
  const cuts: number[] = [];
  let cumulative = 0;
  for (const band of rule.bands) {
    cumulative += band.share ?? 0;
    cuts.push(Math.round((cumulative * n) / 100 + EPS));
  }
  return group.map((g, i) => {
    if (rule.excludeZero && same(g.score, 0)) return NO_AWARD;
    const k =
      rule.mode === 'percentile'
        ? rule.bands.findIndex((b, j) => (b.share ?? 0) > 0 && ranks[i]! <= cuts[j]!)
        : rule.bands.findIndex((b) => b.minPercent != null && g.percent + EPS >= b.minPercent);
    return k >= 0 ? rule.bands[k]!.key : PARTICIPATION;
  });
}

/** Each school's top score(s), ties included (not a score of 0 under `excludeZero`); no school, no award. */
export function bestInSchool(entrants: readonly Entrant[], excludeZero = false): boolean[] {
  const best = new Map<number, number>();
  for (const e of entrants) {
    if (e.schoolParticipantId == null) continue;
    const b = best.get(e.schoolParticipantId);
    if (b === undefined || e.score > b) best.set(e.schoolParticipantId, e.score);
  }
  return entrants.map(
    (e) =>
      e.schoolParticipantId != null &&
      same(e.score, best.get(e.schoolParticipantId)!) &&
      !(excludeZero && same(e.score, 0)),
  );
}

export const percentOf = (score: number, maxScore: number) => (maxScore > 0 ? round2((100 * score) / maxScore) : 0);

/** Everything the published snapshot holds, for every entrant, in the order given. */
export function standings(entrants: readonly Entrant[], rule: AwardRule): Standing[] {
  const scores = entrants.map((e) => e.score);
  const ranks = competitionRanks(scores);
  const pct = percentiles(scores);
  const gradeRanks = ranksWithin(
    entrants,
    (e) => e.grade,
    (e) => e.score,
  );
  const provinceRanks = ranksWithin(
    entrants,
    (e) => e.province || null,
    (e) => e.score,
  );
  const percents = entrants.map((e) => percentOf(e.score, e.maxScore));
  const awards = new Array<string>(entrants.length);
  const groups = new Map<string, number[]>();
  entrants.forEach((e, i) => {
    const key = rule.scope === 'grade' ? String(e.grade ?? 'none') : 'all';
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(i);
  });
  for (const indices of groups.values()) {
    const given = awardsOf(
      indices.map((i) => ({ score: scores[i]!, percent: percents[i]! })),
      rule,
    );
    indices.forEach((i, k) => (awards[i] = given[k]!));
  }
  const best = rule.bestInSchool ? bestInSchool(entrants, rule.excludeZero) : entrants.map(() => false);
  return entrants.map((e, i) => ({
    ...e,
    percent: percents[i]!,
    percentile: pct[i]!,
    rank: ranks[i]!,
    gradeRank: gradeRanks[i]!,
    provinceRank: provinceRanks[i]!,
    award: awards[i]!,
    bestInSchool: best[i]!,
  }));
}

/** The words of an award key under a rule: the contract's, so the portal words an award the same way. */
export { awardLabel };

function countAwards(rule: AwardRule, list: readonly Standing[]): AwardCount[] {
  const keys = [...rule.bands.map((b) => b.key), PARTICIPATION, ...(rule.excludeZero ? [NO_AWARD] : [])];
  return keys.map((key) => {
    const got = list.filter((s) => s.award === key);
    const lowest = got.reduce<Standing | null>((low, s) => (low == null || s.score < low.score ? s : low), null);
    return {
      key,
      label: awardLabel(rule, key),
      count: got.length,
      lowestScore: lowest ? lowest.score : null,
      lowestPercent: lowest ? lowest.percent : null,
    };
  });
}

/** What a rule gives: per award (overall and per grade) the count and lowest score, and percents in 10 buckets. */
export function distribution(rule: AwardRule, list: readonly Standing[]): Omit<ResultsPreview, 'success'> {
  const grades = [...new Set(list.map((s) => s.grade))].sort((a, b) => (a ?? 99) - (b ?? 99));
  const histogram = Array.from({ length: 10 }, (_, b) => ({
    from: b * 10,
    to: b * 10 + 10,
    count: 0,
    awards: {} as Record<string, number>,
  }));
  for (const s of list) {
    const bucket = histogram[Math.min(9, Math.max(0, Math.floor(s.percent / 10)))]!;
    bucket.count++;
    bucket.awards[s.award] = (bucket.awards[s.award] ?? 0) + 1;
  }
  return {
    counted: list.length,
    maxScore: list.length ? Math.max(...list.map((s) => s.maxScore)) : null,
    awards: countAwards(rule, list),
    byGrade: grades.map((grade) => {
      const inGrade = list.filter((s) => s.grade === grade);
      return { grade, counted: inGrade.length, awards: countAwards(rule, inGrade) };
    }),
    bestInSchool: list.filter((s) => s.bestInSchool).length,
    histogram,
  };
}

export interface SchoolOf {
  schoolParticipantId: number;
  schoolName: string;
  province: string | null;
}

/**
 * The top schools: each school's mean of its best N learners' scores, ranked (1, 2, 2, 4). A school with fewer
 * than N learners is still divided by N (the missing learners count as 0), so one strong learner does not
 * outrank a whole strong team.
 */
export function topSchools(
  list: ReadonlyArray<Pick<Entrant, 'schoolParticipantId' | 'score' | 'maxScore'>>,
  schools: ReadonlyMap<number, SchoolOf>,
  bestN: number,
): TopSchool[] {
  const bySchool = new Map<number, { scores: number[]; max: number }>();
  for (const s of list) {
    if (s.schoolParticipantId == null || !schools.has(s.schoolParticipantId)) continue;
    let entry = bySchool.get(s.schoolParticipantId);
    if (!entry) bySchool.set(s.schoolParticipantId, (entry = { scores: [], max: 0 }));
    entry.scores.push(s.score);
    entry.max = Math.max(entry.max, s.maxScore);
  }
  const rows = [...bySchool].map(([id, { scores, max }]) => {
    const best = [...scores].sort((a, b) => b - a).slice(0, bestN);
    const mean = round2(best.reduce((a, b) => a + b, 0) / bestN);
    const school = schools.get(id)!;
    return {
      schoolParticipantId: id,
      schoolName: school.schoolName,
      province: school.province,
      learners: scores.length,
      counted: best.length,
      mean,
      meanPercent: percentOf(mean, max),
      scores: best,
    };
  });
  const ranks = competitionRanks(rows.map((r) => r.mean));
  return rows
    .map((r, i) => ({ rank: ranks[i]!, ...r }))
    .sort((a, b) => a.rank - b.rank || a.schoolName.localeCompare(b.schoolName));
}
