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
  /** The longest, far back in the queue (ms): there the place moves slowly, and every poll is a request. */
  slowestMs: number;
  /** While admission is paused (no estimate), ms: short enough to see it resume soon. */
  pausedMs: number;
  /** Between them, the poll comes after this share of the estimated wait. */
  shareOfWait: number;
}

/** Each gap is spread this share either side at random (decision 055). */
const POLL_SPREAD = 0.2;

/**
 * How long until a waiting page asks for its place again: a share of the estimated wait, kept between the fastest
 * and the slowest pace; the paused pace while admission is paused (no estimate). Spread a fifth either side at random
 * (`random` in [0, 1)): pages that were answered together (after the servers paused for a moment) would otherwise
 * ask together again at every gap, a wave that grows (decision 055).
 */
export function pollInterval(
  estimateSeconds: number | null | undefined,
  pace: PollPace,
  random: () => number = Math.random,
): number {
  const gap =
    estimateSeconds == null
      ? pace.pausedMs
      : Math.min(pace.slowestMs, Math.max(pace.fastestMs, estimateSeconds * 1000 * pace.shareOfWait));
  return Math.round(gap * (1 - POLL_SPREAD + 2 * POLL_SPREAD * random()));
}

/**
 * The queue at sign-in's pace: every 2 s near the front, a tenth of the wait further back, 30 s at the most (a wait
 * of five minutes or more: in a storm thousands wait, and their polls were most of the servers' work, decision
 * 055); every 10 s while paused.
 */
export const signinQueuePace: PollPace = { fastestMs: 2_000, slowestMs: 30_000, shareOfWait: 0.1, pausedMs: 10_000 };

/** The waiting room's pace: every 3 s near the front, a third of the wait further back, 30 s at the most; 15 s paused. */
export const waitingRoomPace: PollPace = { fastestMs: 3_000, slowestMs: 30_000, shareOfWait: 1 / 3, pausedMs: 15_000 };
