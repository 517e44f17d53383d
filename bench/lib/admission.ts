/**
 * The waiting room (issue 18, part 3) as the storm benchmark sees it (bench/exam.ts --storm).
 *
 * HOOK: the waiting room's API belongs to its own change. This reads a learner's answer after signing in
 * (the sign-in's answer and the first state) and says whether the learner is admitted, or queued with a position
 * and an estimate. It recognises a state step named `waiting` or `queued`, or a `waitingRoom` / `queue` object
 * with `admitted: false` or a `position`, in either answer. When the waiting room's answer is named otherwise,
 * change only this function. Until then every learner counts as admitted at once, and the storm measures
 * sign-in + state.
 */
export type Admission =
  { admitted: true } | { admitted: false; position: number | null; estimateSeconds: number | null };

type Loose = Record<string, unknown> | null | undefined;

function queuedIn(body: Loose): Admission | null {
  if (!body || typeof body !== 'object') return null;
  const room = (body.waitingRoom ?? body.queue ?? null) as Loose;
  const stepQueued = body.step === 'waiting' || body.step === 'queued';
  const roomQueued = room != null && typeof room === 'object' && (room.admitted === false || room.position != null);
  if (!stepQueued && !roomQueued) return null;
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    admitted: false,
    position: number(room?.position ?? body.position),
    estimateSeconds: number(room?.estimateSeconds ?? room?.estimate ?? body.estimateSeconds),
  };
}

export function admissionOf(signin: unknown, state: unknown): Admission {
  return queuedIn(state as Loose) ?? queuedIn(signin as Loose) ?? { admitted: true };
}

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
