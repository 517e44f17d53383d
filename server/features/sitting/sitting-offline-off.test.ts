import { expect, it } from 'vitest';
import { timeUpMessage } from './answers.js';
import { attemptRow, call, deadlinePassed, isoAt, newLearner, server, toPaper, useSittingServer } from './testing.js';

// OFFLINE_GRACE_MINUTES=0: nothing counts after the deadline, whenever it was given (decision 087).
useSittingServer({ OFFLINE_GRACE_MINUTES: '0' });

it('refuses an answer given before the deadline that arrives after it, and a late finish stays time up', async () => {
  const { token, user } = await newLearner();
  const { paper } = await toPaper(token);
  const q1 = paper.modules[0].questions[0] as { id: number };
  const deadline = await deadlinePassed(user.id, 1, 10);
  const late = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q1.id}`, {
    value: { type: 'single', optionId: 'b' },
    givenAt: isoAt(deadline - 60_000),
  });
  expect(late.status).toBe(409);
  expect(late.body).toMatchObject({ code: 'conflict', message: timeUpMessage });
  const finish = await call(token, 'POST', '/api/sitting/geo-demo/finish', { givenAt: isoAt(deadline - 30_000) });
  expect(finish.body).toEqual({ success: true, finishedAt: isoAt(deadline) });
  expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'time_up', score: 0 });
  const [n] = await server.query<{ n: number }>`
    select count(*)::int as n from answers where attempt_id = (select id from attempts where user_id = ${user.id})`;
  expect(n!.n).toBe(0);
});
