/**
 * The waiting room (issue 18, part 3; decision 041) as the storm benchmark sees it (bench/exam.ts --storm): the
 * learner's first state after signing in says admitted (`waiting: null`) or queued with a position and an estimate;
 * a queued learner then polls GET /api/sitting/{o}/waiting-room until admitted (bench/lib/learner.ts).
 */
/** What the storm records per learner. */
export interface AdmissionRecord {
  /** Arrival order (the learner's index: the moment its sign-in was sent). */
  arrival: number;
  /** Milliseconds from the sign-in sent to the first answer saying admitted or queued (sign-in + first state). */
  firstAnswerMs: number;
  queued: boolean;
  firstPosition: number | null;
  firstEstimateSeconds: number | null;
  /** Milliseconds from the sign-in sent to the state that said admitted. */
  admittedMs: number;
  /** performance.now() when that state arrived. */
  admittedAt: number;
}
