import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How this server process's arrival steps fare (decision 051): the waiting room admits fewer learners a
 * second while they run slow, and more again as they recover.
 *
 * Two signs, each cheap: the arrival steps' own times (state, declaration, PIN, details, paper: recorded as
 * they answer), and how late the process's event loop runs (Node's built-in histogram), which catches a
 * process too busy to even start those steps. The window is the time between two admitting ticks.
 */
export type Verdict = 'slow' | 'fine';

export interface ArrivalGauge {
  /** An arrival step answered after this many milliseconds. */
  record(ms: number): void;
  /** The verdict on the window since the last call; starts a fresh window. */
  take(): Verdict;
  stop(): void;
}

/** Fewer steps than this in a window say nothing about their times (the loop's delay still counts). */
const minSamples = 5;
/** A window is slow when more than this share of its steps took longer than the target. */
const slowShare = 0.1;

/**
 * `targetMs`: the time an arrival step should stay under (SITTING_ADMIT_TARGET_MS). The event loop counts as
 * slow when its 99th-percentile delay passes half of it: every request of the process then waits that long
 * before any of its work starts.
 */
export function arrivalGauge(targetMs: number): ArrivalGauge {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  let steps = 0;
  let slow = 0;
  return {
    record(ms) {
      steps++;
      if (ms > targetMs) slow++;
    },
    take() {
      const loopDelayMs = loop.count > 0 ? loop.percentile(99) / 1e6 : 0;
      const stepsSlow = steps >= minSamples && slow / steps > slowShare;
      loop.reset();
      steps = 0;
      slow = 0;
      return stepsSlow || loopDelayMs > targetMs / 2 ? 'slow' : 'fine';
    },
    stop() {
      loop.disable();
    },
  };
}
