/**
 * Figures read at most once per `refreshMs` per server process, whatever the number of readers (decision 038's
 * reports): only while someone reads (no timer). A reader who finds them stale is answered the
 * previous figures at once while one refresh runs (the first reader after a start waits for it); a failed refresh
 * keeps the previous figures and is tried again by the next reader. `refreshMs` 0 reads every time.
 */
export interface RefreshingCache<T> {
  /** The figures, at most `refreshMs` old (older only while a refresh is under way), with when they were read. */
  get(): Promise<{ value: T; at: Date }>;
  /** How many times the figures were read (the benchmarks and tests watch it). */
  readonly reads: number;
}

export function refreshingCache<T>(
  read: () => Promise<T>,
  refreshMs: number,
  onError: (err: unknown) => void,
): RefreshingCache<T> {
  let current: { value: T; at: Date } | null = null;
  let inflight: Promise<{ value: T; at: Date }> | null = null;
  let reads = 0;
  const refresh = () => {
    inflight ??= (async () => {
      const at = new Date();
      reads++;
      try {
        const value = await read();
        current = { value, at };
        return current;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  };
  return {
    get reads() {
      return reads;
    },
    async get() {
      if (refreshMs <= 0) return refresh();
      if (current && Date.now() - current.at.getTime() < refreshMs) return current;
      if (!current) return refresh();
      refresh().catch(onError);
      return current;
    },
  };
}

/** One `refreshingCache` per key (an olympiad, a reach), the least recently made dropped past `maxKeys`. */
export function keyedRefreshingCache<K, T>(
  read: (key: K) => Promise<T>,
  refreshMs: number,
  onError: (err: unknown) => void,
  maxKeys = 500,
) {
  const caches = new Map<string, RefreshingCache<T>>();
  return {
    get(key: K) {
      const id = JSON.stringify(key);
      let cache = caches.get(id);
      if (!cache) {
        cache = refreshingCache(() => read(key), refreshMs, onError);
        caches.set(id, cache);
        if (caches.size > maxKeys) caches.delete(caches.keys().next().value!);
      }
      return cache.get();
    },
  };
}

/** A `RefreshingCache` whose reads a timer makes (`keptFreshCache`): stop it when the server closes. */
export interface KeptFreshCache<T> extends RefreshingCache<T> {
  /** Stops the timer; resolves once a read under way has ended. */
  stop(): Promise<void>;
}

/**
 * Figures read by one timer per server process every `refreshMs` while anyone reads them (the Watch page's
 * counters, read by crowds; decision 048). A reader never starts a read while the timer runs: it is answered the
 * figures of the last tick at once, so the number of readers changes nothing on the database. The timer starts
 * with the first reader, who waits for the first read (as does every reader until it ends), and stops once nobody
 * has read for `idleMs`; the first reader after that waits for a fresh read again. The next tick is set only when
 * a read has ended, at least half an interval later, so two reads never overlap however slow the database is. A
 * failed read keeps the previous figures (`onError` hears of it) and is tried again at the next tick. `refreshMs`
 * 0 reads every time.
 */
export function keptFreshCache<T>(
  read: () => Promise<T>,
  refreshMs: number,
  onError: (err: unknown) => void,
  idleMs = Math.max(60_000, refreshMs * 4),
): KeptFreshCache<T> {
  let current: { value: T; at: Date } | null = null;
  /** The first read after a start, which its readers wait for. */
  let first: Promise<{ value: T; at: Date }> | null = null;
  /** A tick's read under way (stop waits for it). */
  let ticking: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = false;
  let askedAt = 0;
  let reads = 0;

  const readOnce = async () => {
    const at = new Date();
    reads++;
    current = { value: await read(), at };
    return current;
  };
  const schedule = (began: number) => {
    if (stopped) return;
    const took = Date.now() - began;
    timer = setTimeout(tick, Math.max(refreshMs - took, refreshMs / 2));
    timer.unref();
  };
  const tick = () => {
    timer = null;
    if (stopped) return;
    if (Date.now() - askedAt >= idleMs) {
      running = false;
      return;
    }
    const began = Date.now();
    ticking = readOnce()
      .catch(onError)
      .finally(() => {
        ticking = null;
        schedule(began);
      });
  };
  const start = async () => {
    running = true;
    const began = Date.now();
    try {
      return await readOnce();
    } catch (err) {
      if (!current) {
        running = false;
        throw err;
      }
      onError(err);
      return current;
    } finally {
      first = null;
      if (running) schedule(began);
    }
  };

  return {
    get reads() {
      return reads;
    },
    async get() {
      askedAt = Date.now();
      if (refreshMs <= 0) return readOnce();
      if (first) return first;
      if (running && current) return current;
      first = start();
      return first;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([ticking, first]);
    },
  };
}
