import type { Pair } from '#contract/index';

/** QTI's matchMax as a limit: 1 when left out, 0 for any number. */
export const limitOf = (matchMax: number | undefined): number => matchMax ?? 1;

const full = (count: number, limit: number) => limit !== 0 && count >= limit;

export type Placing =
  | {
      outcome: 'placed';
      pairs: Pair[];
      /** Pairs taken away to make room (a label moved, a place's label replaced). */ displaced: Pair[];
    }
  | { outcome: 'already' | 'sourceFull' | 'targetFull'; pairs: Pair[]; displaced: [] };

/**
 * Puts `source` with `target`. An item allowed one pair moves (a label on one place goes to the new one; a place that
 * holds one label takes the new one instead), which is what a learner expects after dragging onto a taken place.
 * An item allowed several that has them all refuses: which of its pairs to give up is the learner's choice.
 */
export function place(pairs: readonly Pair[], pair: Pair, limits: { source: number; target: number }): Placing {
  const same = (p: Pair) => p.source === pair.source && p.target === pair.target;
  if (pairs.some(same)) return { outcome: 'already', pairs: [...pairs], displaced: [] };
  const ofSource = pairs.filter((p) => p.source === pair.source);
  const ofTarget = pairs.filter((p) => p.target === pair.target);
  const sourceFull = full(ofSource.length, limits.source);
  const targetFull = full(ofTarget.length, limits.target);
  if (sourceFull && limits.source !== 1) return { outcome: 'sourceFull', pairs: [...pairs], displaced: [] };
  if (targetFull && limits.target !== 1) return { outcome: 'targetFull', pairs: [...pairs], displaced: [] };
  const displaced = [...(sourceFull ? ofSource : []), ...(targetFull ? ofTarget : [])];
  const kept = pairs.filter((p) => !displaced.includes(p));
  return { outcome: 'placed', pairs: [...kept, pair], displaced };
}

/** The pairs without `pair`. */
export const unplace = (pairs: readonly Pair[], pair: Pair): Pair[] =>
  pairs.filter((p) => p.source !== pair.source || p.target !== pair.target);

/** Only the pairs whose ends the question still has (a saved answer outlives an edited question). */
export const knownPairs = (
  pairs: readonly Pair[],
  sources: readonly { id: string }[],
  targets: readonly { id: string }[],
) => pairs.filter((p) => sources.some((s) => s.id === p.source) && targets.some((t) => t.id === p.target));
