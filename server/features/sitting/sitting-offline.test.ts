import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { finishedMessage, timeUpMessage } from './answers.js';
import { sweepOverdue } from './finishing.js';

import {
  type PaperQuestion,
  anAnswer,
  answerKeysNeverLeak,
  attemptRow,
  call,
  deadlinePassed,
  isoAt,
  ms,
  newLearner,
  save,
  server,
  storedOf,
  toPaper,
  untilWaitingOnLock,
  useSittingServer,
} from './testing.js';

useSittingServer();

/** Answers and a finish given offline that arrive after the deadline (decision 087). */

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

  it('answers 401 without a token, 403 for staff and 404 for another olympiad, finishing nothing', async () => {
    const { token, user } = await newLearner();
    await toPaper(token);
    const deadline = await deadlinePassed(user.id, 2, 10);
    const body = { givenAt: isoAt(deadline - 5000) };
    expect((await server.api('POST', '/api/sitting/geo-demo/finish', { body })).status).toBe(401);
    const admin = await server.signIn('admin');
    expect((await call(admin.accessToken.token, 'POST', '/api/sitting/geo-demo/finish', body)).status).toBe(403);
    const foreign = await call(token, 'POST', '/api/sitting/geo-quick/finish', body);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, code: 'not_found' });
    expect((await attemptRow(user.id))!.finished_at).toBeNull();
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
