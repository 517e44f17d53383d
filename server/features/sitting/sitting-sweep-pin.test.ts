import { describe, expect, it } from 'vitest';

import { createOlympiad, enterSchool } from '../../seed/factories.js';
import { sweepOverdue } from './finishing.js';

import {
  answerKeysNeverLeak,
  attemptRow,
  call,
  demo,
  geoQuick,
  newLearner,
  server,
  toPaper,
  useSittingServer,
} from './testing.js';

useSittingServer();

describe('the sweep and the heartbeat', () => {
  it('finishes and marks overdue attempts, and only those', async () => {
    const late = await newLearner();
    const onTime = await newLearner();
    const { paper } = await toPaper(late.token);
    await toPaper(onTime.token);
    await call(late.token, 'PUT', `/api/sitting/geo-demo/answers/${paper.modules[0].questions[2].id}`, {
      value: { type: 'true_false', value: true },
    });
    await server.query`update attempts set deadline_at = now() - interval '5 seconds' where user_id = ${late.user.id}`;
    const finished = await sweepOverdue(server.db);
    expect(finished).toBeGreaterThanOrEqual(1);
    const row = await attemptRow(late.user.id);
    expect(row).toMatchObject({ finish_reason: 'time_up', score: 1, max_score: 30 });
    expect(new Date(row!.finished_at as string).getTime()).toBeLessThanOrEqual(
      new Date(row!.deadline_at as string).getTime(),
    );
    expect((await attemptRow(onTime.user.id))!.finished_at).toBeNull();
    expect(await sweepOverdue(server.db)).toBe(0);
  });

  it('records the heartbeat: last seen, position and address changes', async () => {
    const { token, user } = await newLearner();
    await toPaper(token);
    const beat = await call(token, 'POST', `/api/participant-tracker?olympiadId=${demo.geoDemo}`, {
      position: { moduleIndex: 1, questionIndex: 3 },
    });
    expect(beat.status).toBe(200);
    expect(beat.body).toMatchObject({ success: true, finished: false });
    await server.query`update attempts set last_ip = '10.0.0.9' where user_id = ${user.id}`;
    await call(token, 'POST', `/api/participant-tracker?olympiadId=${demo.geoDemo}`, {});
    const row = await attemptRow(user.id);
    expect(row).toMatchObject({ position: { moduleIndex: 1, questionIndex: 3 }, ip_changes: 1, last_ip: '127.0.0.1' });
    expect(row!.last_seen_at).not.toBeNull();
    expect((await call(token, 'POST', `/api/participant-tracker?olympiadId=${geoQuick}`, {})).status).toBe(404);
    expect((await call(token, 'POST', `/api/participant-tracker?olympiadId=abc`, {})).status).toBe(400);
  });
});

describe('feedback', () => {
  it('is taken once, after finishing, and stored with the attempt', async () => {
    const { token, user } = await newLearner();
    await toPaper(token);
    expect((await call(token, 'POST', '/api/sitting/geo-demo/feedback', { rating: 4, comment: 'Nice' })).status).toBe(
      409,
    );
    await call(token, 'POST', '/api/sitting/geo-demo/finish');
    expect((await call(token, 'POST', '/api/sitting/geo-demo/feedback', { rating: 6, comment: '' })).status).toBe(400);
    expect(
      (await call(token, 'POST', '/api/sitting/geo-demo/feedback', { rating: 4, comment: '  Loved the maps  ' }))
        .status,
    ).toBe(200);
    expect((await call(token, 'POST', '/api/sitting/geo-demo/feedback', { rating: 1, comment: 'again' })).status).toBe(
      409,
    );
    expect(await attemptRow(user.id)).toMatchObject({ feedback_rating: 4, feedback_comment: 'Loved the maps' });
    expect((await call(token, 'GET', '/api/sitting/geo-demo/state')).body.attempt.feedbackGiven).toBe(true);
  });
});

describe('the recovery PIN sign-in', () => {
  it('opens a learner session that resumes where the learner was; a second session writes too (decision 010)', async () => {
    const { token, user } = await newLearner();
    const { paper, pin } = await toPaper(token);
    await call(token, 'PUT', `/api/sitting/geo-demo/answers/${paper.modules[0].questions[0].id}`, {
      value: { type: 'single', optionId: 'b' },
      position: { moduleIndex: 0, questionIndex: 4 },
    });
    const res = await server.api('POST', '/api/sitting/recover', {
      body: { olympiadName: 'geo-demo', username: user.username.toUpperCase(), pin },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      role: 'learner',
      id: user.id,
      olympiadName: 'geo-demo',
      home: '/geo-demo/olympiad/instructions',
    });
    const second = res.body.accessToken.token as string;
    const state = await call(second, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body).toMatchObject({
      step: 'questions',
      attempt: { position: { moduleIndex: 0, questionIndex: 4 }, startedAt: paper.startedAt },
    });
    // both sessions stay valid; each answer is idempotent per question and the last write wins
    const q = paper.modules[0].questions[2].id;
    expect(
      (await call(second, 'PUT', `/api/sitting/geo-demo/answers/${q}`, { value: { type: 'true_false', value: false } }))
        .status,
    ).toBe(200);
    expect(
      (await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q}`, { value: { type: 'true_false', value: true } }))
        .status,
    ).toBe(200);
    const resumed = await call(second, 'GET', '/api/sitting/geo-demo/paper');
    expect(resumed.body.answers.find((a: { questionId: number }) => a.questionId === q).value).toEqual({
      type: 'true_false',
      value: true,
    });
  });

  it('refuses a wrong PIN, a learner without a PIN, and rate-limits failures', async () => {
    const { token, user } = await newLearner();
    const { pin } = await toPaper(token);
    const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    const res = await server.api('POST', '/api/sitting/recover', {
      body: { olympiadName: 'geo-demo', username: user.username, pin: wrong },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'wrong_password', details: [{ path: 'body.pin' }] });
    const noPin = await newLearner();
    expect(
      (
        await server.api('POST', '/api/sitting/recover', {
          body: { olympiadName: 'geo-demo', username: noPin.user.username, pin: '123456' },
        })
      ).status,
    ).toBe(401);
    for (let i = 0; i < 2; i++)
      await server.api('POST', '/api/sitting/recover', {
        body: { olympiadName: 'geo-demo', username: user.username, pin: wrong },
      });
    const locked = await server.api('POST', '/api/sitting/recover', {
      body: { olympiadName: 'geo-demo', username: user.username, pin },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('rate_limited');
    const badBody = await server.api('POST', '/api/sitting/recover', {
      body: { olympiadName: 'geo-demo', username: user.username },
    });
    expect(badBody.status).toBe(400);
    const unknownOlympiad = await server.api('POST', '/api/sitting/recover', {
      body: { olympiadName: 'nope', username: 'x', pin: '123456' },
    });
    expect(unknownOlympiad.status).toBe(400);
  });
});

describe('an unfinished olympiad set-up', () => {
  it('says so instead of starting a paper without a duration', async () => {
    const olympiad = await createOlympiad(server.db, { varName: 'no-duration', open: true, durationMinutes: null });
    const school = demo.school1;
    await enterSchool(server.db, olympiad.id, school).catch(() => undefined);
    const { token } = await newLearner(olympiad.id, 'no-duration');
    const res = await call(token, 'POST', '/api/sitting/no-duration/declaration', { accept: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/no writing time/);
  });
});

answerKeysNeverLeak();
