import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

// Heavy downloads take turns (decision 065): one teacher's many slip PDFs at once cost cheap refusals, not the
// server; another teacher's download goes through meanwhile.

let server: TestServer;
let demo: DemoIds;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  for (const u of ['teacher', 'teacher2']) tokens[u] = (await server.signIn(u)).accessToken.token;
  // A large school: twenty pages of slips, long enough to draw that the parallel requests overlap.
  await server.db.execute(sql`
    insert into users (role, username, first_name, last_name, password_hash, olympiad_id, school_id, grade)
    select 'learner', 'heavy-' || g, 'Zoë', 'Learner ' || g, 'x', ${demo.geoDemo}, ${demo.school1}, 10
    from generate_series(1, 200) g`);
});
afterAll(() => server?.close());

const slips = (who: string) =>
  fetch(`${server.url}/learner/v-rest/slips.pdf?olympiadId=${demo.geoDemo}`, {
    headers: { authorization: `Bearer ${tokens[who]}` },
  }).then(async (res) => ({
    status: res.status,
    type: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after'),
    bytes: Buffer.from(await res.arrayBuffer()),
  }));

const isPdf = (r: Awaited<ReturnType<typeof slips>>) =>
  r.status === 200 && r.type === 'application/pdf' && r.bytes.subarray(0, 5).toString() === '%PDF-';

describe('GET /learner/v-rest/slips.pdf, many at once', () => {
  it('one teacher beyond two at once gets 429 with Retry-After; another teacher’s slips still come', async () => {
    const [others, ...mine] = await Promise.all([
      slips('teacher2'),
      ...Array.from({ length: 10 }, () => slips('teacher')),
    ]);
    expect(isPdf(others!)).toBe(true);
    const refused = mine.filter((r) => r.status === 429);
    const served = mine.filter((r) => r.status !== 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThan(0);
    for (const r of served) expect(isPdf(r)).toBe(true);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      const body = JSON.parse(r.bytes.toString());
      expect(body).toEqual({
        success: false,
        code: 'rate_limited',
        message: expect.stringContaining('being prepared already'),
        error: body.message,
      });
    }
    // Every place was given back: the teacher's next download is served.
    expect(isPdf(await slips('teacher'))).toBe(true);
  });

  it('two at once are both served (the per-person limit)', async () => {
    const both = await Promise.all([slips('teacher'), slips('teacher')]);
    expect(both.map(isPdf)).toEqual([true, true]);
  });
});
