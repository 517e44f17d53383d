/**
 * Figures read at most once per `refreshMs` per server process, whatever the number of readers (decisions 038 and
 * the Watch page's counters): only while someone reads (no timer). A reader who finds them stale is answered the
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
