import { describe, expect, it } from 'vitest';
import { type AwardRule, AwardRuleInput, defaultAwardRule } from '#contract/results';
import {
  awardsOf,
  bestInSchool,
  competitionRanks,
  distribution,
  type Entrant,
  percentiles,
  standings,
  topSchools,
} from './standings.js';

/** The pure results functions (ranks, percentiles, awards, best in school, top schools), ties above all. */

let next = 0;
const entrant = (score: number, extra: Partial<Entrant> = {}): Entrant => ({
  attemptId: ++next,
  userId: next,
  schoolParticipantId: 1,
  grade: 10,
  province: 'Gauteng',
  score,
  maxScore: 100,
  ...extra,
});

const rule = (over: Partial<AwardRule>): AwardRule => ({ ...defaultAwardRule, bestInSchool: false, ...over });
const bands = (...shares: number[]) =>
  shares.map((share, i) => ({ key: ['gold', 'silver', 'bronze', 'merit'][i]!, label: `Band ${i}`, share }));

describe('competitionRanks', () => {
  it('ranks ties alike and skips the places they take (1, 2, 2, 4)', () => {
    expect(competitionRanks([90, 80, 80, 70])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([70, 80, 90, 80])).toEqual([4, 2, 1, 2]);
    expect(competitionRanks([5, 5, 5])).toEqual([1, 1, 1]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('treats float4 neighbours as the same score', () => {
    expect(competitionRanks([12.5, 12.5000001, 3])).toEqual([1, 1, 3]);
  });
});

describe('percentiles', () => {
  it('is the share of learners with a lower score', () => {
    expect(percentiles([90, 80, 80, 70])).toEqual([75, 25, 25, 0]);
    expect(percentiles([10])).toEqual([0]);
    expect(percentiles([3, 3])).toEqual([0, 0]);
  });
});

describe('awardsOf, percentile mode', () => {
  const group = (...scores: number[]) => scores.map((score) => ({ score, percent: score }));

  it('gives each band its cumulative share, best first', () => {
    // 10 learners: gold 10 % (rank 1), silver 20 % (ranks 2–3), bronze 30 % (ranks 4–6), the rest participation.
    const got = awardsOf(group(100, 90, 80, 70, 60, 50, 40, 30, 20, 10), rule({ bands: bands(10, 20, 30) }));
    expect(got).toEqual([
      'gold',
      'silver',
      'silver',
      'bronze',
      'bronze',
      'bronze',
      'participation',
      'participation',
      'participation',
      'participation',
    ]);
  });

  it('gives tied learners at a boundary the better award, and the next band starts after them', () => {
    // Gold is 1 learner of 10, but ranks 1 tie: both are gold. Silver's cut is 3: rank 3 is silver.
    const got = awardsOf(group(100, 100, 80, 70, 70, 70, 40, 30, 20, 10), rule({ bands: bands(10, 20, 10) }));
    expect(got.slice(0, 6)).toEqual(['gold', 'gold', 'silver', 'bronze', 'bronze', 'bronze']);
    expect(got[6]).toBe('participation');
  });

  it('gives a whole tie beyond the cut the lower award (its rank is past the cut)', () => {
    // Gold cut 1: ranks 2, 2 are beyond it and both silver (cut 3).
    expect(awardsOf(group(90, 80, 80, 10), rule({ bands: bands(25, 50) }))).toEqual([
      'gold',
      'silver',
      'silver',
      'participation',
    ]);
  });

  it('splits the top 40 % 1:2:3 over 60 learners as 4, 8 and 12', () => {
    const scores = Array.from({ length: 60 }, (_, i) => 100 - i);
    const got = awardsOf(group(...scores), rule({ bands: bands(6.67, 13.33, 20, 20) }));
    const count = (k: string) => got.filter((a) => a === k).length;
    expect([count('gold'), count('silver'), count('bronze'), count('merit'), count('participation')]).toEqual([
      4, 8, 12, 12, 24,
    ]);
  });

  it('rounds each cut to the nearest learner: 6.67 % of 10 is the first, 50 % of 1 is the one', () => {
    const got = awardsOf(group(100, 90, 80, 70, 60, 50, 40, 30, 20, 10), rule({ bands: bands(6.67, 13.33, 20) }));
    expect(got.slice(0, 5)).toEqual(['gold', 'silver', 'bronze', 'bronze', 'participation']);
    expect(awardsOf(group(7), rule({ bands: bands(50) }))).toEqual(['gold']);
    expect(awardsOf(group(7), rule({ bands: bands(49) }))).toEqual(['participation']);
  });

  it('a band with a share of 0 gives nothing; excludeZero leaves a score of 0 without any award', () => {
    const got = awardsOf(group(50, 0, 0), rule({ bands: bands(0, 34), excludeZero: true }));
    expect(got).toEqual(['silver', '', '']);
    expect(awardsOf(group(0), rule({ bands: bands(100) }))).toEqual(['gold']);
  });
});

describe('awardsOf, cut_score mode', () => {
  const cut = rule({
    mode: 'cut_score',
    bands: [
      { key: 'gold', label: 'Gold', minPercent: 80 },
      { key: 'silver', label: 'Silver', minPercent: 60 },
    ],
  });

  it('gives the first band whose lowest percent the learner reaches (exactly at the cut counts)', () => {
    const got = awardsOf(
      [80, 79.99, 60, 59.5, 100].map((percent) => ({ score: percent / 2, percent })),
      cut,
    );
    expect(got).toEqual(['gold', 'silver', 'silver', 'participation', 'gold']);
  });
});

describe('bestInSchool', () => {
  it('marks every top scorer of each school, ties included, and nobody without a school', () => {
    const list = [
      entrant(70, { schoolParticipantId: 1 }),
      entrant(70, { schoolParticipantId: 1 }),
      entrant(50, { schoolParticipantId: 1 }),
      entrant(20, { schoolParticipantId: 2 }),
      entrant(90, { schoolParticipantId: null }),
    ];
    expect(bestInSchool(list)).toEqual([true, true, false, true, false]);
  });

  it('gives no best-in-school award for a 0 under excludeZero', () => {
    expect(bestInSchool([entrant(0, { schoolParticipantId: 3 })], true)).toEqual([false]);
    expect(bestInSchool([entrant(0, { schoolParticipantId: 3 })], false)).toEqual([true]);
  });
});

describe('standings', () => {
  it('ranks overall, per grade and per province, and awards per grade when the rule says so', () => {
    const list = [
      entrant(90, { grade: 10, province: 'Gauteng' }),
      entrant(80, { grade: 11, province: 'Western Cape' }),
      entrant(80, { grade: 10, province: 'Gauteng' }),
      entrant(60, { grade: 11, province: 'Gauteng' }),
      entrant(40, { grade: null, province: null }),
    ];
    const got = standings(list, rule({ scope: 'grade', bands: bands(50), bestInSchool: true }));
    expect(got.map((s) => [s.rank, s.gradeRank, s.provinceRank, s.award, s.bestInSchool])).toEqual([
      [1, 1, 1, 'gold', true],
      [2, 1, 1, 'gold', false],
      [2, 2, 2, 'participation', false],
      [4, 2, 3, 'participation', false],
      [5, null, null, 'gold', false],
    ]);
    expect(got.map((s) => s.percentile)).toEqual([80, 40, 40, 20, 0]);
    // Overall, gold (50 % of 5 = 2.5) takes ranks 1, 2 and 2.
    const overall = standings(list, rule({ scope: 'overall', bands: bands(50) }));
    expect(overall.map((s) => s.award)).toEqual(['gold', 'gold', 'gold', 'participation', 'participation']);
  });

  it('counts percent against each attempt’s own maximum', () => {
    const [s] = standings([entrant(15, { maxScore: 40 })], rule({ bands: [] }));
    expect(s).toMatchObject({ percent: 37.5, award: 'participation', rank: 1 });
  });
});

describe('distribution', () => {
  it('counts each award with its lowest score, per grade, and percents in 10 buckets', () => {
    const list = standings(
      [entrant(100, { grade: 10 }), entrant(95, { grade: 11 }), entrant(55, { grade: 10 }), entrant(5, { grade: 10 })],
      rule({ bands: bands(25, 25), bestInSchool: true }),
    );
    const d = distribution(rule({ bands: bands(25, 25) }), list);
    expect(d.counted).toBe(4);
    expect(d.awards.map((a) => [a.key, a.count, a.lowestScore])).toEqual([
      ['gold', 1, 100],
      ['silver', 1, 95],
      ['participation', 2, 5],
    ]);
    expect(d.byGrade.map((g) => [g.grade, g.counted])).toEqual([
      [10, 3],
      [11, 1],
    ]);
    expect(d.bestInSchool).toBe(1);
    expect(d.histogram.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(d.histogram[9]!.awards).toEqual({ gold: 1, silver: 1 });
  });
});

describe('topSchools', () => {
  const schools = new Map([
    [1, { schoolParticipantId: 1, schoolName: 'Alpha', province: 'Gauteng' }],
    [2, { schoolParticipantId: 2, schoolName: 'Beta', province: 'Limpopo' }],
    [3, { schoolParticipantId: 3, schoolName: 'Gamma', province: null }],
  ]);

  it('ranks schools by the mean of their best N, ties alike, fewer than N counted as 0', () => {
    const list = [
      ...[90, 80, 10].map((score) => entrant(score, { schoolParticipantId: 1 })),
      ...[85, 85, 85].map((score) => entrant(score, { schoolParticipantId: 2 })),
      entrant(100, { schoolParticipantId: 3 }),
    ];
    const got = topSchools(list, schools, 2);
    expect(got.map((s) => [s.rank, s.schoolName, s.mean, s.counted, s.learners, s.scores])).toEqual([
      [1, 'Alpha', 85, 2, 3, [90, 80]],
      [1, 'Beta', 85, 2, 3, [85, 85]],
      [3, 'Gamma', 50, 1, 1, [100]],
    ]);
    expect(got[2]!.meanPercent).toBe(50);
  });
});

describe('AwardRuleInput', () => {
  it('refuses shares over 100 %, a missing share or cut score, reserved and repeated keys', () => {
    const issues = (r: unknown) =>
      AwardRuleInput.safeParse(r).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues(defaultAwardRule)).toEqual([]);
    expect(issues({ ...defaultAwardRule, bands: bands(60, 50) })).toEqual([
      'bands: The shares add up to 110 %, over 100 %',
    ]);
    expect(issues({ ...defaultAwardRule, bands: [{ key: 'gold', label: 'Gold' }] })).toEqual([
      'bands.0.share: Give the share in %',
    ]);
    expect(
      issues({
        ...defaultAwardRule,
        mode: 'cut_score',
        bands: [
          { key: 'gold', label: 'Gold', minPercent: 50 },
          { key: 'gold', label: 'Silver', minPercent: 60 },
          { key: 'participation', label: 'P', minPercent: 10 },
        ],
      }),
    ).toEqual([
      'bands.1.key: Each award needs its own key',
      'bands.1.minPercent: Each award needs a lower cut score than the one above it',
      'bands.2.key: “participation” is given by the rule itself',
    ]);
  });
});
