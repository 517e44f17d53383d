import { describe, expect, it } from 'vitest';
import { itemStatistics, MIN_ATTEMPTS } from './item-statistics.js';

/**
 * The figures against values worked out by hand (sample variances, divisor S − 1 = 3):
 *
 *   attempt  A  B  C  total
 *   1        1  1  1  3
 *   2        1  1  0  2
 *   3        1  0  0  1
 *   4        0  0  0  0
 *
 * V(A) = V(C) = 0.75/3 = 0.25, V(B) = 1/3, V(T) = 5/3. alpha = 3/2 · (1 − (5/6)/(5/3)) = 0.75; KR-20 from p·q
 * (0.1875 + 0.25 + 0.1875 = 0.625) and the population variance of the totals (1.25) gives 3/2 · (1 − 0.5) = 0.75 too.
 * SEM = √(5/3) · √0.25 = 0.6455. A against the rest (2, 1, 0, 0): 0.75 / √(0.75 · 2.75) = 0.5222; B against (2, 1,
 * 1, 0): 1 / √(1 · 2) = 0.7071; C as A.
 */
const binary = [
  [1, 1, 1],
  [1, 1, 0],
  [1, 0, 0],
  [0, 0, 0],
];

describe('itemStatistics', () => {
  it('gives facility, SD, the item-rest correlation, alpha (= KR-20) and the standard error of 0/1 questions', () => {
    const { items, paper } = itemStatistics(binary, [1, 1, 1], { minAttempts: 2 });
    expect(items.map((i) => i.facility)).toEqual([0.75, 0.5, 0.25]);
    expect(items[0]!.sd).toBeCloseTo(0.5, 10);
    expect(items[1]!.sd).toBeCloseTo(Math.sqrt(1 / 3), 10);
    expect(items[0]!.discriminationIndex).toBeCloseTo(0.52223, 5);
    expect(items[1]!.discriminationIndex).toBeCloseTo(0.70711, 5);
    expect(items[2]!.discriminationIndex).toBeCloseTo(0.52223, 5);
    expect(paper).toMatchObject({ attempts: 4, questions: 3, maxMarks: 3, mean: 1.5, dichotomous: true });
    expect(paper.sd).toBeCloseTo(Math.sqrt(5 / 3), 10);
    expect(paper.alpha).toBeCloseTo(0.75, 10);
    // KR-20 by its own formula, from p·q and the population variance of the totals.
    const p = [0.75, 0.5, 0.25];
    const kr20 = (3 / 2) * (1 - p.reduce((s, x) => s + x * (1 - x), 0) / 1.25);
    expect(paper.alpha).toBeCloseTo(kr20, 10);
    expect(paper.sem).toBeCloseTo(0.645497, 5);
  });

  it('counts partial marks in the facility and alpha of questions worth more than a mark', () => {
    // Q1 out of 2: 2, 1, 1, 0 (mean 1, V = 2/3); Q2 out of 1: 1, 1, 0, 0 (V = 1/3); totals 3, 2, 1, 0 (V = 5/3).
    // alpha = 2 · (1 − 1/(5/3)) = 0.8; each against the other: 1 / √(2 · 1) = 0.7071.
    const { items, paper } = itemStatistics(
      [
        [2, 1],
        [1, 1],
        [1, 0],
        [0, 0],
      ],
      [2, 1],
      { minAttempts: 2 },
    );
    expect(items.map((i) => i.facility)).toEqual([0.5, 0.5]);
    expect(items[0]!.sd).toBeCloseTo(Math.sqrt(2 / 3), 10);
    expect(items[0]!.discriminationIndex).toBeCloseTo(Math.SQRT1_2, 10);
    expect(items[1]!.discriminationIndex).toBeCloseTo(Math.SQRT1_2, 10);
    expect(paper.alpha).toBeCloseTo(0.8, 10);
    expect(paper.maxMarks).toBe(3);
    expect(paper.dichotomous).toBe(false);
  });

  it('gives a question everybody scored the same on SD 0 and no discrimination index, and counts it in alpha', () => {
    // D is right for everybody: the totals only shift by one, Σ V(x_i) stays 5/6, and P = 4: alpha = 4/3 · 0.5.
    const { items, paper } = itemStatistics(
      binary.map((row) => [...row, 1]),
      [1, 1, 1, 1],
      { minAttempts: 2 },
    );
    expect(items[3]).toEqual({ facility: 1, sd: 0, discriminationIndex: null });
    expect(items[0]!.discriminationIndex).toBeCloseTo(0.52223, 5);
    expect(paper.alpha).toBeCloseTo(2 / 3, 10);
    expect(paper.mean).toBe(2.5);
  });

  it('gives no alpha, standard error or discrimination index below the minimum of attempts', () => {
    expect(MIN_ATTEMPTS).toBe(10);
    const { items, paper } = itemStatistics(binary, [1, 1, 1]);
    expect(items[0]).toMatchObject({ facility: 0.75, discriminationIndex: null });
    expect(items[0]!.sd).toBeCloseTo(0.5, 10);
    expect(paper).toMatchObject({ attempts: 4, mean: 1.5, alpha: null, sem: null, minAttempts: 10 });
  });

  it('gives nothing it cannot: no attempts, one attempt, one question, equal totals', () => {
    expect(itemStatistics([], [1, 2]).paper).toMatchObject({ attempts: 0, maxMarks: 3, mean: null, sd: null });
    expect(itemStatistics([], [1, 2]).items[0]).toEqual({ facility: null, sd: null, discriminationIndex: null });
    const one = itemStatistics([[1, 0]], [1, 1], { minAttempts: 1 });
    expect(one.items[0]).toEqual({ facility: 1, sd: null, discriminationIndex: null });
    expect(one.paper).toMatchObject({ mean: 1, sd: null, alpha: null });
    const single = itemStatistics(
      binary.map((r) => [r[0]!]),
      [1],
      { minAttempts: 2 },
    );
    expect(single.paper.alpha).toBeNull();
    const equal = itemStatistics(
      [
        [1, 0],
        [0, 1],
      ],
      [1, 1],
      { minAttempts: 2 },
    );
    expect(equal.paper).toMatchObject({ sd: 0, alpha: null, sem: null });
    // Whoever got one right got the other wrong: each question runs exactly against the rest of the paper.
    expect(equal.items[0]!.discriminationIndex).toBeCloseTo(-1, 10);
  });
});
