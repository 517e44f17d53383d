import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatchResult } from '#contract/public';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { type WatchSnapshot, watchCache } from './watch.js';

const snapshot = (writing: number): WatchSnapshot => ({
  refreshedAt: new Date(),
  totals: { writing, started: writing, finished: 0 },
  open: [],
  coming: [],
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the Watch cache', () => {
  it('reads once per refresh however many viewers ask at once, and answers the old figures while refreshing', async () => {
    let n = 0;
    let release: () => void = () => {};
    const cache = watchCache(
      async () => {
        n++;
        if (n === 2) await new Promise<void>((r) => (release = r));
        return snapshot(n);
      },
      50,
      () => {},
    );
    const first = await Promise.all(Array.from({ length: 500 }, () => cache.get()));
    expect(cache.reads).toBe(1);
    expect(new Set(first.map((s) => s.totals.writing))).toEqual(new Set([1]));
    await sleep(60);
    // Stale: every viewer gets the previous figures at once, and one refresh runs.
    const during = await Promise.all(Array.from({ length: 500 }, () => cache.get()));
    expect(during.every((s) => s.totals.writing === 1)).toBe(true);
    expect(cache.reads).toBe(2);
    release();
    await sleep(5);
    expect((await cache.get()).totals.writing).toBe(2);
    expect(cache.reads).toBe(2);
  });

  it('keeps the last figures when a refresh fails, and tries again', async () => {
    let fail = false;
    const errors: unknown[] = [];
    const cache = watchCache(
      async () => {
        if (fail) throw new Error('database away');
        return snapshot(7);
      },
      10,
      (err) => errors.push(err),
    );
    expect((await cache.get()).totals.writing).toBe(7);
    fail = true;
    await sleep(15);
    expect((await cache.get()).totals.writing).toBe(7);
    await sleep(5);
    expect(errors).toHaveLength(1);
    fail = false;
    await sleep(15);
    await cache.get();
    await sleep(5);
    expect(cache.reads).toBe(3);
  });
});

describe('GET /website/api/watch', () => {
  let server: TestServer;
  let demo: DemoIds;

  beforeAll(async () => {
    server = await startTestServer({ env: { WATCH_REFRESH_SECONDS: '1' } });
    demo = await demoIds(server);
  });
  afterAll(() => server?.close());

  /** The figures of the olympiads open now, counted here on their own. */
  const counts = async (olympiadId?: number) => {
    const [row] = await server.query<{ writing: number; started: number; finished: number }>`
      select count(started_at)::int as started, count(finished_at)::int as finished,
        (count(*) filter (where started_at is not null and finished_at is null
          and (deadline_at is null or deadline_at > now())))::int as writing
      from attempts a join olympiads o on o.id = a.olympiad_id
      where o.open and (o.starts_at is null or o.starts_at <= now()) and (o.ends_at is null or o.ends_at > now())
        and (${olympiadId ?? null}::int is null or o.id = ${olympiadId ?? null}::int)`;
    return row!;
  };

  it('answers anyone the open olympiads’ counters and the coming olympiads, cached for a second', async () => {
    const first = await server.anonymous().get('/website/api/watch', { schema: WatchResult });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=1');
    const open = first.body.open.map((o) => o.varName);
    expect(open).toContain('geo-demo');
    expect(open).not.toContain('geo-2025'); // closed
    expect(first.body.open.find((o) => o.id === demo.geoDemo)).toMatchObject(await counts(demo.geoDemo));
    expect(first.body.totals).toEqual(await counts());
    // The coming olympiads: those whose window has not started, soonest first.
    const starts = first.body.coming.map((o) => o.startsAt!);
    expect(starts.length).toBeGreaterThan(0);
    expect([...starts].sort()).toEqual(starts);
    expect(first.body.coming.every((o) => new Date(o.startsAt!) > new Date())).toBe(true);

    // A learner starts and another finishes: the figures follow within the refresh, not before.
    await server.query`
      insert into attempts (olympiad_id, user_id, started_at, deadline_at)
      values (${demo.geoDemo}, ${demo.users.learner1}, now(), now() + interval '1 hour')
      on conflict (olympiad_id, user_id) do update set started_at = now(), deadline_at = now() + interval '1 hour',
        finished_at = null`;
    await server.query`
      insert into attempts (olympiad_id, user_id, started_at, deadline_at, finished_at, finish_reason)
      values (${demo.geoDemo}, ${demo.users.learner2}, now(), now() + interval '1 hour', now(), 'submitted')
      on conflict (olympiad_id, user_id) do update set started_at = now(), finished_at = now(), finish_reason = 'submitted'`;
    const cached = await server.anonymous().get('/website/api/watch', { schema: WatchResult });
    expect(cached.body.refreshedAt).toBe(first.body.refreshedAt);
    expect(cached.body.totals).toEqual(first.body.totals);

    const now = await counts();
    expect(now).toMatchObject({ writing: expect.any(Number), started: expect.any(Number) });
    await expect
      .poll(async () => (await server.anonymous().get('/website/api/watch', { schema: WatchResult })).body.totals, {
        timeout: 5000,
        interval: 200,
      })
      .toEqual(now);
    expect(now.started).toBeGreaterThanOrEqual(2);
    expect(now.finished).toBeGreaterThanOrEqual(1);
  });

  it('answers another method 405 in the one error shape', async () => {
    const res = await server.api('POST', '/website/api/watch', { body: {} });
    expect(res.status).toBe(405);
  });
});
