import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createModule, createOlympiad, createQuestion, createUser, enterSchool } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from '../../test/harness.js';
import { sweepOverdue } from './finishing.js';

let server: TestServer;
let demo: DemoIds;
let geoQuick: number;

/** Every learner answer of this file, to check that no key ever leaves towards a learner. */
const learnerJson: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3', SITTING_SWEEP_SECONDS: '0' } });
  demo = await demoIds(server);
  [{ id: geoQuick }] = (await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-quick'`) as [
    { id: number },
  ];
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.query`delete from throttles`;
});

/** A new learner of an olympiad, signed in: each test gets its own, so tests stay independent. */
async function newLearner(olympiadId = demo.geoDemo, olympiadName = 'geo-demo', schoolId = demo.school1) {
  const user = await createUser(server.db, {
    role: 'learner',
    olympiadId,
    schoolId,
    password: demoPassword,
    grade: 9,
    email: null,
  });
  const session = await server.signIn(user.username, { olympiadName });
  return { user, token: session.accessToken.token };
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await server.api(method, path, { token, ...(body === undefined ? {} : { body }) });
  learnerJson.push(res.text);
  return res;
}

const details = { firstName: 'Ayanda', lastName: 'Zulu', grade: 10 };

/** Walks the steps up to and including the first paper call. */
async function toPaper(token: string, o = 'geo-demo') {
  expect((await call(token, 'POST', `/api/sitting/${o}/declaration`, { accept: true })).status).toBe(200);
  const pin = await call(token, 'POST', `/api/sitting/${o}/recovery-pin`);
  expect(pin.status).toBe(200);
  expect((await call(token, 'PUT', `/api/sitting/${o}/learner-details`, details)).status).toBe(200);
  const paper = await call(token, 'GET', `/api/sitting/${o}/paper`);
  expect(paper.status).toBe(200);
  return { paper: paper.body, pin: pin.body.pin as string };
}

async function attemptRow(userId: number) {
  const [row] = await server.query<Record<string, unknown>>`select * from attempts where user_id = ${userId}`;
  return row;
}

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

describe('answers', () => {
  it('saves every type, acknowledges only what is stored, and resumes at the last position', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1, q2, q3, q4, q5] = paper.modules[0].questions;
    const saves = [
      [q1.id, { type: 'single', optionId: 'b' }],
      [q2.id, { type: 'multiple', optionIds: ['a', 'b', 'd', 'e'] }],
      [q3.id, { type: 'true_false', value: true }],
      [q4.id, { type: 'numeric', value: 225 }],
      [q5.id, { type: 'short_text', text: ' maseru ' }],
    ] as const;
    for (const [i, [id, value]] of saves.entries()) {
      const res = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${id}`, {
        value,
        flagged: i === 2,
        position: { moduleIndex: 0, questionIndex: i },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ success: true, questionId: id, deadlineAt: paper.deadlineAt });
    }
    // the same question again: the last write wins
    await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q1.id}`, {
      value: { type: 'single', optionId: 'a' },
      position: { moduleIndex: 1, questionIndex: 2 },
    });
    const stored = await server.query<{ question_id: number; value: unknown; flagged: boolean }>`
      select an.question_id, an.value, an.flagged from answers an join attempts a on a.id = an.attempt_id
      where a.user_id = ${user.id} order by an.question_id`;
    expect(stored).toHaveLength(5);
    expect(stored.find((s) => s.question_id === q1.id)!.value).toEqual({ type: 'single', optionId: 'a' });
    expect(stored.find((s) => s.question_id === q3.id)!.flagged).toBe(true);

    const state = await call(token, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body.attempt.position).toEqual({ moduleIndex: 1, questionIndex: 2 });
    const resumed = await call(token, 'GET', '/api/sitting/geo-demo/paper');
    expect(resumed.body.answers).toHaveLength(5);
    expect(resumed.body.answers.find((a: { questionId: number }) => a.questionId === q5.id).value).toEqual({
      type: 'short_text',
      text: ' maseru ',
    });
  });

  it('refuses an answer of the wrong type, an unknown option, another olympiad’s question and bad input, without a 500', async () => {
    const { token } = await newLearner();
    const { paper } = await toPaper(token);
    const q1 = paper.modules[0].questions[0];
    const wrongType = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q1.id}`, {
      value: { type: 'numeric', value: 3 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details).toEqual([
      { path: 'body.value.type', message: 'This question takes a single answer' },
    ]);
    const unknownOption = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q1.id}`, {
      value: { type: 'single', optionId: 'zz' },
    });
    expect(unknownOption.status).toBe(400);
    const [quickQuestion] = await server.query<{ id: number }>`
      select q.id from questions q join question_modules m on m.id = q.module_id where m.olympiad_id = ${geoQuick} limit 1`;
    const foreign = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${quickQuestion!.id}`, {
      value: { type: 'single', optionId: 'a' },
    });
    expect(foreign.status).toBe(404);
    for (const [path, body] of [
      [`/api/sitting/geo-demo/answers/abc`, { value: { type: 'single', optionId: 'a' } }],
      [`/api/sitting/geo-demo/answers/99999999999`, { value: { type: 'single', optionId: 'a' } }],
      [`/api/sitting/geo-demo/answers/${q1.id}`, { value: { type: 'nonsense' } }],
      [`/api/sitting/geo-demo/answers/${q1.id}`, { value: { type: 'numeric', value: 'NaN' } }],
      [`/api/sitting/geo-demo/answers/${q1.id}`, { value: { type: 'single', optionId: 'a' }, extra: 1 }],
    ] as const) {
      const res = await call(token, 'PUT', path, body);
      expect(res.status, path).toBe(400);
    }
    const missing = await call(token, 'PUT', `/api/sitting/geo-demo/answers/2000000000`, {
      value: { type: 'single', optionId: 'a' },
    });
    expect(missing.status).toBe(404);
    const [count] = await server.query<{
      n: number;
    }>`select count(*)::int as n from answers an join questions q on q.id = an.question_id where q.id = ${quickQuestion!.id}`;
    expect(count!.n).toBe(0);
  });

  it('refuses answers after the deadline with a clear sentence, finishing and marking the attempt by itself', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const q1 = paper.modules[0].questions[0];
    expect(
      (await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q1.id}`, { value: { type: 'single', optionId: 'b' } }))
        .status,
    ).toBe(200);
    await server.query`update attempts set deadline_at = now() - interval '1 second' where user_id = ${user.id}`;
    const late = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q1.id}`, {
      value: { type: 'single', optionId: 'a' },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^Time is up/) });
    const row = await attemptRow(user.id);
    expect(row).toMatchObject({ finish_reason: 'time_up', score: 2, max_score: 18 });
    const [answer] = await server.query<{ value: unknown; marks_awarded: number }>`
      select value, marks_awarded from answers where question_id = ${q1.id} and attempt_id = ${row!.id}`;
    expect(answer).toEqual({ value: { type: 'single', optionId: 'b' }, marks_awarded: 2 });
    const state = await call(token, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body).toMatchObject({
      step: 'finished',
      attempt: { finishReason: 'time_up', score: 2, maxScore: 18 },
    });
    expect((await call(token, 'GET', '/api/sitting/geo-demo/paper')).status).toBe(409);
  });

  it('refuses answers after finishing; finishing twice keeps the first finish', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const q = paper.modules[1].questions[4]; // short text, "Orange"
    await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q.id}`, {
      value: { type: 'short_text', text: 'gariep river' },
    });
    const finish = await call(token, 'POST', '/api/sitting/geo-demo/finish');
    expect(finish.status).toBe(200);
    const after = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q.id}`, {
      value: { type: 'short_text', text: 'Vaal' },
    });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('You have finished this olympiad; answers can no longer be changed.');
    const again = await call(token, 'POST', '/api/sitting/geo-demo/finish');
    expect(again.body.finishedAt).toBe(finish.body.finishedAt);
    expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'submitted', score: 1 });
    // a learner writes once: no step can be redone
    expect((await call(token, 'POST', '/api/sitting/geo-demo/declaration', { accept: true })).status).toBe(409);
  });

  it('keeps a learner inside their own olympiad and their own attempt', async () => {
    const a = await newLearner();
    const b = await newLearner(demo.geoDemo, 'geo-demo', demo.school2);
    await toPaper(a.token);
    const { paper } = await toPaper(b.token);
    // the other olympiad's calls and names answer 404, as if they did not exist
    for (const [method, path] of [
      ['GET', '/api/sitting/geo-quick/state'],
      ['GET', '/api/sitting/geo-quick/paper'],
      ['POST', '/api/sitting/geo-quick/finish'],
      ['GET', '/api/sitting/no-such-olympiad/state'],
    ] as const) {
      expect((await call(a.token, method, path)).status, path).toBe(404);
    }
    const wrongName = await call(a.token, 'PUT', `/api/sitting/geo-quick/answers/${paper.modules[0].questions[0].id}`, {
      value: { type: 'single', optionId: 'b' },
    });
    expect(wrongName.status).toBe(404);
    // a's answers never show up for b, and the admin's calls are closed to learners
    await call(a.token, 'PUT', `/api/sitting/geo-demo/answers/${paper.modules[0].questions[2].id}`, {
      value: { type: 'true_false', value: false },
    });
    const bPaper = await call(b.token, 'GET', '/api/sitting/geo-demo/paper');
    expect(bPaper.body.answers).toEqual([]);
    expect((await call(a.token, 'GET', `/participant/get-submitted-data/${b.user.id}`)).status).toBe(403);
    expect((await call(a.token, 'GET', `/olympiad/start-times?olympiadId=${demo.geoDemo}`)).status).toBe(403);
    expect((await server.api('GET', '/api/sitting/geo-demo/state')).status).toBe(401);
  });

  it('saves in one statement only where the ordinary checks would allow it (decision 019)', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const q = paper.modules[0].questions[0];
    const save = (t: string, o = 'geo-demo') =>
      call(t, 'PUT', `/api/sitting/${o}/answers/${q.id}`, { value: { type: 'single', optionId: 'b' } });
    const stored = async () =>
      (
        await server.query<{ n: number }>`
        select count(*)::int as n from answers an join attempts a on a.id = an.attempt_id where a.user_id = ${user.id}`
      )[0]!.n;

    // an admin acting as the learner: a live learner session of this olympiad, but never writes in their name
    const admin = await server.signIn('admin');
    await server.query`update users set email = ${`fast-${user.id}@home.example.org`} where id = ${user.id}`;
    const acting = await server.api(
      'GET',
      `/user/rest/impersonate?userEmail=fast-${user.id}@home.example.org&olympiadId=${demo.geoDemo}`,
      { token: admin.accessToken.token },
    );
    expect(acting.status, acting.text).toBe(200);
    expect((await save(acting.body.accessToken.token)).status).toBe(403);
    // staff, even the olympiad's own admin, do not write answers
    expect((await save(admin.accessToken.token)).status).toBe(403);
    // a disabled learner's token, then a logged-out one, are refused as if absent
    await server.query`update users set disabled_at = now() where id = ${user.id}`;
    expect((await save(token)).status).toBe(401);
    await server.query`update users set disabled_at = null where id = ${user.id}`;
    // another olympiad's learner naming this olympiad
    const quick = await newLearner(geoQuick, 'geo-quick');
    expect((await save(quick.token)).status).toBe(404);
    expect(await stored()).toBe(0);

    expect((await save(token)).status).toBe(200);
    expect(await stored()).toBe(1);
    expect((await call(token, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await save(token)).status).toBe(401);
  });

  it('shuffles options per learner when the olympiad says so, stable for that learner', async () => {
    const orders = new Set<string>();
    let first: { token: string } | null = null;
    let firstOrder = '';
    for (let i = 0; i < 6; i++) {
      const l = await newLearner(geoQuick, 'geo-quick');
      const { paper } = await toPaper(l.token, 'geo-quick');
      const q = paper.modules[0].questions[0];
      expect(q.options.map((o: { id: string }) => o.id).sort()).toEqual(['a', 'b', 'c', 'd']);
      const order = q.options.map((o: { id: string }) => o.id).join('');
      orders.add(order);
      if (!first) {
        first = l;
        firstOrder = order;
      }
    }
    expect(orders.size).toBeGreaterThan(1);
    const again = await call(first!.token, 'GET', '/api/sitting/geo-quick/paper');
    expect(again.body.modules[0].questions[0].options.map((o: { id: string }) => o.id).join('')).toBe(firstOrder);
    // geo-demo does not shuffle
    const plain = await newLearner();
    const { paper } = await toPaper(plain.token);
    expect(paper.modules[1].questions[0].options.map((o: { id: string }) => o.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

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
    expect(row).toMatchObject({ finish_reason: 'time_up', score: 1, max_score: 18 });
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

describe('answer keys', () => {
  it('never appear in anything a learner received in this file', async () => {
    // make sure the whole paper of both demo olympiads was fetched at least once above
    const { token } = await newLearner();
    await toPaper(token);
    const all = learnerJson.join('\n');
    expect(all.length).toBeGreaterThan(10_000);
    for (const word of [
      'answerKey',
      'answer_key',
      '"correct"',
      '"accepted"',
      '"tolerance"',
      'Maseru',
      'Gariep',
      'marksAwarded',
      'recovery_pin_hash',
    ]) {
      expect(all, word).not.toContain(word);
    }
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
