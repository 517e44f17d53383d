import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WatchResult } from '#contract/public';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { etagMatches } from './watch.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('etagMatches', () => {
  it('compares weakly, reads lists and the star', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
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
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=[01]$/); // until the next refresh
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
    const askedAt = Date.now();
    const cached = await server.anonymous().get('/website/api/watch', { schema: WatchResult });
    // Asked well before the next refresh (the timer reads a second after the last read began): the same figures.
    if (askedAt < Date.parse(first.body.refreshedAt) + 500) {
      expect(cached.body.refreshedAt).toBe(first.body.refreshedAt);
      expect(cached.body.totals).toEqual(first.body.totals);
    }

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

  it('answers a viewer who holds the figures 304, and new figures after the refresh', async () => {
    const first = await server.anonymous().get('/website/api/watch', { schema: WatchResult });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const same = await server.anonymous().get('/website/api/watch', { headers: { 'if-none-match': etag } });
    if (same.headers.get('etag') === etag) {
      expect(same.status).toBe(304);
      expect(same.text).toBe('');
      expect(same.headers.get('cache-control')).toMatch(/^public, max-age=[01]$/);
    } else {
      // The refresh fell between the two requests: new figures, answered in full.
      expect(same.status).toBe(200);
    }
    const other = await server.anonymous().get('/website/api/watch', { headers: { 'if-none-match': 'W/"other"' } });
    expect(other.status).toBe(200);
    // After the refresh the held figures are old: answered in full with a new validator.
    await sleep(1100);
    const later = await server.anonymous().get('/website/api/watch', {
      headers: { 'if-none-match': etag },
      schema: WatchResult,
    });
    expect(later.status).toBe(200);
    expect(later.headers.get('etag')).not.toBe(etag);
    expect(later.body.refreshedAt > first.body.refreshedAt).toBe(true);
  });

  it('sends the compressed form the browser accepts, the same figures in each', async () => {
    const plain = await server.anonymous().get('/website/api/watch', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    for (const encoding of ['br', 'gzip']) {
      const res = await server.anonymous().get('/website/api/watch', { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      if (res.headers.get('etag') === plain.headers.get('etag')) expect(res.body).toEqual(plain.body);
    }
  });

  it('reads the figures once per refresh however many viewers ask, and never looks up a bearer', async () => {
    // Half the viewers send a bearer (a signed-in visitor's browser does): none of them is looked up.
    const lookups = vi.spyOn(server.app, 'authenticate');
    const seen = new Set<string>();
    const began = Date.now();
    while (Date.now() - began < 2500) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          server.anonymous().get('/website/api/watch', {
            schema: WatchResult,
            headers: i % 2 ? { authorization: 'Bearer not-a-session' } : {},
          }),
        ),
      );
      for (const a of answers) {
        expect(a.status).toBe(200);
        seen.add(a.body.refreshedAt);
      }
      await sleep(50);
    }
    // About 2.5 one-second refreshes: three or four distinct readings, however many hundred answers.
    expect(seen.size).toBeGreaterThanOrEqual(2);
    expect(seen.size).toBeLessThanOrEqual(4);
    expect(lookups).not.toHaveBeenCalled();
    // The spy does see an ordinary public call's lookup.
    await server
      .anonymous()
      .get('/olympus-suite/api/projects/', { headers: { authorization: 'Bearer not-a-session' } });
    expect(lookups).toHaveBeenCalled();
    lookups.mockRestore();
  });

  it('answers another method 405 in the one error shape', async () => {
    const res = await server.api('POST', '/website/api/watch', { body: {} });
    expect(res.status).toBe(405);
  });
});
