import { describe, expect, it } from 'vitest';
import { answerSaves } from './answer-batches.js';
import { tokenHash } from '../../platform/secrets.js';

import {
  type PaperQuestion,
  anAnswer,
  answerKeysNeverLeak,
  attemptRow,
  call,
  demo,
  isoAt,
  ms,
  newLearner,
  save,
  server,
  startedEarlier,
  storedOf,
  toPaper,
  useSittingServer,
} from './testing.js';

useSittingServer();

/** A learner on two devices, and the time an answer was given (decision 087). */

describe('a learner on two devices', () => {
  it('keeps the later given answer: an earlier one arriving afterwards is acknowledged with the one kept', async () => {
    const { token, user } = await newLearner();
    const { paper, pin } = await toPaper(token);
    const [q1] = paper.modules[0].questions as PaperQuestion[];
    // The old device died; the learner carries on on another, signed in with the recovery PIN.
    const other = await server.api('POST', '/api/sitting/recover', {
      body: { olympiadName: 'geo-demo', username: user.username, pin },
    });
    expect(other.status).toBe(200);
    const newToken = other.body.accessToken.token as string;
    await startedEarlier(user.id);
    const resumed = await call(newToken, 'GET', '/api/sitting/geo-demo/paper');
    expect(resumed.status).toBe(200);
    const given = Date.now() - 60_000;
    const newer = await save(newToken, q1!.id, { value: { type: 'single', optionId: 'b' }, givenAt: isoAt(given) });
    expect(newer.body).toMatchObject({ syncedLate: false });
    expect(newer.body.kept).toBeUndefined();

    // The old device comes back with what it gave before it died.
    const older = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'a' },
      flagged: true,
      givenAt: isoAt(given - 120_000),
    });
    expect(older.status, older.text).toBe(200);
    expect(older.body).toMatchObject({
      syncedLate: false,
      kept: { value: { type: 'single', optionId: 'b' }, flagged: false, givenAt: isoAt(given) },
    });
    let [stored] = await storedOf(user.id);
    expect(stored).toMatchObject({ value: { type: 'single', optionId: 'b' } });

    // Given at the same moment, or later (no time: now), it replaces the stored one.
    const same = await save(token, q1!.id, { value: { type: 'single', optionId: 'c' }, givenAt: isoAt(given) });
    expect(same.body.kept).toBeUndefined();
    expect((await storedOf(user.id))[0]).toMatchObject({ value: { type: 'single', optionId: 'c' } });
    await save(token, q1!.id, { value: { type: 'single', optionId: 'a' } });
    [stored] = await storedOf(user.id);
    expect(stored).toMatchObject({ value: { type: 'single', optionId: 'a' } });
    expect(Math.abs(ms(stored!.given_at) - Date.now())).toBeLessThan(5000);
  });

  it('keeps the later given answer in a batch of saves too', async () => {
    const a = await newLearner();
    const b = await newLearner();
    const [pa] = await Promise.all([toPaper(a.token), toPaper(b.token)]);
    await Promise.all([startedEarlier(a.user.id), startedEarlier(b.user.id)]);
    const qa = pa.paper.modules[0].questions[0] as PaperQuestion;
    const given = Date.now() - 30_000;
    expect(
      (await save(a.token, qa.id, { value: { type: 'single', optionId: 'b' }, givenAt: isoAt(given) })).status,
    ).toBe(200);
    const saves = answerSaves(server.db);
    const input = (token: string, optionId: string, givenAt: string) => ({
      tokenHash: tokenHash(server.appSecret, token),
      olympiadId: demo.geoDemo,
      questionId: qa.id,
      value: { type: 'single' as const, optionId },
      flagged: false,
      position: null,
      ip: '127.0.0.1',
      givenAt,
    });
    const [keptA, savedB] = await Promise.all([
      saves.save(input(a.token, 'a', isoAt(given - 1000))),
      saves.save(input(b.token, 'c', isoAt(given - 1000))),
    ]);
    expect(saves.figures()).toMatchObject({ statements: 1, batched: 2 });
    expect(keptA).toMatchObject({ kept: true, value: { type: 'single', optionId: 'b' } });
    expect(savedB).toMatchObject({ kept: false, value: { type: 'single', optionId: 'c' } });
    expect((await storedOf(a.user.id))[0]).toMatchObject({ value: { type: 'single', optionId: 'b' } });
  });

  it('takes a time in the future as now and one before the start as the start', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1, q2] = paper.modules[0].questions as PaperQuestion[];
    const ahead = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'b' },
      givenAt: isoAt(Date.now() + 3_600_000),
    });
    expect(ahead.status).toBe(200);
    const [stored] = await storedOf(user.id);
    expect(ms(stored!.given_at)).toBeLessThanOrEqual(Date.now());
    // An answer now replaces it: the clock ahead bought nothing.
    const now = await save(token, q1!.id, { value: { type: 'single', optionId: 'a' } });
    expect(now.body.kept).toBeUndefined();

    const behind = await save(token, q2!.id, { value: anAnswer(q2!), givenAt: '2001-01-01T00:00:00Z' });
    expect(behind.status).toBe(200);
    const row = await attemptRow(user.id);
    expect(ms((await storedOf(user.id))[1]!.given_at)).toBe(ms(row!.started_at));
    const early = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'c' },
      givenAt: '2001-01-01T00:00:00Z',
    });
    expect(early.body.kept).toMatchObject({ value: { type: 'single', optionId: 'a' } });
  });
});

describe('PUT /api/sitting/{o}/answers/{questionId} with the time given', () => {
  it('answers 400 for a bad time, 401 without a token, 403 for staff, 404 for another olympiad’s question, storing nothing', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const q1 = paper.modules[0].questions[0] as PaperQuestion;
    const value = { type: 'single', optionId: 'b' };
    for (const givenAt of ['yesterday', '2026-02-30T10:00:00Z', '2026-12-03T10:00', 1_700_000_000_000]) {
      const res = await save(token, q1.id, { value, givenAt });
      expect(res.status, String(givenAt)).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'validation_failed',
        details: [{ path: 'body.givenAt' }],
      });
    }
    const givenAt = new Date().toISOString();
    const anonymous = await server.api('PUT', `/api/sitting/geo-demo/answers/${q1.id}`, { body: { value, givenAt } });
    expect(anonymous.status).toBe(401);
    const admin = await server.signIn('admin');
    const staff = await save(admin.accessToken.token, q1.id, { value, givenAt });
    expect(staff.status).toBe(403);
    const [quick] = await server.query<{ id: number }>`
      select qu.id from questions qu join question_modules m on m.id = qu.module_id join olympiads o on o.id = m.olympiad_id
      where o.var_name = 'geo-quick' limit 1`;
    const foreign = await save(token, quick!.id, { value, givenAt });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, code: 'not_found' });
    expect(await storedOf(user.id)).toHaveLength(0);
  });
});

answerKeysNeverLeak();
