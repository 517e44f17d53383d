/**
 * The waiting room (decisions 041 and 053) as the storm benchmark sees it (bench/exam.ts --storm):
 * during the window the sign-in itself answers a place in the queue (202, with a pass) or goes on to the session;
 * a queued learner polls GET /api/sitting/{o}/queue?pass until admitted and signs in again. A learner who signed in
 * earlier is placed at their first state instead, and polls GET /api/sitting/{o}/waiting-room (bench/lib/learner.ts).
 */
/** What the storm records per learner. */
export interface AdmissionRecord {
  /** Arrival order (the learner's index: the moment its sign-in was sent). */
  arrival: number;
  /** Milliseconds from the sign-in sent to the first answer saying queued (the sign-in's) or admitted (+ first state). */
  firstAnswerMs: number;
  queued: boolean;
  firstPosition: number | null;
  /**
   * The learner's ticket (arrival order in the room), read from the pass a sign-in queued them with (decision 053);
   * null when they were queued at their first look instead, which gives no ticket.
   */
  ticket: number | null;
  firstEstimateSeconds: number | null;
  /** Milliseconds from the sign-in sent to the state that said admitted. */
  admittedMs: number;
  /** performance.now() when that state arrived. */
  admittedAt: number;
  /**
   * performance.now() when the learner last asked and was told "not yet" (that request's sending; at first the
   * sign-in's): their admission came after it.
   */
  refusedAt: number;
}
