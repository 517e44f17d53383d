import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from './test/harness.js';

/**
 * The benchmarks' bare routes write answers into any attempt with no sign-in. They are registered only by the
 * benchmarks' own server entry (bench/lib/server-entry.ts): no setting of the product's server can turn them on.
 */
let server: TestServer;

beforeAll(async () => {
  // BENCH_BARE_ROUTE was the setting that used to register them; it must do nothing now.
  server = await startTestServer({ env: { BENCH_BARE_ROUTE: '1' } });
});
afterAll(() => server?.close());

describe('the benchmark-only routes', () => {
  it('are not among the product server’s routes, whatever its settings', () => {
    expect(server.app.apiRoutes.filter((r) => r.url.startsWith('/api/bench'))).toEqual([]);
  });

  it('a bare answer write answers the JSON 404 and writes nothing', async () => {
    const [attempt] = await server.query<{ id: number }>`select id from attempts order by id limit 1`;
    const [question] = await server.query<{ id: number }>`select id from questions order by id limit 1`;
    const before = await server.query`select * from answers order by attempt_id, question_id`;
    const res = await server.api('PUT', `/api/bench/bare-answer/${attempt?.id ?? 1}/${question?.id ?? 1}`, {
      body: { value: 'a' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ success: false, code: 'not_found' });
    expect(await server.query`select * from answers order by attempt_id, question_id`).toEqual(before);
  });
});
