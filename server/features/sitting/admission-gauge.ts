import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How this server process fares with exam day's work (decisions 051 and 055): the waiting room admits fewer
 * learners a second while it runs slow, and more again as it recovers.
 *
 * Three signs, each cheap: the arrival steps' own times (sign-in, state, declaration, PIN, details, paper:
 * recorded as they answer), the answer saves' times (the learners already writing, whose time runs: they come
 * first), and how late the process's event loop runs (Node's built-in histogram), which catches a process too
 * busy to even start its requests. The window is the time between two admitting ticks.
 */
export type Verdict = 'slow' | 'fine';

export interface ArrivalGauge {
  /** An arrival step answered after this many milliseconds. */
  record(ms: number): void;
  /** An answer save answered after this many milliseconds. */
  recordSave(ms: number): void;
  /** The verdict on the window since the last call; starts a fresh window. */
  take(): Verdict;
  stop(): void;
}

/** Fewer steps or saves than this in a window say nothing about their times (the loop's delay still counts). */
const minSamples = 5;
/** A window is slow when more than this share of its arrival steps took longer than their target. */
const slowStepShare = 0.1;
/** …or more than this share of its saves took longer than theirs: the save's target is a 99th percentile (decision 056). */
const slowSaveShare = 0.01;

/** A count of samples and of those over a target. */
function tally(targetMs: number, slowShare: number) {
  let all = 0;
  let over = 0;
  return {
    add(ms: number) {
      all++;
      if (ms > targetMs) over++;
    },
    /** Slow or not since the last call; starts afresh. */
    take() {
      const slow = targetMs > 0 && all >= minSamples && over / all > slowShare;
      all = 0;
      over = 0;
      return slow;
    },
  };
}

/**
 * `stepMs`: the time an arrival step should stay under (SITTING_ADMIT_TARGET_MS); `saveMs`: the time an answer
 * save should stay under (SITTING_SAVE_TARGET_MS; 0: saves are not judged). The event loop counts as slow when its
 * 99th-percentile delay passes half of the step's: every request of the process then waits that long before any of
 * its work starts. (Not half the save's: a collection of the heap alone can pass 50 ms, and the saves' own times
 * say whether such pauses matter.)
 */
export function arrivalGauge(targets: { stepMs: number; saveMs: number }): ArrivalGauge {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const steps = tally(targets.stepMs, slowStepShare);
  const saves = tally(targets.saveMs, slowSaveShare);
  const loopLimitMs = targets.stepMs / 2;
  return {
    record: (ms) => steps.add(ms),
    recordSave: (ms) => saves.add(ms),
    take() {
      const loopDelayMs = loop.count > 0 ? loop.percentile(99) / 1e6 : 0;
      loop.reset();
      const stepsSlow = steps.take();
      const savesSlow = saves.take();
      return stepsSlow || savesSlow || loopDelayMs > loopLimitMs ? 'slow' : 'fine';
    },
    stop() {
      loop.disable();
    },
  };
}
