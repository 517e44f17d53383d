/** Latency percentiles in milliseconds from raw samples. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** Runs `worker` from `concurrency` loops until `seconds` pass; every loop is bounded by the deadline. */
export async function closedLoop(
  concurrency: number,
  seconds: number,
  worker: () => Promise<void>,
): Promise<{ elapsedMs: number }> {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await worker();
    }),
  );
  return { elapsedMs: performance.now() - start };
}
