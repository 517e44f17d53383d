import { beforeAll, describe, expect, it } from 'vitest';
import { DecisionAnswer, ModeratedPage, ModerationSettingsAnswer, PairAnswer } from '#contract/moderation';
import { defaultModerationSettings } from '#contract/results';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../../test/endpoint.js';
import type { Client } from '../../../test/harness.js';
import { fx, notModerators, other, server, useModerationServer, waitForJob } from './testing.js';

/**
 * The admin's side of moderation on the real server: `participant/api/moderated`, the pair view, the thresholds,
 * and each decision stored and audited (reset empties the attempt).
 */
useModerationServer();

beforeAll(async () => {
  expect((await (await server.as('admin')).post(`/olympiad/moderation/${fx.olympiadId}/compute`)).status).toBe(202);
  expect(await waitForJob(fx.olympiadId)).toBe('done');
});

const decide = (attemptId: number, body: Record<string, unknown>) => (c: Client) =>
  c.post(`/olympiad/moderation/attempt/${attemptId}`, { body });
const moderated =
  (olympiadId: number, query: Record<string, string | number> = {}) =>
  (c: Client) =>
    c.get('/participant/api/moderated', { query: { olympiadId, ...query } });
const pair = (a: number, b: number) => (c: Client) =>
  c.get('/olympiad/moderation/pair', { query: { attemptA: a, attemptB: b } });
const decisionRows = 'select * from attempt_moderations order by attempt_id';
const attemptRows = 'select * from attempts order by id';
const stateRows = async () => ({
  decisions: await server.query`select * from attempt_moderations order by attempt_id`,
  attempts: await server.query`select * from attempts order by id`,
  answers: await server.query`select attempt_id, question_id, value from answers order by attempt_id, question_id`,
});

describe('GET participant/api/moderated', () => {
  it('401 without a token, 403 for the roles that do not moderate', async () => {
    await unauthenticated(server, moderated(fx.olympiadId));
    await forbiddenFor(server, notModerators, moderated(fx.olympiadId));
  });

  it('404 for another olympiad', async () => {
    await notFoundUnchanged(server, decisionRows, await server.as('admin'), moderated(other.olympiadId));
  });

  it('lists the flagged attempts, strongest first, each with its learner, school, flags and evidence', async () => {
    const res = await (
      await server.as('admin')
    ).get('/participant/api/moderated', {
      query: { olympiadId: fx.olympiadId, state: 'undecided', kind: 'similarity' },
      schema: ModeratedPage,
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const ids = res.body.items.map((i) => i.attemptId).sort((a, b) => a - b);
    expect(ids).toEqual([fx.copyA, fx.copyB].sort((a, b) => a - b));
    const copier = res.body.items.find((i) => i.attemptId === fx.copyB)!;
    expect(copier).toMatchObject({
      learner: { firstName: 'Copier' },
      school: { name: 'Hoërskool Moderasie' },
      grade: 10,
      decision: null,
      can: { decide: true },
    });
    expect(copier.flags[0]).toMatchObject({
      kind: 'similarity',
      other: { attemptId: fx.copyA, learnerName: 'Copy Test' },
    });

    const all = await (
      await server.as('admin')
    ).get('/participant/api/moderated', {
      query: { olympiadId: fx.olympiadId, pageSize: 2 },
      schema: ModeratedPage,
    });
    expect(all.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(all.body.items).toHaveLength(2);
    const search = await moderated(fx.olympiadId, { search: 'speedy' })(await server.as('overlord'));
    expect(search.body.items.map((i: { attemptId: number }) => i.attemptId)).toEqual([fx.fast]);
  });

  it('400 for an unknown state, nothing read', async () => {
    const res = await moderated(fx.olympiadId, { state: 'maybe' })(await server.as('admin'));
    expect(res.status).toBe(400);
  });
});

describe('GET /olympiad/moderation/pair', () => {
  it('401 without a token, 403 for the roles that do not moderate', async () => {
    await unauthenticated(server, pair(fx.copyA, fx.copyB));
    await forbiddenFor(server, notModerators, pair(fx.copyA, fx.copyB));
  });

  it('404 when either attempt is another olympiad’s', async () => {
    await notFoundUnchanged(server, decisionRows, await server.as('admin'), pair(fx.copyA, other.attemptId));
    await notFoundUnchanged(server, decisionRows, await server.as('admin2'), pair(fx.copyA, fx.copyB));
  });

  it('400 for one attempt twice, or two olympiads’ attempts', async () => {
    expect((await pair(fx.copyA, fx.copyA)(await server.as('admin'))).status).toBe(400);
    expect((await pair(fx.copyA, other.attemptId)(await server.as('overlord'))).status).toBe(400);
  });

  it('shows both papers side by side: option texts, the key, how popular each answer was, the evidence', async () => {
    const res = await (
      await server.as('admin')
    ).get('/olympiad/moderation/pair', {
      query: { attemptA: fx.copyA, attemptB: fx.copyB },
      schema: PairAnswer,
    });
    expect(res.status).toBe(200);
    const { body } = res;
    expect(body.a).toMatchObject({ attemptId: fx.copyA, learnerName: 'Copy Test', school: 'Hoërskool Moderasie' });
    expect(body.questions).toHaveLength(30);
    expect(body.questions.every((q) => q.same)).toBe(true);
    const wrong = body.questions.find((q) => q.a.right === false)!;
    expect(wrong.a.text).toMatch(/^Wrong [bcd] \d+$/);
    expect(wrong.correct).toBe(`Right ${wrong.number}`);
    expect(wrong.a.share).toBeGreaterThan(0);
    expect(wrong.a.share).toBeLessThan(1);
    expect(wrong.prompt).toBe(`Question ${wrong.number}: which is right?`);
    expect(body.similarity?.evidence.sharedWrong).toBe(body.questions.filter((q) => q.a.right === false).length);
    expect(body.questions.some((q) => q.a.partial)).toBe(false); // all-or-nothing keys give no part marks
  });

  it('says which answer arrived after the deadline, given before it on a device that was offline (decision 087)', async () => {
    const [late] = await server.query<{ question_id: number }>`
      select question_id from answers where attempt_id = ${fx.copyA} order by question_id limit 1`;
    await server.query`
      update answers set synced_late = true where attempt_id = ${fx.copyA} and question_id = ${late!.question_id}`;
    try {
      const res = await pair(fx.copyA, fx.copyB)(await server.as('admin'));
      expect(res.status).toBe(200);
      const questions = res.body.questions as Array<{
        questionId: number;
        a: { syncedLate: boolean };
        b: { syncedLate: boolean };
      }>;
      const a = questions.find((q) => q.questionId === late!.question_id)!;
      expect(a).toMatchObject({ a: { syncedLate: true }, b: { syncedLate: false } });
      expect(questions.filter((q) => q.a.syncedLate || q.b.syncedLate)).toHaveLength(1);
    } finally {
      await server.query`update answers set synced_late = false where attempt_id = ${fx.copyA}`;
    }
  });
});

describe('GET and PUT /olympiad/moderation/{olympiadId}/settings', () => {
  const put = (olympiadId: number, body: unknown) => (c: Client) =>
    c.put(`/olympiad/moderation/${olympiadId}/settings`, { body });
  const settingsRow = 'select olympiad_id, moderation_settings from olympiad_results order by olympiad_id';
  const changed = { ...defaultModerationSettings, similarityMinLog10: 8, fastFinishRatio: 0.25 };

  it('401 without a token, 403 for the roles that do not configure', async () => {
    await unauthenticated(server, (c) => c.get(`/olympiad/moderation/${fx.olympiadId}/settings`));
    await forbiddenFor(server, notModerators, (c) => c.get(`/olympiad/moderation/${fx.olympiadId}/settings`));
    await expectRowsUnchanged(server, settingsRow, async () => {
      await unauthenticated(server, put(fx.olympiadId, changed));
      await forbiddenFor(server, notModerators, put(fx.olympiadId, changed));
    });
  });

  it('404 for another olympiad, unchanged', async () => {
    await notFoundUnchanged(server, settingsRow, await server.as('admin'), put(other.olympiadId, changed));
    await notFoundUnchanged(server, settingsRow, await server.as('admin'), (c) =>
      c.get(`/olympiad/moderation/${other.olympiadId}/settings`),
    );
  });

  it('400 for a threshold out of range, unchanged', async () => {
    await expectRowsUnchanged(server, settingsRow, async () => {
      const res = await put(fx.olympiadId, { ...changed, fastFinishRatio: 3 })(await server.as('admin'));
      expect(res.status).toBe(400);
      expect(res.body.details[0].path).toBe('body.fastFinishRatio');
    });
  });

  it('the defaults first; the admin saves new thresholds: stored and audited with before and after', async () => {
    const admin = await server.as('admin');
    const first = await admin.get(`/olympiad/moderation/${fx.olympiadId}/settings`, {
      schema: ModerationSettingsAnswer,
    });
    expect(first.body.settings).toEqual(defaultModerationSettings);
    const res = await put(fx.olympiadId, changed)(admin);
    expect(res.status, res.text).toBe(200);
    const [row] = await server.query<{ moderation_settings: unknown }>`
      select moderation_settings from olympiad_results where olympiad_id = ${fx.olympiadId}`;
    expect(row!.moderation_settings).toEqual(changed);
    const [audit] = await server.query<{ data: { before: unknown; after: unknown } }>`
      select data from audit_log where action = 'moderation.settings' and olympiad_id = ${fx.olympiadId}`;
    expect(audit!.data).toEqual({ before: defaultModerationSettings, after: changed });
    await put(fx.olympiadId, defaultModerationSettings)(admin);
  });
});

describe('POST /olympiad/moderation/attempt/{attemptId}', () => {
  const audits = (attemptId: number) =>
    server.query<{ actor_id: number; data: Record<string, never> }>`
      select actor_id, data from audit_log where action = 'attempt.moderate' and entity_id = ${String(attemptId)}
      order by id`;
  const stored = async (attemptId: number) =>
    (
      await server.query<{ decision: string; adjusted_score: number | null; reason: string; decided_by: number }>`
        select decision, adjusted_score, reason, decided_by from attempt_moderations where attempt_id = ${attemptId}`
    )[0];

  it('401 without a token, 403 for the roles that do not moderate, nothing changed', async () => {
    await expectRowsUnchanged(server, stateRows, async () => {
      await unauthenticated(server, decide(fx.fast, { decision: 'cleared' }));
      await forbiddenFor(server, notModerators, decide(fx.fast, { decision: 'disqualified', reason: 'x' }));
    });
  });

  it('404 for another olympiad’s attempt, nothing changed', async () => {
    await notFoundUnchanged(
      server,
      stateRows,
      await server.as('admin'),
      decide(other.attemptId, { decision: 'reset', reason: 'Wrong olympiad' }),
    );
  });

  it('400 without a reason, or an adjusted score above the maximum; nothing changed', async () => {
    const admin = await server.as('admin');
    await expectRowsUnchanged(server, stateRows, async () => {
      const noReason = await decide(fx.copyB, { decision: 'disqualified' })(admin);
      expect(noReason.status).toBe(400);
      expect(noReason.body.details[0].path).toBe('body.reason');
      const noScore = await decide(fx.copyB, { decision: 'adjusted', reason: 'Marked wrongly' })(admin);
      expect(noScore.body.details[0].path).toBe('body.adjustedScore');
      const tooHigh = await decide(fx.copyB, { decision: 'adjusted', adjustedScore: 31, reason: 'x' })(admin);
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.body.details[0]).toEqual({ path: 'body.adjustedScore', message: 'The score can be at most 30' });
    });
  });

  it('clears an attempt (no reason needed): stored, audited, listed as cleared', async () => {
    const res = await (
      await server.as('admin')
    ).post(`/olympiad/moderation/attempt/${fx.twoBrowsers}`, {
      body: { decision: 'cleared' },
      schema: DecisionAnswer,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Twobrowsers Test’s attempt is cleared');
    expect(res.body.attempt.decision).toMatchObject({ decision: 'cleared', reason: '', decidedBy: expect.any(String) });
    expect(await stored(fx.twoBrowsers)).toMatchObject({ decision: 'cleared', adjusted_score: null });
    const [audit] = await audits(fx.twoBrowsers);
    expect(audit!.data).toMatchObject({ before: { decision: null }, after: { decision: { decision: 'cleared' } } });
    const list = await moderated(fx.olympiadId, { state: 'cleared' })(await server.as('admin'));
    expect(list.body.items.map((i: { attemptId: number }) => i.attemptId)).toEqual([fx.twoBrowsers]);
  });

  it('adjusts a score with a reason: the marked score stays, the adjusted one is stored beside it', async () => {
    const res = await decide(fx.roaming, {
      decision: 'adjusted',
      adjustedScore: 12.5,
      reason: 'Question 4 was misprinted',
    })(await server.as('overlord'));
    expect(res.status, res.text).toBe(200);
    expect(await stored(fx.roaming)).toMatchObject({
      decision: 'adjusted',
      adjusted_score: 12.5,
      reason: 'Question 4 was misprinted',
    });
    const [attempt] = await server.query<{ score: number }>`select score from attempts where id = ${fx.roaming}`;
    expect(attempt!.score).not.toBe(12.5);
  });

  it('disqualifies with a reason, and a second decision replaces the first (both audited)', async () => {
    const admin = await server.as('admin');
    expect((await decide(fx.copyB, { decision: 'cleared' })(admin)).status).toBe(200);
    const res = await decide(fx.copyB, { decision: 'disqualified', reason: 'Copied from Copy Test' })(admin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Copier Test is disqualified');
    expect(await stored(fx.copyB)).toMatchObject({ decision: 'disqualified', reason: 'Copied from Copy Test' });
    const trail = await audits(fx.copyB);
    expect(trail).toHaveLength(2);
    expect(trail[1]!.data).toMatchObject({
      before: { decision: { decision: 'cleared' } },
      after: { decision: { decision: 'disqualified', reason: 'Copied from Copy Test' } },
    });
  });

  it('resets an attempt: answers deleted, start, finish and score cleared in one go, the learner writes again', async () => {
    const [before] = await server.query<{
      n: number;
    }>`select count(*)::int as n from answers where attempt_id = ${fx.copyA}`;
    expect(before!.n).toBe(30);
    const res = await decide(fx.copyA, { decision: 'reset', reason: 'Wrote beside Copier Test' })(
      await server.as('admin'),
    );
    expect(res.status, res.text).toBe(200);
    const [after] = await server.query<{
      n: number;
    }>`select count(*)::int as n from answers where attempt_id = ${fx.copyA}`;
    expect(after!.n).toBe(0);
    const [attempt] = await server.query<Record<string, unknown>>`
      select started_at, finished_at, score, max_score, marked_at, declaration_accepted_at from attempts where id = ${fx.copyA}`;
    expect(attempt).toMatchObject({
      started_at: null,
      finished_at: null,
      score: null,
      max_score: null,
      marked_at: null,
    });
    expect(attempt!.declaration_accepted_at).not.toBeNull();
    expect(await stored(fx.copyA)).toMatchObject({ decision: 'reset', reason: 'Wrote beside Copier Test' });
    const [audit] = await audits(fx.copyA);
    expect(audit!.data).toMatchObject({
      answersDeleted: 30,
      before: { attempt: { score: expect.any(Number) } },
      after: { attempt: { score: null, finishedAt: null } },
    });
    // An empty attempt cannot be reset again (409), and nothing changes.
    await expectRowsUnchanged(server, attemptRows, async () => {
      const again = await decide(fx.copyA, { decision: 'reset', reason: 'Again' })(await server.as('admin'));
      expect(again.status).toBe(409);
    });
  });
});
