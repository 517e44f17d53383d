import { describe, expect, it } from 'vitest';
import { call, demo, newLearner, server, toPaper, useSittingServer } from './testing.js';

/**
 * A learner's session keeps its last-seen time only from reads that authenticate the ordinary way (decision 107): the
 * answer save (decisions 019, 063), the heartbeat and the arrival's fast paths write nothing to the session, so exam
 * day's hottest statements stay as they were.
 */
useSittingServer();

const lastSeenMs = async (userId: number) => {
  const [row] = await server.query<{ ms: string | number | null }>`
    select extract(epoch from last_seen_at) * 1000 as ms from sessions where user_id = ${userId}`;
  return row!.ms == null ? null : Math.floor(Number(row!.ms));
};

describe('a learner’s last seen', () => {
  it('moves on a page load, not on saves or heartbeats', async () => {
    const { user, token } = await newLearner();
    const { paper } = await toPaper(token);
    const old = new Date(Date.now() - 120_000);
    await server.query`update sessions set last_seen_at = ${old.toISOString()} where user_id = ${user.id}`;
    const q = paper.modules[0].questions[0];
    for (const optionId of ['a', 'b', 'c']) {
      const saved = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q.id}`, {
        value: { type: 'single', optionId },
      });
      expect(saved.status, saved.text).toBe(200);
    }
    const beat = await call(token, 'POST', `/api/participant-tracker?olympiadId=${demo.geoDemo}`, {});
    expect(beat.status, beat.text).toBe(200);
    expect(await lastSeenMs(user.id)).toBe(old.getTime());
    // a read that authenticates the ordinary way counts (the arrival steps and the paper have fast paths of their
    // own, decision 049, which leave it alone too)
    expect((await call(token, 'GET', '/api/auth/me')).status).toBe(200);
    expect(await lastSeenMs(user.id)).toBeGreaterThan(old.getTime() + 60_000);
  });
});
