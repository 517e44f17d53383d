import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#contract/errors';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { type Scrape, parseMetrics } from '../../test/metrics.js';

const METRICS_TOKEN = 'metrics-token-of-the-test-0123456789';

/** A GET /metrics with the given Authorization header (none when undefined). */
const scrapeWith = (server: TestServer, authorization?: string) =>
  fetch(`${server.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });

/** A 404 in the one error shape, as JSON: what a path no route takes answers, and nothing more. */
async function expectAbsent(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ErrorBody.strict().parse(await res.json());
  expect(body).toMatchObject({ code: 'not_found', message: 'There is no GET /metrics in the API' });
}

describe('GET /metrics with METRICS_TOKEN unset', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The web app served beside the API: /metrics must never fall through to its pages.
    server = await startTestServer({
      seed: 'none',
      env: { SITTING_SWEEP_SECONDS: '0' },
      serveWeb: true,
      webRoot: { 'index.html': '<!doctype html><html><head><title>x</title></head><body></body></html>' },
    });
  });
  afterAll(() => server?.close());

  it('answers 404 in the one error shape to everyone, token or not, never the web app', async () => {
    await expectAbsent(await scrapeWith(server));
    await expectAbsent(await scrapeWith(server, `Bearer ${METRICS_TOKEN}`));
    await expectAbsent(await scrapeWith(server, 'Bearer '));
    const page = await fetch(`${server.url}/metrics/anything`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  let server: TestServer;
  let geoDemo: number;
  const scrape = async (): Promise<Scrape> => {
    const res = await scrapeWith(server, `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    return parseMetrics(await res.text());
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: { METRICS_TOKEN, SITTING_SWEEP_SECONDS: '0', SITTING_ADMIT_TICK_MS: '0', JOBS_WORKER: 'false' },
    });
    [{ id: geoDemo }] = (await server.query<{ id: number }>`
      select id from olympiads where var_name = 'geo-demo'`) as [{ id: number }];
    // Read at the first scrape (the readings are kept 5 s): a room with 3 waiting, a job held, a message failed.
    await server.query`insert into waiting_rooms (olympiad_id, joined, admitted, refilled_at)
                       values (${geoDemo}, 5, 2, now())`;
    await server.query`insert into jobs (kind, status, label) values ('metrics.test', 'held', 'a test job')`;
  });
  afterAll(() => server?.close());

  it('answers 404 without the token, with another, or with another scheme', async () => {
    await expectAbsent(await scrapeWith(server));
    await expectAbsent(await scrapeWith(server, 'Bearer wrong-token-of-the-same-size-0123'));
    await expectAbsent(await scrapeWith(server, `Bearer ${METRICS_TOKEN}x`));
    await expectAbsent(await scrapeWith(server, `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`));
    // A session's token is not the metrics token.
    const signedIn = await server.signIn('overlord');
    await expectAbsent(await scrapeWith(server, `Bearer ${signedIn.accessToken.token}`));
  });

  it('answers 200 in Prometheus’s text format with every family, the database readings among them', async () => {
    await server.api('GET', '/api/health');
    const res = await scrapeWith(server, `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const m = parseMetrics(await res.text());
    expect(Object.fromEntries(m.families)).toMatchObject({
      olympus_http_requests_total: 'counter',
      olympus_http_request_duration_seconds: 'histogram',
      olympus_answer_saves_total: 'counter',
      olympus_answer_save_duration_seconds: 'histogram',
      olympus_answer_save_statements_total: 'counter',
      olympus_answer_saves_batched_total: 'counter',
      olympus_waiting_room_waiting: 'gauge',
      olympus_waiting_room_admitted_total: 'counter',
      olympus_waiting_room_rate_in_force: 'gauge',
      olympus_jobs: 'gauge',
      olympus_mail_queue: 'gauge',
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
    });
    expect(m.sum('olympus_waiting_room_waiting', { olympiad: 'geo-demo' })).toBe(3);
    expect(m.sum('olympus_waiting_room_admitted_total', { olympiad: 'geo-demo' })).toBe(2);
    // No setting of its own and no slowing: the server's default, SITTING_ADMISSIONS_PER_SECOND.
    expect(m.sum('olympus_waiting_room_rate_in_force', { olympiad: 'geo-demo' })).toBe(200);
    expect(m.sum('olympus_jobs', { state: 'held' })).toBeGreaterThanOrEqual(1);
    expect(m.samples.filter((s) => s.name === 'olympus_jobs').map((s) => s.labels.state)).toEqual(
      expect.arrayContaining(['held', 'queued', 'running', 'done', 'failed']),
    );
    expect(m.samples.filter((s) => s.name === 'olympus_mail_queue').map((s) => s.labels.state)).toEqual(
      expect.arrayContaining(['held', 'released', 'sending', 'failed']),
    );
    // The pool is node-postgres's; the embedded PGlite has one connection and no pool to report.
    if (server.database.kind === 'postgres') {
      expect(m.families.get('olympus_db_pool_connections')).toBe('gauge');
      const max = m.sum('olympus_db_pool_connections', { state: 'max' });
      expect(max).toBeGreaterThan(0);
      expect(m.sum('olympus_db_pool_connections', { state: 'total' })).toBeLessThanOrEqual(max);
      expect(m.families.get('olympus_db_pool_waiting')).toBe('gauge');
    } else expect(m.families.has('olympus_db_pool_connections')).toBe(false);
  });

  it('counts a request under its route’s pattern, never its raw path; an unmatched one under one label', async () => {
    const before = await scrape();
    const pattern = '/api/sitting/:olympiadName/state';
    const was = before.sum('olympus_http_requests_total', { method: 'GET', route: pattern, status: '4xx' });
    for (let i = 0; i < 3; i++) expect((await server.api('GET', '/api/sitting/geo-demo/state')).status).toBe(401);
    expect((await server.api('GET', '/api/no-such-thing/12345')).status).toBe(404);
    const after = await scrape();
    expect(after.sum('olympus_http_requests_total', { method: 'GET', route: pattern, status: '4xx' })).toBe(was + 3);
    expect(
      after.sum('olympus_http_request_duration_seconds_count', { method: 'GET', route: pattern, status: '4xx' }),
    ).toBe(was + 3);
    expect(after.sum('olympus_http_requests_total', { route: 'unmatched', status: '4xx' })).toBeGreaterThanOrEqual(1);
    const routes = after.samples.filter((s) => s.name === 'olympus_http_requests_total').map((s) => s.labels.route);
    expect(routes.filter((r) => r?.includes('geo-demo') || r?.includes('12345'))).toEqual([]);
    // The scrapes themselves are requests too, with their 404s.
    expect(after.sum('olympus_http_requests_total', { route: '/metrics', status: '2xx' })).toBeGreaterThanOrEqual(1);
  });

  it('is masked where the overlord sees the environment', () => {
    const entry = server.app.config.environment.find((e) => e.name === 'METRICS_TOKEN');
    expect(entry).toEqual({ name: 'METRICS_TOKEN', value: null, secret: true, set: true });
    expect(JSON.stringify(server.app.config.environment)).not.toContain(METRICS_TOKEN);
  });

  it('the exam-day dashboard parses and asks only for metrics this endpoint serves', async () => {
    const dashboard = JSON.parse(readFileSync('docs/grafana/exam-day.json', 'utf8')) as {
      schemaVersion: number;
      __inputs: Array<{ name: string; type: string; pluginId: string }>;
      templating: { list: Array<{ name: string }> };
      panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
    };
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.__inputs).toContainEqual(
      expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' }),
    );
    expect(dashboard.templating.list.map((v) => v.name)).toContain('instance');
    // Every histogram has been observed by now (requests above), so its _bucket, _sum and _count lines are there.
    await server.api('GET', '/api/health');
    const served = new Set((await scrape()).samples.map((s) => s.name));
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
    expect(exprs.length).toBeGreaterThanOrEqual(10);
    const missing: string[] = [];
    for (const { panel, expr } of exprs) {
      const names = expr.match(/\b(?:olympus|process|nodejs)_[a-zA-Z0-9_]+/g) ?? [];
      if (names.length === 0) missing.push(`${panel}: no metric in ${expr}`);
      for (const name of names) {
        // The pool is node-postgres's alone: PGlite serves no pool figures.
        if (server.database.kind === 'pglite' && name.startsWith('olympus_db_pool_')) continue;
        if (!served.has(name)) missing.push(`${panel}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
