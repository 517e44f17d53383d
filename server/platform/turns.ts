/**
 * Long background work (a sweep, a computation over a large olympiad) lets the requests waiting on this process in
 * between its steps. An awaited database call alone may not: PGlite answers in the same process, its promises
 * settle without the event loop turning, and a loop of them would hold every request until it ends. A macrotask
 * (setImmediate) lets the event loop take the waiting sockets first.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A `nextTurn` at most every `sliceMs` of work: for a loop of many cheap steps, which would spend more on turning
 * than on working.
 */
export function turnTaker(sliceMs: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
