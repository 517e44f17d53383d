import { describe, expect, it } from 'vitest';
import { keyedRefreshingCache, refreshingCache } from './refreshing.js';

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
