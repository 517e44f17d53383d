/**
 * Answer-sequence similarity within a school: the check exam boards use for collusion.
 *
 * Two learners who both got a question wrong may still give the same wrong answer by chance; how likely that is
 * depends on how popular each wrong answer was among all the olympiad's learners. Over every pair of learners, the
 * chance of the same wrong answer is the sum of the squared shares of the wrong answers; given one learner's answer,
 * it is that answer's share (so a match on a rare wrong answer weighs more than one on the usual mistake). A pair's
 * evidence is the number X of questions on which both gave the same wrong answer, out of the W questions both got
 * wrong; under independence X is a sum of W independent Bernoulli variables (a Poisson-binomial) with those chances,
 * and the pair's score is -log10 P(X ≥ x), computed exactly by dynamic programming, given either learner's answers,
 * whichever is likelier (conservative).
 *
 * The shares for a pair leave out the pair's own two answers (with few learners, a copied pair would otherwise make
 * its own wrong answer look popular) and count one more, so that an answer nobody else gave is rare, not impossible. Pure and allocation-free in its inner loop: answers are small integer codes in
 * one typed array (learner × question), so a school of 1,000 learners (499,500 pairs) takes well under a second.
 */

/** An answer's code: 0 no answer, 1 a right answer, 2 and up one distinct wrong answer of that question. */
export const BLANK = 0;
export const RIGHT = 1;

/** Every learner's answer codes, and how often each wrong answer was given, over all of an olympiad's learners. */
export interface AnswerCodes {
  /** Questions on the paper. */
  questions: number;
  /** Learners (rows). */
  learners: number;
  /** `codes[learner * questions + question]`. */
  codes: Uint16Array;
  /** Where question j's counts start in `counts` (counts[offset[j] + code] for code ≥ 2). */
  offset: Int32Array;
  /** How many learners gave each wrong answer. */
  counts: Int32Array;
  /** Per question: how many learners answered it wrong. */
  wrong: Int32Array;
}

/**
 * Builds the codes from each learner's answers as canonical strings per question (`undefined` or '' for none,
 * `RIGHT_ANSWER` for a right one, anything else a wrong answer compared as text).
 */
export const RIGHT_ANSWER = '\u0000right';

export function encodeAnswers(
  questions: number,
  answers: ReadonlyArray<ReadonlyArray<string | undefined>>,
): AnswerCodes {
  const learners = answers.length;
  const codes = new Uint16Array(learners * questions);
  const dictionaries = Array.from({ length: questions }, () => new Map<string, number>());
  for (let i = 0; i < learners; i++) {
    const row = answers[i]!;
    for (let j = 0; j < questions; j++) {
      const value = row[j];
      if (value === undefined || value === '') continue;
      if (value === RIGHT_ANSWER) {
        codes[i * questions + j] = RIGHT;
        continue;
      }
      const dictionary = dictionaries[j]!;
      let code = dictionary.get(value);
      if (code === undefined) {
        // More distinct wrong answers than a code holds share the last code (never the case on a real paper).
        code = Math.min(dictionary.size + 2, 0xffff);
        dictionary.set(value, code);
      }
      codes[i * questions + j] = code;
    }
  }
  return countCodes(questions, learners, codes);
}

/** The counts behind the shares, from codes already made (the benchmark builds codes directly). */
export function countCodes(questions: number, learners: number, codes: Uint16Array): AnswerCodes {
  const maxCode = new Int32Array(questions).fill(1);
  for (let i = 0; i < learners; i++) {
    for (let j = 0; j < questions; j++) {
      const c = codes[i * questions + j]!;
      if (c > maxCode[j]!) maxCode[j] = c;
    }
  }
  const offset = new Int32Array(questions);
  let size = 0;
  for (let j = 0; j < questions; j++) {
    offset[j] = size;
    size += maxCode[j]! + 1;
  }
  const counts = new Int32Array(size);
  const wrong = new Int32Array(questions);
  for (let i = 0; i < learners; i++) {
    for (let j = 0; j < questions; j++) {
      const c = codes[i * questions + j]!;
      if (c >= 2) {
        counts[offset[j]! + c]!++;
        wrong[j]!++;
      }
    }
  }
  return { questions, learners, codes, offset, counts, wrong };
}

export interface SimilarityThresholds {
  /** Flag a pair whose match is less likely than 10^-minLog10. */
  minLog10: number;
  /** …and that shares at least this many identical wrong answers. */
  minSharedWrong: number;
}

/** A flagged pair of learners (rows of the codes, a < b) and its evidence. */
export interface SimilarPair {
  a: number;
  b: number;
  /** -log10 of the probability (capped at MAX_LOG10). */
  log10: number;
  probability: number;
  /** Questions on which both gave the same wrong answer. */
  sharedWrong: number;
  /** Questions both got wrong. */
  bothWrong: number;
  /** How many identical wrong answers independent learners would give on those questions, on average. */
  expected: number;
  /** Questions on which both gave the same answer, right or wrong. */
  sharedAnswers: number;
  /** Questions both answered. */
  bothAnswered: number;
}

/** Beyond this, the probability is below what a double holds: the score says "at least". */
export const MAX_LOG10 = 300;

/**
 * P(X ≥ x) for X a sum of independent Bernoulli(p[0..w-1]): dp[k] is P(k matches so far) for k < x, and dp[x]
 * collects every path that reached x (it stays there).
 */
export function tailAtLeast(p: Float64Array, w: number, x: number, dp: Float64Array): number {
  if (x <= 0) return 1;
  if (x > w) return 0;
  dp.fill(0, 0, x + 1);
  dp[0] = 1;
  for (let t = 0; t < w; t++) {
    const pt = p[t]!;
    const qt = 1 - pt;
    const top = t + 1 < x ? t + 1 : x;
    if (top === x) dp[x] = dp[x]! + dp[x - 1]! * pt;
    for (let k = top === x ? x - 1 : top; k >= 1; k--) dp[k] = dp[k]! * qt + dp[k - 1]! * pt;
    dp[0] = dp[0]! * qt;
  }
  return dp[x]!;
}

/**
 * The pairs among `rows` (learners of one school) whose identical wrong answers are beyond chance. The counts are
 * the whole olympiad's. `onRow` is told after each row's pairs (progress).
 */
export function similarPairs(
  data: AnswerCodes,
  rows: ArrayLike<number>,
  thresholds: SimilarityThresholds,
  onRow?: (done: number) => void,
): SimilarPair[] {
  const { questions: Q, codes, offset, counts, wrong } = data;
  const n = rows.length;
  // The chance of each both-wrong question's match, given the first learner's answer (A) or the second's (B).
  const chancesA = new Float64Array(Q);
  const chancesB = new Float64Array(Q);
  const dp = new Float64Array(Q + 2);
  const found: SimilarPair[] = [];
  const minShared = Math.max(1, thresholds.minSharedWrong);
  for (let ia = 0; ia < n; ia++) {
    const a = rows[ia]!;
    const baseA = a * Q;
    for (let ib = ia + 1; ib < n; ib++) {
      const b = rows[ib]!;
      const baseB = b * Q;
      let w = 0;
      let x = 0;
      let muA = 0;
      let muB = 0;
      for (let j = 0; j < Q; j++) {
        const ca = codes[baseA + j]!;
        if (ca < 2) continue;
        const cb = codes[baseB + j]!;
        if (cb < 2) continue;
        // Both wrong: the share of the other learners' wrong answers that are the same as A's (or B's), with one
        // added, so that an answer nobody else gave is rare but never impossible.
        const others = wrong[j]! - 2;
        let pa = 1;
        let pb = 1;
        if (others > 0) {
          const na = counts[offset[j]! + ca]!;
          if (ca === cb) {
            pa = pb = (na - 2 + 1) / (others + 1);
            x++;
          } else {
            pa = (na - 1 + 1) / (others + 1);
            pb = (counts[offset[j]! + cb]! - 1 + 1) / (others + 1);
          }
        } else if (ca === cb) x++;
        chancesA[w] = pa;
        chancesB[w++] = pb;
        muA += pa;
        muB += pb;
      }
      // At or below the mean, the tail is at least one half (a Poisson-binomial's median is within 1 of its mean).
      if (x < minShared || x <= Math.floor(muA) || x <= Math.floor(muB)) continue;
      // Conservative: the likelier of the two readings (given A's answers, given B's).
      const pA = tailAtLeast(chancesA, w, x, dp);
      const pB = tailAtLeast(chancesB, w, x, dp);
      const probability = Math.max(pA, pB);
      const mu = pA >= pB ? muA : muB;
      const log10 = probability > 0 ? Math.min(MAX_LOG10, -Math.log10(probability)) : MAX_LOG10;
      if (log10 < thresholds.minLog10) continue;
      let sharedAnswers = 0;
      let bothAnswered = 0;
      for (let j = 0; j < Q; j++) {
        const ca = codes[baseA + j]!;
        const cb = codes[baseB + j]!;
        if (ca === BLANK || cb === BLANK) continue;
        bothAnswered++;
        if (ca === cb) sharedAnswers++;
      }
      found.push({
        a: Math.min(a, b),
        b: Math.max(a, b),
        log10,
        probability,
        sharedWrong: x,
        bothWrong: w,
        expected: mu,
        sharedAnswers,
        bothAnswered,
      });
    }
    onRow?.(ia + 1);
  }
  return found;
}
