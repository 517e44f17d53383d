import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How this server process fares with exam day's work (decisions 051, 055 and 104): the waiting room admits fewer
 * learners a second while it runs slow, more again as it recovers, and many more while it has room to spare.
 *
 * Three signs, each cheap: the arrival steps' own times (sign-in, state, declaration, PIN, details, paper:
 * recorded as they answer), the answer saves' times (the learners already writing, whose time runs: they come
 * first), and how late the process's event loop runs (Node's built-in histogram), which catches a process too
 * busy to even start its requests. The window is the time between two admitting ticks.
 */
/**
 * `slow`: past a target; `fine`: within them; `roomy`: far within every one of them (decision 104): the steps'
 * and the saves' 99th percentiles under half their targets and the loop nearly on time, judged on enough steps to
 * say so. A roomy process can carry many more arrivals than it is given.
 */
export type Verdict = 'slow' | 'fine' | 'roomy';

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

/**
 * Roomy: no more than one in a hundred steps or saves past this share of its target (their 99th percentiles under
 * it), and the loop's 99th-percentile delay under `roomyLoopShare` of the step's target (decision 104).
 */
const roomyShare = 0.5;
const roomyLoopShare = 0.1;
/** …with at most this share of the samples past `roomyShare` of the target. */
const roomyOverShare = 0.01;

/** A count of samples, of those over a target, and of those over the share of it that leaves room. */
function tally(targetMs: number, slowShare: number) {
  let all = 0;
  let over = 0;
  let overRoomy = 0;
  return {
    add(ms: number) {
      all++;
      if (ms > targetMs) over++;
      if (ms > targetMs * roomyShare) overRoomy++;
    },
    /** Slow or not since the last call, whether it was judged on enough samples, and whether it left room; starts afresh. */
    take() {
      const judged = targetMs > 0 && all >= minSamples;
      const slow = judged && over / all > slowShare;
      const roomy = targetMs <= 0 || all === 0 || overRoomy / all <= roomyOverShare;
      const enough = all >= minSamples;
      all = 0;
      over = 0;
      overRoomy = 0;
      return { slow, roomy, enough };
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
      const s = steps.take();
      const v = saves.take();
      if (s.slow || v.slow || loopDelayMs > loopLimitMs) return 'slow';
      // Room to spare only where the arrival steps show it: enough of them, all quick, and quick saves and loop.
      const roomy =
        s.enough && targets.stepMs > 0 && s.roomy && v.roomy && loopDelayMs <= targets.stepMs * roomyLoopShare;
      return roomy ? 'roomy' : 'fine';
    },
    stop() {
      loop.disable();
    },
  };
}
