import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { answerSaves } from './answer-batches.js';
import { finishedMessage, timeUpMessage } from './answers.js';
import { sweepOverdue } from './finishing.js';
import { tokenHash } from '../../platform/secrets.js';

import {
  answerKeysNeverLeak,
  attemptRow,
  call,
  deadlinePassed,
  demo,
  isoAt,
  newLearner,
  server,
  toPaper,
  untilWaitingOnLock,
  useSittingServer,
} from './testing.js';

useSittingServer();

/** Answers given offline and on another device (decision 087). */

type PaperQuestion = { id: number; type: string; options?: Array<{ id: string }> };

/** A time as milliseconds (PGlite's raw rows give text, PostgreSQL's a Date). */
const ms = (at: unknown) => new Date(at as string).getTime();

/** An answer any question of the first two sections takes. */
function anAnswer(q: PaperQuestion) {
  switch (q.type) {
    case 'single':
      return { type: 'single', optionId: q.options![0]!.id };
    case 'multiple':
      return { type: 'multiple', optionIds: [q.options![0]!.id] };
    case 'true_false':
      return { type: 'true_false', value: true };
    case 'numeric':
      return { type: 'numeric', value: 1 };
    default:
      return { type: 'short_text', text: 'Maseru' };
  }
}

/** The learner started writing half an hour ago (a time given since then is kept as given). */
async function startedEarlier(userId: number) {
  await server.query`update attempts set started_at = now() - interval '30 minutes' where user_id = ${userId}`;
}

async function storedOf(userId: number) {
  return server.query<{
    question_id: number;
    value: unknown;
    given_at: unknown;
    synced_late: boolean;
    marks_awarded: number | null;
  }>`
    select an.question_id, an.value, an.given_at, an.synced_late, an.marks_awarded
    from answers an join attempts a on a.id = an.attempt_id where a.user_id = ${userId} order by an.question_id`;
}

const save = (token: string, questionId: number, body: Record<string, unknown>, o = 'geo-demo') =>
  call(token, 'PUT', `/api/sitting/${o}/answers/${questionId}`, body);

describe('answers given before the deadline that arrive after it', () => {
  it('count from a learner the server had lost contact with: synced late, marked, the attempt closed at its deadline', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1, , q3] = paper.modules[0].questions as PaperQuestion[];
    expect((await save(token, q1!.id, { value: { type: 'single', optionId: 'a' } })).status).toBe(200);
    const deadline = await deadlinePassed(user.id, 5, 10);

    const late = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'b' },
      givenAt: isoAt(deadline - 60_000),
    });
    expect(late.status, late.text).toBe(200);
    expect(late.body).toMatchObject({ success: true, questionId: q1!.id, syncedLate: true });
    expect(late.body.kept).toBeUndefined();
    const row = await attemptRow(user.id);
    expect(row).toMatchObject({ finish_reason: 'time_up', score: 2 });
    expect(ms(row!.finished_at)).toBe(deadline);
    const [stored] = await storedOf(user.id);
    expect(stored).toMatchObject({ value: { type: 'single', optionId: 'b' }, synced_late: true, marks_awarded: 2 });
    expect(ms(stored!.given_at)).toBe(deadline - 60_000);

    // The attempt is finished now: the next late answer marks it again.
    const next = await save(token, q3!.id, {
      value: { type: 'true_false', value: true },
      givenAt: isoAt(deadline - 1),
    });
    expect(next.status, next.text).toBe(200);
    expect((await attemptRow(user.id))!.score).toBe(3);
    const state = await call(token, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body).toMatchObject({ step: 'finished', attempt: { finishReason: 'time_up', score: 3 } });
  });

  it('count one after another: forty saves of a device back online are all accepted', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const questions = [...paper.modules[0].questions, ...paper.modules[1].questions] as PaperQuestion[];
    const deadline = await deadlinePassed(user.id, 1, null);
    for (let round = 0; round < 4; round++) {
      for (const [i, q] of questions.entries()) {
        const res = await save(token, q.id, {
          value: anAnswer(q),
          givenAt: isoAt(deadline - 600_000 + round * 1000 + i),
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.syncedLate).toBe(true);
      }
    }
    const stored = await storedOf(user.id);
    expect(stored).toHaveLength(questions.length);
    expect(stored.every((a) => a.synced_late)).toBe(true);
    const marked = stored.reduce((sum, a) => sum + (a.marks_awarded ?? 0), 0);
    expect((await attemptRow(user.id))!.score).toBe(marked);
  });

  it('count after the sweep finished the attempt as time up, and the score counts them', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1, , q3] = paper.modules[0].questions as PaperQuestion[];
    expect((await save(token, q3!.id, { value: { type: 'true_false', value: true } })).status).toBe(200);
    const deadline = await deadlinePassed(user.id, 3, 5);
    expect(await sweepOverdue(server.db)).toBeGreaterThanOrEqual(1);
    expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'time_up', score: 1 });
    const late = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'b' },
      givenAt: isoAt(deadline - 10_000),
    });
    expect(late.status, late.text).toBe(200);
    expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'time_up', score: 3 });
  });

  it('count from a device that was still sending what it had kept when the deadline came', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1, q2] = paper.modules[0].questions as PaperQuestion[];
    expect((await save(token, q2!.id, { value: anAnswer(q2!) })).status).toBe(200);
    const deadline = await deadlinePassed(user.id, 1, 0.5);
    // Its last save before the deadline arrived 30 s before it, given 15 minutes before that.
    await server.query`
      update answers set saved_at = ${isoAt(deadline - 30_000)}::timestamptz, given_at = ${isoAt(deadline - 930_000)}::timestamptz
      where question_id = ${q2!.id} and attempt_id = (select id from attempts where user_id = ${user.id})`;
    const late = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'b' },
      givenAt: isoAt(deadline - 900_000),
    });
    expect(late.status, late.text).toBe(200);
  });

  it('do not count from a learner in contact until the deadline, after the grace, or given after the deadline', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1] = paper.modules[0].questions as PaperQuestion[];
    expect((await save(token, q1!.id, { value: { type: 'single', optionId: 'a' } })).status).toBe(200);
    const refused = async (givenAt: string) => {
      const res = await save(token, q1!.id, { value: { type: 'single', optionId: 'b' }, givenAt });
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'conflict', message: timeUpMessage });
      const [stored] = await storedOf(user.id);
      expect(stored).toMatchObject({ value: { type: 'single', optionId: 'a' }, synced_late: false });
    };
    // In contact 30 s before the deadline (its page beats every minute).
    let deadline = await deadlinePassed(user.id, 5, 0.5);
    await refused(isoAt(deadline - 60_000));
    // Out of contact, but past the grace of 30 minutes.
    deadline = await deadlinePassed(user.id, 31, 10);
    await refused(isoAt(deadline - 60_000));
    // Out of contact, within the grace, but given after the deadline.
    deadline = await deadlinePassed(user.id, 5, 10);
    await refused(isoAt(deadline + 1000));
    // Without a time it was given now, after the deadline.
    const now = await save(token, q1!.id, { value: { type: 'single', optionId: 'b' } });
    expect(now.status).toBe(409);
    expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'time_up', score: 0 });
  });

  // PGlite is one connection: two transactions never meet there.
  it.skipIf(!inject('postgres'))(
    'count when they wait for the sweep finishing the attempt, and are marked after it',
    async () => {
      const { token, user } = await newLearner();
      const { paper } = await toPaper(token);
      const [q1] = paper.modules[0].questions as PaperQuestion[];
      const deadline = await deadlinePassed(user.id, 2, 10);
      const sweep = new pg.Client({ connectionString: server.databaseUrl });
      await sweep.connect();
      try {
        await sweep.query('begin');
        await sweep.query(
          `update attempts set finished_at = deadline_at, finish_reason = 'time_up', score = 0, max_score = 30
           where user_id = $1`,
          [user.id],
        );
        const saving = save(token, q1!.id, {
          value: { type: 'single', optionId: 'b' },
          givenAt: isoAt(deadline - 5000),
        });
        await untilWaitingOnLock(sweep, 'the late save');
        await sweep.query('commit');
        const saved = await saving;
        expect(saved.status, saved.text).toBe(200);
        expect(saved.body.syncedLate).toBe(true);
        expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'time_up', score: 2 });
      } finally {
        await sweep.query('rollback').catch(() => undefined);
        await sweep.end();
      }
    },
  );

  it('do not count once the learner handed in', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1] = paper.modules[0].questions as PaperQuestion[];
    const finished = await call(token, 'POST', '/api/sitting/geo-demo/finish');
    expect(finished.status).toBe(200);
    const deadline = await deadlinePassed(user.id, 2, 10);
    const res = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'b' },
      givenAt: isoAt(deadline - 60_000),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(finishedMessage);
    expect(await storedOf(user.id)).toHaveLength(0);
  });
});

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

describe('a finish given offline', () => {
  it('that arrives after the deadline is handed in when it was given; late answers sent before it count', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1] = paper.modules[0].questions as PaperQuestion[];
    const deadline = await deadlinePassed(user.id, 4, 6);
    expect(await sweepOverdue(server.db)).toBeGreaterThanOrEqual(1);
    const late = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'b' },
      givenAt: isoAt(deadline - 90_000),
    });
    expect(late.status).toBe(200);
    const finish = await call(token, 'POST', '/api/sitting/geo-demo/finish', { givenAt: isoAt(deadline - 60_000) });
    expect(finish.status, finish.text).toBe(200);
    expect(finish.body).toEqual({ success: true, finishedAt: isoAt(deadline - 60_000) });
    expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'submitted', score: 2 });
    // Sent again (the device never heard the answer): the same.
    const again = await call(token, 'POST', '/api/sitting/geo-demo/finish', { givenAt: isoAt(deadline - 60_000) });
    expect(again.body).toEqual(finish.body);
    // Handed in: nothing more counts.
    const after = await save(token, q1!.id, {
      value: { type: 'single', optionId: 'a' },
      givenAt: isoAt(deadline - 30_000),
    });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(finishedMessage);
  });

  it('closes an attempt nothing had finished yet at the moment it was given', async () => {
    const { token, user } = await newLearner();
    await toPaper(token);
    const deadline = await deadlinePassed(user.id, 2, 10);
    const finish = await call(token, 'POST', '/api/sitting/geo-demo/finish', { givenAt: isoAt(deadline - 5000) });
    expect(finish.body).toEqual({ success: true, finishedAt: isoAt(deadline - 5000) });
    expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'submitted', score: 0 });
  });

  it('without a time, or given after the deadline, leaves the attempt as the deadline finished it', async () => {
    for (const body of [undefined, {}, { givenAt: 'later' }, 'after']) {
      const { token, user } = await newLearner();
      await toPaper(token);
      const deadline = await deadlinePassed(user.id, 2, 10);
      const res = await call(
        token,
        'POST',
        '/api/sitting/geo-demo/finish',
        body === 'after' ? { givenAt: isoAt(deadline + 1000) } : body,
      );
      if (body && typeof body === 'object' && 'givenAt' in body) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'body.givenAt' }] });
        expect((await attemptRow(user.id))!.finished_at).toBeNull();
        continue;
      }
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ success: true, finishedAt: isoAt(deadline) });
      expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'time_up' });
    }
  });

  it('before the deadline is an ordinary finish', async () => {
    const { token, user } = await newLearner();
    await toPaper(token);
    const res = await call(token, 'POST', '/api/sitting/geo-demo/finish', { givenAt: isoAt(Date.now() - 60_000) });
    expect(res.status).toBe(200);
    expect(Math.abs(ms(res.body.finishedAt) - Date.now())).toBeLessThan(5000);
    expect(await attemptRow(user.id)).toMatchObject({ finish_reason: 'submitted' });
  });
});

describe('moderation', () => {
  it('sees an answer that arrived late as synced late in the submitted data', async () => {
    const { token, user } = await newLearner();
    const { paper } = await toPaper(token);
    const [q1, , q3] = paper.modules[0].questions as PaperQuestion[];
    expect((await save(token, q3!.id, { value: { type: 'true_false', value: true } })).status).toBe(200);
    const deadline = await deadlinePassed(user.id, 5, 10);
    expect(
      (await save(token, q1!.id, { value: { type: 'single', optionId: 'b' }, givenAt: isoAt(deadline - 60_000) }))
        .status,
    ).toBe(200);
    const admin = await server.as('admin');
    const data = await admin.get(`/participant/get-submitted-data/${user.id}`);
    expect(data.status, data.text).toBe(200);
    const byId = new Map(data.body.answers.map((a: { questionId: number }) => [a.questionId, a]));
    expect(byId.get(q1!.id)).toMatchObject({ syncedLate: true, givenAt: isoAt(deadline - 60_000) });
    expect(byId.get(q3!.id)).toMatchObject({ syncedLate: false });
  });
});

answerKeysNeverLeak();
