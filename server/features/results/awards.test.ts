import { beforeAll, describe, expect, it } from 'vitest';
import { type AwardRule, defaultAwardRule } from '#contract/results';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import type { Client } from '../../test/harness.js';
import { type Built, closedOlympiad, moderate, othersOlympiad, server, useResultsServer } from './testing.js';

/**
 * The award rule and publishing on the real server and database: settings, preview, publish,
 * unpublish. One describe per endpoint: 401, 403 by role, 404 for another olympiad with rows unchanged, the happy
 * path asserting what is stored.
 */
useResultsServer();

const notAdmins = ['teacher', 'teacher2', 'learner1', 'accountant', 'funding'] as const;
const resultRows = 'select * from olympiad_results order by olympiad_id';
const snapshotRows = 'select * from learner_results order by attempt_id';

let admin: Client;
let olympiad: Built;
let other: Awaited<ReturnType<typeof othersOlympiad>>;

const rule: AwardRule = {
  mode: 'percentile',
  scope: 'overall',
  bands: [
    { key: 'gold', label: 'Gold', share: 20 },
    { key: 'silver', label: 'Silver', share: 20 },
  ],
  participationLabel: 'Taking part',
  bestInSchool: true,
  excludeZero: true,
};

beforeAll(async () => {
  admin = await server.as('admin');
  // 10 learners: 36 and 36 tie at the top; one scores 0; one is disqualified, one adjusted, one still unmarked.
  olympiad = await closedOlympiad([
    { score: 36, school: 1, grade: 10 },
    { score: 36, school: 2, grade: 11 },
    { score: 30, school: 1, grade: 10 },
    { score: 20, school: 2, grade: 10 },
    { score: 12, school: 3, grade: 11 },
    { score: 0, school: 3, grade: 11 },
    { score: 40, school: 1, grade: 10 }, // disqualified below
    { score: 5, school: 3, grade: 10 }, // adjusted to 28 below
    { score: null, school: 1, grade: 10 }, // finished, not marked
    { score: null, school: 2, unfinished: true },
  ]);
  await moderate(olympiad.learners[6]!.attemptId, 'disqualified');
  await moderate(olympiad.learners[7]!.attemptId, 'adjusted', 28);
  other = await othersOlympiad();
});

describe('GET /olympiad/results/{olympiadId}', () => {
  const get = (id: number) => (c: Client) => c.get(`/olympiad/results/${id}`);

  it('401 without a token, 403 for the roles that do not administer results', async () => {
    await unauthenticated(server, get(olympiad.id));
    await forbiddenFor(server, notAdmins, get(olympiad.id));
  });

  it('404 for another olympiad’s results, the rows unchanged', async () => {
    await notFoundUnchanged(server, resultRows, admin, get(other.id));
  });

  it('answers the default rule, N, the counts and that the window is closed', async () => {
    for (const who of ['admin', 'overlord'] as const) {
      const res = await get(olympiad.id)(await server.as(who));
      expect(res.status, who).toBe(200);
      expect(res.body).toMatchObject({
        awardRule: defaultAwardRule,
        defaultRule: true,
        topSchoolsBestN: 5,
        publishedAt: null,
        windowClosed: true,
        counts: { learners: 10, finished: 9, marked: 8, disqualified: 1, adjusted: 1, counted: 7 },
      });
    }
  });
});

describe('PUT /olympiad/results/{olympiadId}', () => {
  const put =
    (id: number, body: unknown = { awardRule: rule, topSchoolsBestN: 2 }) =>
    (c: Client) =>
      c.put(`/olympiad/results/${id}`, { body });

  it('401 without a token, 403 for the roles that do not administer results', async () => {
    await expectRowsUnchanged(server, resultRows, async () => {
      await unauthenticated(server, put(olympiad.id));
      await forbiddenFor(server, notAdmins, put(olympiad.id));
    });
  });

  it('404 for another olympiad, the rows unchanged', async () => {
    await notFoundUnchanged(server, resultRows, admin, put(other.id));
  });

  it('400 for a rule whose shares pass 100 % or a band without its share, nothing stored', async () => {
    await expectRowsUnchanged(server, resultRows, async () => {
      const over = await put(olympiad.id, {
        awardRule: {
          ...rule,
          bands: [
            { key: 'gold', label: 'Gold', share: 70 },
            { key: 'silver', label: 'S', share: 40 },
          ],
        },
        topSchoolsBestN: 2,
      })(admin);
      expectError(over, 400);
      expect(over.body.details).toContainEqual({
        path: 'body.awardRule.bands',
        message: 'The shares add up to 110 %, over 100 %',
      });
      expectError(await put(olympiad.id, { awardRule: rule, topSchoolsBestN: 0 })(admin), 400);
    });
  });

  it('stores the rule and N, audited', async () => {
    const res = await put(olympiad.id)(admin);
    expect(res.status).toBe(200);
    const [row] = await server.query<{ award_rule: unknown; top_schools_best_n: number }>`
      select award_rule, top_schools_best_n from olympiad_results where olympiad_id = ${olympiad.id}`;
    expect(row).toEqual({ award_rule: rule, top_schools_best_n: 2 });
    const [audit] = await server.query<{ action: string }>`
      select action from audit_log where action = 'results.settings' and entity_id = ${String(olympiad.id)}`;
    expect(audit).toBeTruthy();
    expect((await admin.get(`/olympiad/results/${olympiad.id}`)).body).toMatchObject({
      awardRule: rule,
      defaultRule: false,
      topSchoolsBestN: 2,
    });
  });
});

describe('POST /olympiad/results/{olympiadId}/preview', () => {
  const preview =
    (id: number, body: unknown = {}) =>
    (c: Client) =>
      c.post(`/olympiad/results/${id}/preview`, { body });

  it('401 without a token, 403 for the roles that do not administer results', async () => {
    await unauthenticated(server, preview(olympiad.id));
    await forbiddenFor(server, notAdmins, preview(olympiad.id));
  });

  it('404 for another olympiad, nothing stored', async () => {
    await notFoundUnchanged(server, snapshotRows, admin, preview(other.id));
  });

  it('gives the distribution of a rule on the final scores (adjusted used, disqualified out), storing nothing', async () => {
    const res = await expectRowsUnchanged(server, snapshotRows, () => preview(olympiad.id, { awardRule: rule })(admin));
    expect(res.status).toBe(200);
    // Counted: 36, 36, 30, 28 (adjusted), 20, 12, 0. Gold 20 % of 7 = 1 → ranks ≤ 1: the two 36s.
    // Silver cut 40 % of 7 = 3 → rank 3 (30). 0 gets nothing (excludeZero).
    expect(res.body.counted).toBe(7);
    expect(res.body.awards).toEqual([
      { key: 'gold', label: 'Gold', count: 2, lowestScore: 36, lowestPercent: 90 },
      { key: 'silver', label: 'Silver', count: 1, lowestScore: 30, lowestPercent: 75 },
      { key: 'participation', label: 'Taking part', count: 3, lowestScore: 12, lowestPercent: 30 },
      { key: '', label: 'No award', count: 1, lowestScore: 0, lowestPercent: 0 },
    ]);
    expect(res.body.bestInSchool).toBe(3);
    expect(res.body.byGrade.map((g: { grade: number; counted: number }) => [g.grade, g.counted])).toEqual([
      [10, 4],
      [11, 3],
    ]);
    expect(res.body.histogram.map((b: { count: number }) => b.count)).toEqual([1, 0, 0, 1, 0, 1, 0, 2, 0, 2]);
    // Without a rule: the saved one; per grade, each grade gets its own gold.
    const perGrade = await preview(olympiad.id, { awardRule: { ...rule, scope: 'grade' } })(admin);
    expect(perGrade.body.byGrade[0].awards[0]).toMatchObject({ key: 'gold', count: 1, lowestScore: 36 });
    expect(perGrade.body.byGrade[1].awards[0]).toMatchObject({ key: 'gold', count: 1, lowestScore: 36 });
    expectError(await preview(olympiad.id, { awardRule: { ...rule, mode: 'nope' } })(admin), 400);
  });
});

describe('POST /olympiad/results/{olympiadId}/publish and /unpublish', () => {
  const publish = (id: number) => (c: Client) => c.post(`/olympiad/results/${id}/publish`);
  const unpublish = (id: number) => (c: Client) => c.post(`/olympiad/results/${id}/unpublish`);

  it('401 without a token, 403 for the roles that do not publish', async () => {
    await expectRowsUnchanged(server, snapshotRows, async () => {
      for (const call of [publish(olympiad.id), unpublish(olympiad.id)]) {
        await unauthenticated(server, call);
        await forbiddenFor(server, notAdmins, call);
      }
    });
  });

  it('404 for another olympiad, the rows unchanged', async () => {
    await notFoundUnchanged(server, snapshotRows, admin, publish(other.id));
    await notFoundUnchanged(server, resultRows, admin, unpublish(other.id));
  });

  it('409 before the window closes, while nothing is marked, and unpublishing what is not published', async () => {
    const open = await closedOlympiad([{ score: 10 }], { open: true });
    const unmarked = await closedOlympiad([{ score: null }]);
    await expectRowsUnchanged(server, snapshotRows, async () => {
      const early = await publish(open.id)(admin);
      expectError(early, 409);
      expect(early.body.message).toBe('The writing window has not closed yet: results are published after it closes');
      const none = await publish(unmarked.id)(admin);
      expectError(none, 409);
      expect(none.body.message).toBe('No attempt is finished and marked yet: there is nothing to publish');
      expectError(await unpublish(olympiad.id)(admin), 409);
    });
  });

  it('writes the snapshot as a whole, sets published_at and by, audited; publishing again replaces it', async () => {
    const res = await publish(olympiad.id)(admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 7, message: 'The results of 7 learners are published' });
    const rows = await server.query<{
      attempt_id: number;
      score: number;
      rank: number;
      grade_rank: number;
      award: string;
      best_in_school: boolean;
      percentile: number;
      module_scores: unknown[];
    }>`select attempt_id, score, rank, grade_rank, award, best_in_school, percentile, module_scores
       from learner_results where olympiad_id = ${olympiad.id} order by rank, attempt_id`;
    const l = olympiad.learners;
    expect(rows.map((r) => [r.attempt_id, r.score, r.rank, r.grade_rank, r.award, r.best_in_school])).toEqual([
      [l[0]!.attemptId, 36, 1, 1, 'gold', true],
      [l[1]!.attemptId, 36, 1, 1, 'gold', true],
      [l[2]!.attemptId, 30, 3, 2, 'silver', false],
      [l[7]!.attemptId, 28, 4, 3, 'participation', true],
      [l[3]!.attemptId, 20, 5, 4, 'participation', false],
      [l[4]!.attemptId, 12, 6, 2, 'participation', false],
      [l[5]!.attemptId, 0, 7, 3, '', false],
    ]);
    expect(rows[0]!.percentile).toBeCloseTo((100 * 5) / 7, 1);
    expect(rows[0]!.module_scores).toHaveLength(2);
    const [state] = await server.query<{ published_at: Date | null; published_by: number }>`
      select published_at, published_by from olympiad_results where olympiad_id = ${olympiad.id}`;
    expect(state!.published_at).toBeTruthy();
    expect(state!.published_by).toBe(admin.user!.id);
    const audits = await server.query<{ data: { rows: number } }>`
      select data from audit_log where action = 'results.publish' and entity_id = ${String(olympiad.id)}`;
    expect(audits.map((a) => a.data.rows)).toEqual([7]);

    // A new disqualification, then publishing again: the row is gone, the ranks move up.
    await moderate(l[5]!.attemptId, 'disqualified');
    const again = await publish(olympiad.id)(await server.as('overlord'));
    expect(again.body.message).toBe('The results of 6 learners are published again');
    const [{ n }] = (await server.query<{ n: number }>`
      select count(*)::int as n from learner_results where olympiad_id = ${olympiad.id}`) as [{ n: number }];
    expect(n).toBe(6);
  });

  it('two admins publishing at once both succeed, one after the other, leaving one whole snapshot', async () => {
    const [a, b] = await Promise.all([publish(olympiad.id)(admin), publish(olympiad.id)(await server.as('overlord'))]);
    expect([a.status, b.status], `${a.text} ${b.text}`).toEqual([200, 200]);
    const rows = await server.query<{ attempt_id: number }>`
      select attempt_id from learner_results where olympiad_id = ${olympiad.id}`;
    expect(new Set(rows.map((r) => r.attempt_id)).size).toBe(rows.length);
    expect(rows.length).toBe(a.body.rows);
  });

  it('unpublishes: published_at cleared, the snapshot kept, audited', async () => {
    const res = await unpublish(olympiad.id)(admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ publishedAt: null, rows: 6 });
    const [state] = await server.query<{ published_at: Date | null }>`
      select published_at from olympiad_results where olympiad_id = ${olympiad.id}`;
    expect(state!.published_at).toBeNull();
    const audits = await server.query`select 1 from audit_log where action = 'results.unpublish'
      and entity_id = ${String(olympiad.id)}`;
    expect(audits).toHaveLength(1);
    expect((await publish(olympiad.id)(admin)).status).toBe(200);
  });
});
