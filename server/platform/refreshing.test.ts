import { describe, expect, it } from 'vitest';
import { keptFreshCache, keyedRefreshingCache, refreshingCache } from './refreshing.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('refreshingCache', () => {
  it('reads once per interval whatever the readers, answers the previous figures while refreshing', async () => {
    let n = 0;
    const cache = refreshingCache(
      async () => ++n,
      50,
      () => {},
    );
    const first = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(first.map((x) => x.value)).toEqual([1, 1, 1]);
    expect(cache.reads).toBe(1);
    await tick(60);
    expect((await cache.get()).value).toBe(1); // stale: answered at once, one refresh started
    await tick(5);
    expect((await cache.get()).value).toBe(2);
    expect(cache.reads).toBe(2);
  });

  it('reads every time with an interval of 0, and keeps one cache per key', async () => {
    let n = 0;
    const every = refreshingCache(
      async () => ++n,
      0,
      () => {},
    );
    await every.get();
    expect((await every.get()).value).toBe(2);
    const keyed = keyedRefreshingCache(
      async (k: { id: number }) => `olympiad ${k.id}`,
      1000,
      () => {},
    );
    expect((await keyed.get({ id: 1 })).value).toBe('olympiad 1');
    expect((await keyed.get({ id: 2 })).value).toBe('olympiad 2');
  });
});

describe('keptFreshCache', () => {
  it('reads once per interval from its timer however many readers, and never on a reader’s request', async () => {
    let n = 0;
    const cache = keptFreshCache(
      async () => ++n,
      40,
      () => {},
    );
    const first = await Promise.all(Array.from({ length: 500 }, () => cache.get()));
    expect(new Set(first.map((x) => x.value))).toEqual(new Set([1]));
    expect(cache.reads).toBe(1);
    // 300 readers every 5 ms for about six intervals: the reads follow the clock, not the readers.
    const began = Date.now();
    while (Date.now() - began < 240) {
      const seen = await Promise.all(Array.from({ length: 300 }, () => cache.get()));
      expect(new Set(seen.map((x) => x.value)).size).toBe(1); // every reader of a moment gets the same figures
      await tick(5);
    }
    const intervals = (Date.now() - began) / 40;
    expect(cache.reads).toBeGreaterThanOrEqual(3);
    expect(cache.reads).toBeLessThanOrEqual(Math.ceil(intervals) + 1);
    await cache.stop();
  });

  it('never runs two reads at once, however slow the database', async () => {
    let running = 0;
    let most = 0;
    const cache = keptFreshCache(
      async () => {
        most = Math.max(most, ++running);
        await tick(60); // slower than the interval
        running--;
        return 'figures';
      },
      20,
      () => {},
    );
    const began = Date.now();
    while (Date.now() - began < 300) {
      await Promise.all(Array.from({ length: 50 }, () => cache.get()));
      await tick(3);
    }
    expect(most).toBe(1);
    expect(cache.reads).toBeGreaterThanOrEqual(3);
    await cache.stop();
  });

  it('stops once nobody reads, and then makes the next reader wait for fresh figures', async () => {
    let n = 0;
    const cache = keptFreshCache(
      async () => ++n,
      10,
      () => {},
      50,
    );
    expect((await cache.get()).value).toBe(1);
    await tick(150);
    const idle = cache.reads;
    await tick(100);
    expect(cache.reads).toBe(idle); // the timer stopped: no read while nobody watches
    const again = await cache.get();
    expect(again.value).toBe(idle + 1); // fresh, not the figures from before the pause
    expect(Date.now() - again.at.getTime()).toBeLessThan(50);
    await cache.stop();
  });

  it('keeps the last figures when a read fails and tries again at the next tick; stop ends the timer', async () => {
    let fail = false;
    let n = 0;
    const errors: unknown[] = [];
    const cache = keptFreshCache(
      async () => {
        if (fail) throw new Error('database away');
        return ++n;
      },
      15,
      (err) => errors.push(err),
    );
    expect((await cache.get()).value).toBe(1);
    fail = true;
    await tick(40);
    expect((await cache.get()).value).toBe(1);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    fail = false;
    await tick(40);
    expect((await cache.get()).value).toBeGreaterThan(1);
    await cache.stop();
    const stopped = cache.reads;
    await tick(50);
    expect(cache.reads).toBe(stopped);
  });

  it('makes its first readers wait for the first read, and answers its failure when there are no figures yet', async () => {
    let fail = true;
    const cache = keptFreshCache(
      async () => {
        if (fail) throw new Error('database away');
        return 'figures';
      },
      1000,
      () => {},
    );
    await expect(cache.get()).rejects.toThrow('database away');
    fail = false;
    expect((await cache.get()).value).toBe('figures');
    await cache.stop();
  });
});
