/*
 * Whether a question is answered worse in one language than in the other by more than chance explains (decision
 * 096): the two-proportion z-test on the shares with full marks. Pure, so its figures can be checked by hand.
 */

/** Below this many finished attempts in either language a question is not tested: too few to tell. */
export const MIN_ATTEMPTS_PER_LANGUAGE = 30;
/** The p-value under which a difference is flagged: about one question in a hundred of a fair paper by chance. */
export const SIGNIFICANCE = 0.01;

/**
 * The complementary error function (W. J. Cody's rational approximation as in Numerical Recipes' `erfcc`, relative
 * error below 1.2e-7 everywhere): enough for a p-value compared with 0.01.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The correct answers and the finished attempts of one language on one question. */
export interface LanguageCount {
  correct: number;
  attempts: number;
}

export interface TwoProportionTest {
  /** The difference of the shares correct, first less second. */
  difference: number;
  z: number;
  /** Two-sided. */
  p: number;
}

/**
 * The two-proportion z-test with the pooled share: z = (p₁ − p₂) / √(p̂(1 − p̂)(1/n₁ + 1/n₂)), p̂ = (x₁ + x₂)/(n₁ + n₂),
 * and the two-sided p-value erfc(|z|/√2). Null when either side has no attempt; a pooled share of 0 or 1 (everybody
 * alike) has no difference to test: z 0, p 1.
 */
export function twoProportionTest(a: LanguageCount, b: LanguageCount): TwoProportionTest | null {
  if (a.attempts === 0 || b.attempts === 0) return null;
  const pa = a.correct / a.attempts;
  const pb = b.correct / b.attempts;
  const pooled = (a.correct + b.correct) / (a.attempts + b.attempts);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.attempts + 1 / b.attempts));
  if (se === 0) return { difference: pa - pb, z: 0, p: 1 };
  const z = (pa - pb) / se;
  return { difference: pa - pb, z, p: erfc(Math.abs(z) / Math.SQRT2) };
}

/** What the test says of one question. */
export type LanguageVerdict = 'differs' | 'within_chance' | 'too_few' | 'anchor';

/**
 * The verdict on one question: an anchor (its words are the same in both languages, so no translation can have
 * made it harder) is never tested; fewer than MIN_ATTEMPTS_PER_LANGUAGE finished attempts in either language are
 * too few; otherwise it differs when p < SIGNIFICANCE.
 */
export function verdictOf(
  anchor: boolean,
  a: LanguageCount,
  b: LanguageCount,
  test: TwoProportionTest | null,
): LanguageVerdict {
  if (anchor) return 'anchor';
  if (!test || a.attempts < MIN_ATTEMPTS_PER_LANGUAGE || b.attempts < MIN_ATTEMPTS_PER_LANGUAGE) return 'too_few';
  return test.p < SIGNIFICANCE ? 'differs' : 'within_chance';
}
