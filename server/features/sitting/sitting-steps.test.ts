import { describe, expect, it } from 'vitest';

import { createModule, createOlympiad, createQuestion } from '../../seed/factories.js';
import {
  answerKeysNeverLeak,
  attemptRow,
  call,
  details,
  newLearner,
  server,
  toPaper,
  useSittingServer,
} from './testing.js';

useSittingServer();

describe('the steps, in order, enforced by the server', () => {
  it('starts at the instructions with the olympiad’s texts and an open window', async () => {
    const { token } = await newLearner();
    const res = await call(token, 'GET', '/api/sitting/geo-demo/state');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      step: 'instructions',
      window: { open: true, message: null },
      olympiad: { varName: 'geo-demo', durationMinutes: 60, moduleCount: 2, questionCount: 12 },
      learner: { schoolName: 'Hoërskool Waterkloof', grade: 9 },
      attempt: { startedAt: null, pinIssued: false, position: null, score: null },
    });
    expect(res.body.olympiad.instructions).toContain('60 minutes');
    expect(res.body.olympiad.declaration).toContain('I declare');
    expect(Math.abs(Date.parse(res.body.serverNow) - Date.now())).toBeLessThan(5000);
  });

  it('refuses every step out of order, and the paper before the declaration and details', async () => {
    const { token, user } = await newLearner();
    const paper0 = await call(token, 'GET', '/api/sitting/geo-demo/paper');
    expect(paper0.status).toBe(409);
    expect(paper0.body).toMatchObject({ code: 'conflict', message: 'Accept the declaration before the questions.' });
    expect((await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin')).status).toBe(409);
    expect((await call(token, 'PUT', '/api/sitting/geo-demo/learner-details', details)).status).toBe(409);
    expect((await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: false })).status).toBe(400);

    expect((await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true })).status).toBe(200);
    expect((await call(token, 'GET', '/api/sitting/geo-demo/state')).body.step).toBe('recovery-pin');
    expect((await call(token, 'PUT', '/api/sitting/geo-demo/learner-details', details)).status).toBe(409);
    const paper1 = await call(token, 'GET', '/api/sitting/geo-demo/paper');
    expect(paper1.status).toBe(409);
    expect(paper1.body.message).toMatch(/recovery PIN/);

    const pin = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin');
    expect(pin.body.pin).toMatch(/^\d{6}$/);
    expect((await call(token, 'GET', '/api/sitting/geo-demo/state')).body.step).toBe('learner-details');
    const paper2 = await call(token, 'GET', '/api/sitting/geo-demo/paper');
    expect(paper2.status).toBe(409);
    expect(paper2.body.message).toBe('Confirm your details before the questions.');
    const badDetails = await call(token, 'PUT', '/api/sitting/geo-demo/learner-details', {
      ...details,
      firstName: ' ',
      grade: 13,
    });
    expect(badDetails.status).toBe(400);
    expect(badDetails.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.firstName',
      'body.grade',
    ]);
    expect((await call(token, 'PUT', '/api/sitting/geo-demo/learner-details', details)).status).toBe(200);
    const [stored] = await server.query<{
      first_name: string;
      grade: number;
    }>`select first_name, grade from users where id = ${user.id}`;
    expect(stored).toEqual({ first_name: 'Ayanda', grade: 10 });
    const state = await call(token, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body.step).toBe('questions');
    expect(state.body.attempt.startedAt).toBeNull(); // the timer starts with the first question, not before
  });

  it('shows the recovery PIN once and keeps only a hash of it', async () => {
    const { token, user } = await newLearner();
    await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true });
    const pin = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin');
    expect(pin.status).toBe(200);
    const again = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin');
    expect(again.status).toBe(409);
    expect(again.text).not.toContain(pin.body.pin);
    const row = await attemptRow(user.id);
    expect(row!.recovery_pin_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(`"${pin.body.pin}"`);
  });

  it('starts the timer at the first paper call, holds it across calls, and details are then frozen', async () => {
    const { token, user } = await newLearner();
    const before = Date.now();
    const { paper } = await toPaper(token);
    expect(paper.modules).toHaveLength(2);
    expect(paper.modules.map((m: { title: string }) => m.title)).toEqual(['Maps and places', 'Climate and people']);
    expect(paper.modules[0].questions.map((q: { type: string }) => q.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'numeric',
      'short_text',
      'single',
    ]);
    expect(paper.modules[0].questions[0]).toMatchObject({
      index: 0,
      imageUrl: '/demo/sa-provinces.svg',
      imageAlt: expect.stringContaining('map'),
    });
    expect(paper.modules[0].questions[5].options[1].imageUrl).toMatch(/^\/demo\/flag-/);
    const started = Date.parse(paper.startedAt);
    expect(started).toBeGreaterThanOrEqual(before - 2000);
    expect(Date.parse(paper.deadlineAt) - started).toBe(60 * 60_000);

    const again = await call(token, 'GET', '/api/sitting/geo-demo/paper');
    expect(again.body.startedAt).toBe(paper.startedAt);
    expect(again.body.deadlineAt).toBe(paper.deadlineAt);
    const late = await call(token, 'PUT', '/api/sitting/geo-demo/learner-details', {
      ...details,
      firstName: 'Changed',
    });
    expect(late.status).toBe(409);
    const row = await attemptRow(user.id);
    expect(new Date(row!.started_at as string).toISOString()).toBe(paper.startedAt);
  });

  it('caps the deadline at the window’s end, and refuses entry outside the window with a sentence', async () => {
    const olympiad = await createOlympiad(server.db, {
      varName: 'closing-soon',
      open: true,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 10 * 60_000),
      durationMinutes: 60,
    });
    const m = await createModule(server.db, { olympiadId: olympiad.id });
    await createQuestion(server.db, { moduleId: m.id });
    const { token } = await newLearner(olympiad.id, 'closing-soon');
    const { paper } = await toPaper(token, 'closing-soon');
    expect(Math.abs(Date.parse(paper.deadlineAt) - (Date.now() + 10 * 60_000))).toBeLessThan(5000);

    const later = await createOlympiad(server.db, {
      varName: 'not-yet',
      open: true,
      startsAt: new Date(Date.now() + 24 * 3_600_000),
      endsAt: new Date(Date.now() + 48 * 3_600_000),
    });
    const early = await newLearner(later.id, 'not-yet');
    const state = await call(early.token, 'GET', '/api/sitting/not-yet/state');
    expect(state.body.window).toMatchObject({ open: false, message: expect.stringMatching(/^The olympiad opens on /) });
    const refused = await call(early.token, 'POST', '/api/sitting/not-yet/declaration', { accept: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^The olympiad opens on /);

    await server.query`update olympiads set open = false where id = ${later.id}`;
    const closed = await call(early.token, 'POST', '/api/sitting/not-yet/declaration', { accept: true });
    expect(closed.body.message).toBe('This olympiad is not open for writing at the moment.');
  });
});

answerKeysNeverLeak();
