import { describe, expect, it } from 'vitest';
import { encodeAnswers, RIGHT_ANSWER, similarPairs, tailAtLeast } from './similarity.js';

/** The pure similarity check: the exact tail against brute force, and the leave-the-pair-out shares. */
describe('tailAtLeast', () => {
  it('equals the sum over every outcome of a small Poisson-binomial', () => {
    const p = Float64Array.from([0.1, 0.5, 0.33, 0.9, 0.25, 0.6]);
    const dp = new Float64Array(10);
    for (let x = 0; x <= 7; x++) {
      let brute = 0;
      for (let mask = 0; mask < 1 << p.length; mask++) {
        let prob = 1;
        let k = 0;
        for (let t = 0; t < p.length; t++) {
          const hit = (mask >> t) & 1;
          k += hit;
          prob *= hit ? p[t]! : 1 - p[t]!;
        }
        if (k >= x) brute += prob;
      }
      expect(tailAtLeast(p, p.length, x, dp)).toBeCloseTo(brute, 12);
    }
  });

  it('is (1/3)^20 for twenty identical wrong answers among three equally popular ones', () => {
    const p = new Float64Array(20).fill(1 / 3);
    expect(-Math.log10(tailAtLeast(p, 20, 20, new Float64Array(22)))).toBeCloseTo(20 * Math.log10(3), 9);
  });
});

describe('similarPairs', () => {
  // Six learners, ten questions; learners 0 and 1 give the same wrong answers, the others pick theirs at random.
  const wrongs = ['b', 'c', 'd'];
  let seed = 7;
  const pick = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return wrongs[Math.floor((seed / 2 ** 32) * 3)]!;
  };
  const answers = Array.from({ length: 6 }, (_, i) => Array.from({ length: 10 }, () => (i < 2 ? 'b' : pick())));

  it('flags the pair whose identical wrong answers are beyond chance, leaving the pair itself out of the shares', () => {
    const found = similarPairs(encodeAnswers(10, answers), [0, 1, 2, 3, 4, 5], { minLog10: 3, minSharedWrong: 5 });
    expect(found.map((p) => [p.a, p.b])).toEqual([[0, 1]]);
    expect(found[0]).toMatchObject({ sharedWrong: 10, bothWrong: 10, sharedAnswers: 10, bothAnswered: 10 });
    // Without the pair, each question's four other wrong answers are spread 2:1:1 (or so): far from certain.
    expect(found[0]!.expected).toBeLessThan(5);
  });

  it('finds nothing in right answers, however many are shared', () => {
    const right = Array.from({ length: 4 }, () => new Array<string>(10).fill(RIGHT_ANSWER));
    expect(similarPairs(encodeAnswers(10, right), [0, 1, 2, 3], { minLog10: 1, minSharedWrong: 1 })).toEqual([]);
  });
});
