/**
 * Classical item analysis of a paper, pure: the figures Moodle's quiz statistics give
 * (https://docs.moodle.org/dev/Quiz_statistics_calculations), over a matrix of the marks each attempt was awarded
 * on each question. Notation as Moodle's: S attempts s, P questions i, x_i(s) the marks of attempt s on question i
 * (0 when it gave no answer), T(s) = Σ_i x_i(s) its total. A question's lowest possible mark is 0, so Moodle's
 * x_i(min) drops out of its formulas.
 *
 * Variances are sample variances, V(y) = Σ_s (y(s) − ȳ)² / (S − 1), as Moodle's are; the ratio inside alpha is the
 * same with population variances, so alpha over 0/1 questions equals KR-20's (P/(P−1))(1 − Σ p_i q_i / σ²_T).
 */

/** Below this many attempts alpha, its standard error and the discrimination index say more about chance than the paper. */
export const MIN_ATTEMPTS = 10;

export interface ItemFigures {
  /** F_i = x̄_i / x_i(max): mean marks over the question's marks (0–1); null with no attempts or a 0-mark question. */
  facility: number | null;
  /** SD_i = √V(x_i), in marks; null below two attempts. */
  sd: number | null;
  /**
   * D_i = r(x_i, X_i) = C(x_i, X_i) / √(V(x_i) V(X_i)), X_i(s) = T(s) − x_i(s): the question's marks against the rest
   * of the paper (the corrected item-total correlation, so the question does not correlate with itself). Null below
   * `minAttempts`, or when either variance is 0 (a question everybody scored the same on says nothing of who is
   * stronger).
   */
  discriminationIndex: number | null;
}

export interface PaperFigures {
  attempts: number;
  questions: number;
  /** Σ_i x_i(max). */
  maxMarks: number;
  /** T̄ and SD(T) = √V(T); null with no attempts (the SD below two). */
  mean: number | null;
  sd: number | null;
  /**
   * Cronbach's alpha, Moodle's coefficient of internal consistency: (P/(P−1)) (1 − Σ_i V(x_i) / V(T)). Null below
   * `minAttempts`, with fewer than two questions, or when every total is the same (V(T) = 0).
   */
  alpha: number | null;
  /** Standard error of measurement, Moodle's standard error: SD(T) √(1 − alpha), in marks; null with alpha. */
  sem: number | null;
  /** Every question is worth one mark and every mark awarded is 0 or 1: alpha is KR-20. */
  dichotomous: boolean;
  minAttempts: number;
}

const mean = (ys: readonly number[]) => ys.reduce((s, y) => s + y, 0) / ys.length;

/** Sample covariance C(a, b) = Σ (a − ā)(b − b̄) / (S − 1); V(a) is C(a, a). */
function covariance(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let sum = 0;
  for (let s = 0; s < a.length; s++) sum += (a[s]! - ma) * (b[s]! - mb);
  return sum / (a.length - 1);
}

/** Rounding noise of sums of marks (a variance of 1e-17 is 0, not a question with a spread). */
const EPSILON = 1e-12;

/**
 * The figures of each question and of the paper. `marks[s][i]` is attempt s's marks on question i, `maxMarks[i]`
 * question i's marks.
 */
export function itemStatistics(
  marks: readonly (readonly number[])[],
  maxMarks: readonly number[],
  { minAttempts = MIN_ATTEMPTS }: { minAttempts?: number } = {},
): { items: ItemFigures[]; paper: PaperFigures } {
  const S = marks.length;
  const P = maxMarks.length;
  const column = (i: number) => marks.map((row) => row[i] ?? 0);
  const totals = marks.map((row) => maxMarks.reduce((t, _, i) => t + (row[i] ?? 0), 0));
  const vT = S >= 2 ? covariance(totals, totals) : null;
  const enough = S >= Math.max(2, minAttempts);

  const variances: number[] = [];
  const items = maxMarks.map((max, i): ItemFigures => {
    const x = column(i);
    const vx = S >= 2 ? covariance(x, x) : null;
    variances.push(vx ?? 0);
    let discriminationIndex: number | null = null;
    if (enough && vx! > EPSILON) {
      const rest = totals.map((t, s) => t - x[s]!);
      const vRest = covariance(rest, rest);
      if (vRest > EPSILON) discriminationIndex = covariance(x, rest) / Math.sqrt(vx! * vRest);
    }
    return {
      facility: S > 0 && max > 0 ? mean(x) / max : null,
      sd: vx == null ? null : Math.sqrt(Math.max(0, vx)),
      discriminationIndex,
    };
  });

  const alpha =
    enough && P >= 2 && vT! > EPSILON ? (P / (P - 1)) * (1 - variances.reduce((s, v) => s + v, 0) / vT!) : null;
  const sd = vT == null ? null : Math.sqrt(Math.max(0, vT));
  return {
    items,
    paper: {
      attempts: S,
      questions: P,
      maxMarks: maxMarks.reduce((s, m) => s + m, 0),
      mean: S > 0 ? mean(totals) : null,
      sd,
      alpha,
      // A negative alpha (questions that pull against each other) still has a standard error: 1 − alpha > 1.
      sem: alpha == null || sd == null ? null : sd * Math.sqrt(1 - alpha),
      dichotomous:
        P > 0 && maxMarks.every((m) => m === 1) && marks.every((row) => row.every((x) => x === 0 || x === 1)),
      minAttempts,
    },
  };
}
