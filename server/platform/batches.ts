/**
 * Natural batching (decision 063, made generic in decision 104): writes handed over in the same turn of the event
 * loop, or while every lane is busy, go to the database together as one statement. A write alone goes at once, in
 * its own statement: batches form only when writes crowd, which is when their cost per write matters.
 *
 * - The first write of a turn schedules the dispatch with `setImmediate`, after that turn's other I/O callbacks,
 *   which may add theirs.
 * - At most `lanes` statements run at once; writes arriving while all run wait and go together in the next.
 * - At most `most` writes a statement, in the order they came.
 * - One write per key in a statement, and none of a key whose write is in a statement now: a key's second write
 *   waits for the statement of its first, so their order holds and each row is written once per statement.
 * - A batch's statement that fails wrote nothing (it is one transaction): each of its writes is tried alone and
 *   answers for itself, so one write's trouble is never another's.
 *
 * The answer save (features/sitting/answer-batches.ts) and the benchmarks' bare batched upsert
 * (bench/lib/bare-route.ts) share it, so that the bare floor is batched exactly as the real save is.
 */
export interface Batcher<I, O> {
  /** Writes `input`, together with whatever else is handed over meanwhile; answers once its statement committed. */
  write(input: I): Promise<O>;
  /** Statements and writes so far (the tests read them). */
  figures(): BatchFigures;
}

export interface BatchFigures {
  /** Statements sent: batches and writes alone (retries among them). */
  statements: number;
  /** Writes dispatched. */
  writes: number;
  /** Writes that went in a batch of more than one. */
  batched: number;
  /** Writes tried alone after their batch's statement failed. */
  retriedAlone: number;
}

export interface BatcherOptions<I, O> {
  /** Statements run at once. */
  lanes: number;
  /** The most writes in one statement. */
  most: number;
  /** What one statement may hold only once, and whose writes keep their order. */
  keyOf(input: I): string;
  /** One write in its own statement. */
  one(input: I): Promise<O>;
  /** Several writes in one statement (one transaction), answered in their order. */
  many(inputs: I[]): Promise<O[]>;
}

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export function batcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const { lanes, most, keyOf } = options;
  const waiting: Array<Pending<I, O>> = [];
  let running = 0;
  let scheduled = false;
  /** Keys with a write in a statement now: their next write waits for it. */
  const writing = new Set<string>();
  const figures: BatchFigures = { statements: 0, writes: 0, batched: 0, retriedAlone: 0 };

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(dispatch);
  }

  function dispatch() {
    scheduled = false;
    while (running < lanes && waiting.length > 0) {
      const batch = take();
      if (batch.length === 0) break;
      running++;
      const keys = batch.map((p) => keyOf(p.input));
      for (const key of keys) writing.add(key);
      void send(batch).finally(() => {
        for (const key of keys) writing.delete(key);
        running--;
        if (waiting.length > 0) schedule();
      });
    }
  }

  /** The next batch: waiting writes in arrival order, up to `most`, one per key and none of a key being written. */
  function take(): Array<Pending<I, O>> {
    const batch: Array<Pending<I, O>> = [];
    const keys = new Set<string>();
    let kept = 0;
    for (const pending of waiting) {
      const key = keyOf(pending.input);
      if (batch.length < most && !keys.has(key) && !writing.has(key)) {
        keys.add(key);
        batch.push(pending);
      } else {
        waiting[kept++] = pending;
      }
    }
    waiting.length = kept;
    return batch;
  }

  async function alone(pending: Pending<I, O>) {
    figures.statements++;
    try {
      pending.resolve(await options.one(pending.input));
    } catch (error) {
      pending.reject(error);
    }
  }

  async function send(batch: Array<Pending<I, O>>) {
    figures.writes += batch.length;
    if (batch.length === 1) return alone(batch[0]!);
    figures.statements++;
    figures.batched += batch.length;
    let outputs: O[];
    try {
      outputs = await options.many(batch.map((p) => p.input));
    } catch {
      figures.retriedAlone += batch.length;
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((pending, n) => pending.resolve(outputs[n]!));
  }

  return {
    write: (input) =>
      new Promise<O>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        schedule();
      }),
    figures: () => ({ ...figures }),
  };
}
