import { expect, it } from 'vitest';
import { newLearner, server, toPaper, useSittingServer } from './testing.js';

useSittingServer({ SITTING_SWEEP_SECONDS: '0.3' });

it('the server’s own sweep finishes and marks an overdue attempt with nobody calling', async () => {
  const { user, token } = await newLearner();
  const { paper } = await toPaper(token);
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
