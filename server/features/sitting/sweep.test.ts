import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;

beforeAll(async () => {
  server = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0.3' } });
  demo = await demoIds(server);
});
afterAll(() => server?.close());

it('the server’s own sweep finishes and marks an overdue attempt with nobody calling', async () => {
  const user = await createUser(server.db, {
    role: 'learner',
    olympiadId: demo.geoDemo,
    schoolId: demo.school1,
    password: demoPassword,
    email: null,
  });
  const token = (await server.signIn(user.username, { olympiadName: 'geo-demo' })).accessToken.token;
  await server.api('POST', '/api/sitting/geo-demo/declaration', { token, body: { accept: true } });
  await server.api('POST', '/api/sitting/geo-demo/recovery-pin', { token });
  await server.api('PUT', '/api/sitting/geo-demo/learner-details', {
    token,
    body: { firstName: 'S', lastName: 'W', grade: 9 },
  });
  const paper = (await server.api('GET', '/api/sitting/geo-demo/paper', { token })).body;
  const q = paper.modules[0].questions[2];
  expect(
    (
      await server.api('PUT', `/api/sitting/geo-demo/answers/${q.id}`, {
        token,
        body: { value: { type: 'true_false', value: true } },
      })
    ).status,
  ).toBe(200);
  await server.query`update attempts set deadline_at = now() - interval '1 second' where user_id = ${user.id}`;
  let row: { finished_at: Date | null; finish_reason: string | null; score: number | null } | undefined;
  for (let i = 0; i < 50; i++) {
    [row] = await server.query<{ finished_at: Date | null; finish_reason: string | null; score: number | null }>`
      select finished_at, finish_reason, score from attempts where user_id = ${user.id}`;
    if (row?.finished_at) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(row).toMatchObject({ finish_reason: 'time_up', score: 1 });
});
