import { describe, expect, it } from 'vitest';
import { parseMetrics } from '../../test/metrics.js';
import { call, newLearner, server, toPaper, useSittingServer } from './testing.js';

const METRICS_TOKEN = 'metrics-token-of-the-sitting-test-0123';

useSittingServer({ METRICS_TOKEN });

async function scrape() {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

describe('the answer saves in the metrics (decision 101)', () => {
  it('counts and times each acknowledged save, and not a refused one', async () => {
    const { token } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1, q2] = paper.modules[0].questions;
    const before = await scrape();
    const saved = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q1.id}`, {
      value: { type: 'single', optionId: 'b' },
      flagged: false,
    });
    expect(saved.status).toBe(200);
    const refused = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q2.id}`, {
      value: { type: 'true_false', value: 'maybe' },
      flagged: false,
    });
    expect(refused.status).toBe(400);
    const after = await scrape();
    expect(after.sum('olympus_answer_saves_total') - before.sum('olympus_answer_saves_total')).toBe(1);
    expect(
      after.sum('olympus_answer_save_duration_seconds_count') -
        before.sum('olympus_answer_save_duration_seconds_count'),
    ).toBe(1);
    // The statement that wrote it, from the batcher's own tallies.
    expect(after.sum('olympus_answer_save_statements_total')).toBeGreaterThan(
      before.sum('olympus_answer_save_statements_total'),
    );
    // And the route's requests under its pattern: one 2xx, one 4xx more.
    const route = '/api/sitting/:olympiadName/answers/:questionId';
    const of = (m: typeof after, status: string) =>
      m.sum('olympus_http_requests_total', { method: 'PUT', route, status });
    expect(of(after, '2xx') - of(before, '2xx')).toBe(1);
    expect(of(after, '4xx') - of(before, '4xx')).toBe(1);
  });
});
