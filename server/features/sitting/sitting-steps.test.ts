import { describe, expect, it } from 'vitest';

import { createModule, createOlympiad, createQuestion } from '../../seed/factories.js';
import { unpaidMessage } from '../../platform/payment-gate.js';
import {
  adminActingAs,
  answerKeysNeverLeak,
  attemptRow,
  call,
  details,
  geoQuick,
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
      olympiad: { varName: 'geo-demo', durationMinutes: 60, moduleCount: 3, questionCount: 19 },
      learner: { schoolName: 'Hoërskool Waterkloof', grade: 9 },
      attempt: { startedAt: null, pinIssued: false, pinPending: false, position: null, score: null },
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
    expect((await call(token, 'GET', '/api/sitting/geo-demo/state')).body.step).toBe('recovery-pin');
    expect((await call(token, 'PUT', '/api/sitting/geo-demo/learner-details', details)).status).toBe(409);
    const confirm = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin/confirm', { pin: pin.body.pin });
    expect(confirm.status).toBe(200);
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

  it('keeps only a hash of the PIN; never shows it again once the learner confirmed writing it down', async () => {
    const { token, user } = await newLearner();
    await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true });
    const pin = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin');
    expect(pin.status).toBe(200);
    expect(pin.body).toMatchObject({ success: true, replaced: false });
    const row = await attemptRow(user.id);
    expect(row!.recovery_pin_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(`"${pin.body.pin}"`);
    expect(row!.pin_issued_at).toBeNull();
    expect(
      (await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin/confirm', { pin: pin.body.pin })).status,
    ).toBe(200);
    expect((await attemptRow(user.id))!.pin_issued_at).not.toBeNull();
    const again = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin');
    expect(again.status).toBe(409);
    expect(again.text).not.toContain(pin.body.pin);
    expect(again.body.message).toMatch(/cannot be shown again/);
  });

  it('a reload while the PIN is shown: the state says so, a fresh PIN replaces it, the old one stops working', async () => {
    const { token, user } = await newLearner();
    await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true });
    const first = (await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin')).body.pin as string;
    const state = await call(token, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body).toMatchObject({ step: 'recovery-pin', attempt: { pinIssued: false, pinPending: true } });
    expect(state.text).not.toContain(first);

    const fresh = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin');
    expect(fresh.status).toBe(200);
    expect(fresh.body.replaced).toBe(true);
    expect(fresh.body.pin).toMatch(/^\d{6}$/);
    const hashAfter = (await attemptRow(user.id))!.recovery_pin_hash;

    if (fresh.body.pin !== first) {
      // The page that still shows the first PIN (another window) may not go on with it.
      const stale = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin/confirm', { pin: first });
      expect(stale.status).toBe(409);
      expect(stale.body.details).toEqual([{ path: 'body.pin', message: expect.stringMatching(/not your newest/) }]);
      expect(await attemptRow(user.id)).toMatchObject({ pin_issued_at: null, recovery_pin_hash: hashAfter });
      const oldSignIn = await server.api('POST', '/api/sitting/recover', {
        body: { olympiadName: 'geo-demo', username: user.username, pin: first },
      });
      expect(oldSignIn.status).toBe(401);
    }
    const bad = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin/confirm', { pin: '12ab' });
    expect(bad.status).toBe(400);
    expect(
      (await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin/confirm', { pin: fresh.body.pin })).status,
    ).toBe(200);
    expect((await call(token, 'GET', '/api/sitting/geo-demo/state')).body.attempt).toMatchObject({
      pinIssued: true,
      pinPending: false,
    });
  });

  it('signing in with a shown PIN before confirming it counts as having written it down', async () => {
    const { token, user } = await newLearner();
    await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true });
    const pin = (await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin')).body.pin as string;
    const session = await server.api('POST', '/api/sitting/recover', {
      body: { olympiadName: 'geo-demo', username: user.username, pin },
    });
    expect(session.status).toBe(200);
    expect((await attemptRow(user.id))!.pin_issued_at).not.toBeNull();
    const state = await call(session.body.accessToken.token, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body.step).toBe('learner-details');
  });

  it('POST /api/sitting/{o}/recovery-pin/confirm: 401 without a token, 403 for staff, 409 before any PIN', async () => {
    const confirm = (token?: string) =>
      server.api('POST', '/api/sitting/geo-demo/recovery-pin/confirm', {
        ...(token ? { token } : {}),
        body: { pin: '123456' },
      });
    expect((await confirm()).status).toBe(401);
    for (const name of ['teacher', 'admin', 'accountant']) {
      const staff = await server.signIn(name);
      expect((await confirm(staff.accessToken.token)).status).toBe(403);
    }
    const { token, user } = await newLearner();
    await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true });
    const early = await confirm(token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Get your recovery PIN first.');
    const elsewhere = await call(token, 'POST', '/api/sitting/geo-quick/recovery-pin/confirm', { pin: '123456' });
    expect(elsewhere.status).toBe(404);
    expect(await attemptRow(user.id)).toMatchObject({ recovery_pin_hash: null, pin_issued_at: null });
  });

  it('starts the timer at the first paper call, holds it across calls, and details are then frozen', async () => {
    const { token, user } = await newLearner();
    const before = Date.now();
    const { paper } = await toPaper(token);
    expect(paper.modules).toHaveLength(3);
    expect(paper.modules.map((m: { title: string }) => m.title)).toEqual([
      'Maps and places',
      'Climate and people',
      'Maps of South Africa',
    ]);
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
    // A handful of learners writing: back online, the page sends what it kept within the least spread.
    expect(paper.reconnectSpreadSeconds).toBe(1);

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

  it('takes each arrival step in one statement only where the ordinary checks would allow it (decision 049)', async () => {
    const { token, user } = await newLearner();
    const { adminToken, actingToken } = await adminActingAs(user, 'arrive');
    const quick = await newLearner(geoQuick, 'geo-quick');
    const steps: Array<[string, string, unknown?]> = [
      ['POST', 'declaration', { accept: true }],
      ['POST', 'recovery-pin'],
      ['POST', 'recovery-pin/confirm', { pin: '000000' }],
      ['PUT', 'learner-details', details],
      ['GET', 'paper'],
    ];
    expect((await call(token, 'GET', '/api/sitting/geo-demo/state')).status).toBe(200);
    let pin = '';
    for (const [method, step, body] of steps) {
      const before = await attemptRow(user.id);
      const path = `/api/sitting/geo-demo/${step}`;
      const send = (t: string) => call(t, method, path, step === 'recovery-pin/confirm' ? { pin } : body);
      // an admin acting as the learner, the olympiad's own admin, another olympiad's learner: refused
      expect((await send(actingToken)).status, step).toBe(403);
      expect((await send(adminToken)).status, step).toBe(403);
      expect((await send(quick.token)).status, step).toBe(404);
      // the learner disabled: their token is refused as if absent
      await server.query`update users set disabled_at = now() where id = ${user.id}`;
      expect((await send(token)).status, step).toBe(401);
      await server.query`update users set disabled_at = null where id = ${user.id}`;
      expect(await attemptRow(user.id), step).toEqual(before);
      const done = await send(token);
      expect(done.status, step).toBe(200);
      if (step === 'recovery-pin') pin = done.body.pin;
    }
    expect((await attemptRow(user.id))!.started_at).not.toBeNull();
  });

  it('confirms a PIN shown through another sign-in the ordinary way, and refuses one that is not the newest', async () => {
    const { token, user } = await newLearner();
    const other = (await server.signIn(user.username, { olympiadName: 'geo-demo' })).accessToken.token;
    await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true });
    const first = (await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin')).body.pin as string;
    const second = (await call(other, 'POST', '/api/sitting/geo-demo/recovery-pin')).body.pin as string;
    const stale = await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin/confirm', { pin: first });
    if (first !== second) expect(stale.status).toBe(409);
    expect((await attemptRow(user.id))!.pin_issued_at).toBeNull();
    // the newest PIN, shown through the other session, confirmed through this one
    expect((await call(token, 'POST', '/api/sitting/geo-demo/recovery-pin/confirm', { pin: second })).status).toBe(200);
    expect((await attemptRow(user.id))!.pin_issued_at).not.toBeNull();
  });

  it('leaves a paying olympiad’s steps to the ordinary way: an unpaid school’s learner is refused, nothing stored', async () => {
    const olympiad = await createOlympiad(server.db, {
      varName: 'pay-first',
      open: true,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 3_600_000),
      paymentRequired: true,
    });
    const m = await createModule(server.db, { olympiadId: olympiad.id });
    await createQuestion(server.db, { moduleId: m.id });
    const { token, user } = await newLearner(olympiad.id, 'pay-first');
    const state = await call(token, 'GET', '/api/sitting/pay-first/state');
    expect(state.body.window).toMatchObject({ open: false, message: unpaidMessage('school') });
    const refused = await call(token, 'POST', '/api/sitting/pay-first/declaration', { accept: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(unpaidMessage('school'));
    expect((await attemptRow(user.id))?.declaration_accepted_at ?? null).toBeNull();
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
