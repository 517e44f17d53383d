/**
 * A learner's wait in a queue, shared by the two pages that show one: the waiting room before the paper (sitting,
 * decision 041) and the queue at sign-in (auth, decision 053).
 */

/** About how long, in a few words a learner reads at a glance. */
export function waitInWords(seconds: number | null): string {
  if (seconds == null) return 'Paused';
  if (seconds < 60) return 'Under a minute';
  return `About ${Math.round(seconds / 60)} min`;
}

export interface PollPace {
  /** The shortest time between two polls, near the front of the queue (ms). */
  fastestMs: number;
  /** The longest, far back or while admission is paused (ms). */
  slowestMs: number;
  /** Between them, the poll comes after this share of the estimated wait. */
  shareOfWait: number;
}

/**
 * How long until a waiting page asks for its place again: a share of the estimated wait, kept between the fastest
 * and the slowest pace; the slowest while admission is paused (no estimate).
 */
export function pollInterval(estimateSeconds: number | null | undefined, pace: PollPace): number {
  if (estimateSeconds == null) return pace.slowestMs;
  return Math.min(pace.slowestMs, Math.max(pace.fastestMs, estimateSeconds * 1000 * pace.shareOfWait));
}
