import { describe, expect, it } from 'vitest';
import { ModerationSummary } from '#contract/moderation';
import { createOlympiad } from '../../../seed/factories.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../../test/endpoint.js';
import type { Client } from '../../../test/harness.js';
import { startDueComputations } from './schedule.js';
import { fx, notModerators, other, server, useModerationServer, waitForJob } from './testing.js';

/**
 * The flags computed as a background job on the real server and database: the planted copied
 * pair is flagged and the honest pair is not, the fast finisher, the roaming address and the two browsers are
 * flagged; the summary counts them; the automatic start happens once per closed olympiad.
 */
useModerationServer();

const compute = (olympiadId: number) => (c: Client) => c.post(`/olympiad/moderation/${olympiadId}/compute`);
const summary = (olympiadId: number) => (c: Client) => c.get(`/olympiad/moderation/${olympiadId}`);
const flagRows = 'select * from moderation_flags order by id';
const jobRows = "select * from jobs where kind = 'moderation.compute' order by id";

const flagsOf = (kind: string) =>
  server.query<{
    attempt_id: number;
    other_attempt_id: number | null;
    strength: number;
    evidence: Record<string, number>;
  }>`
    select attempt_id, other_attempt_id, strength, evidence from moderation_flags
    where olympiad_id = ${fx.olympiadId} and kind = ${kind} order by attempt_id`;

describe('POST /olympiad/moderation/{olympiadId}/compute', () => {
  it('401 without a token, 403 for the roles that do not moderate, the jobs unchanged', async () => {
    await expectRowsUnchanged(server, jobRows, async () => {
      await unauthenticated(server, compute(fx.olympiadId));
      await forbiddenFor(server, notModerators, compute(fx.olympiadId));
    });
  });

  it('404 for another olympiad (and for geo-demo’s second admin on this one), nothing queued', async () => {
    await notFoundUnchanged(server, jobRows, await server.as('admin'), compute(other.olympiadId));
    await notFoundUnchanged(server, jobRows, await server.as('admin2'), compute(fx.olympiadId));
  });

  it('the admin starts it: 202 with the job, then the flags are stored and audited', async () => {
    const res = await compute(fx.olympiadId)(await server.as('admin'));
    expect(res.status, res.text).toBe(202);
    expect(res.body.job).toMatchObject({ status: 'queued', startedBy: expect.any(String) });
    expect(await waitForJob(fx.olympiadId)).toBe('done');

    const similar = await flagsOf('similarity');
    const [low, high] = [fx.copyA, fx.copyB].sort((a, b) => a - b);
    expect(similar.map((f) => [f.attempt_id, f.other_attempt_id])).toEqual([[low, high]]);
    const evidence = similar[0]!.evidence;
    expect(evidence.sharedWrong).toBeGreaterThanOrEqual(10);
    expect(evidence.sharedAnswers).toBe(30);
    expect(evidence.expected).toBeLessThan(evidence.sharedWrong! / 2);
    expect(similar[0]!.strength).toBeGreaterThanOrEqual(6);
    expect(evidence.probability).toBeCloseTo(10 ** -similar[0]!.strength, 10);

    expect((await flagsOf('fast_finish')).map((f) => f.attempt_id)).toEqual([fx.fast]);
    expect((await flagsOf('fast_finish'))[0]!.evidence).toMatchObject({ minutes: 5 });
    expect((await flagsOf('ip_changes')).map((f) => [f.attempt_id, f.strength])).toEqual([[fx.roaming, 8]]);
    const browsers = await flagsOf('concurrent_sessions');
    expect(browsers.map((f) => [f.attempt_id, f.strength])).toEqual([[fx.twoBrowsers, 2]]);

    const [results] = await server.query<{ flags_computed_at: Date | null }>`
      select flags_computed_at from olympiad_results where olympiad_id = ${fx.olympiadId}`;
    expect(results!.flags_computed_at).not.toBeNull();
    const [audit] = await server.query<{ actor_id: number; data: { flags: number; attempts: number } }>`
      select actor_id, data from audit_log where action = 'moderation.compute' and olympiad_id = ${fx.olympiadId}`;
    expect(audit).toMatchObject({ data: { flags: 4, attempts: fx.attempts.length } });
    expect(audit!.actor_id).not.toBeNull();
  });

  it('the honest pair (strong learners, the popular right answers) is not flagged', async () => {
    const pairs = await flagsOf('similarity');
    for (const id of [fx.honestA, fx.honestB])
      expect(pairs.some((p) => p.attempt_id === id || p.other_attempt_id === id)).toBe(false);
  });

  it('computing again replaces the flags as a whole (no duplicates)', async () => {
    expect((await compute(fx.olympiadId)(await server.as('overlord'))).status).toBe(202);
    expect(await waitForJob(fx.olympiadId)).toBe('done');
    const [n] = await server.query<{ n: number }>`
      select count(*)::int as n from moderation_flags where olympiad_id = ${fx.olympiadId}`;
    expect(n!.n).toBe(4);
  });

  it('409 while a computation is queued or running, nothing else queued', async () => {
    await server.query`insert into jobs (kind, status, olympiad_id, locked_by, heartbeat_at)
      values ('moderation.compute', 'running', ${fx.olympiadId}, 'another-process', now())`;
    try {
      await expectRowsUnchanged(server, jobRows, async () => {
        const res = await compute(fx.olympiadId)(await server.as('admin'));
        expect(res.status, res.text).toBe(409);
      });
    } finally {
      await server.query`delete from jobs where locked_by = 'another-process'`;
    }
  });
});

describe('GET /olympiad/moderation/{olympiadId}', () => {
  it('401 without a token, 403 for the roles that do not moderate', async () => {
    await unauthenticated(server, summary(fx.olympiadId));
    await forbiddenFor(server, notModerators, summary(fx.olympiadId));
  });

  it('404 for another olympiad', async () => {
    await notFoundUnchanged(server, flagRows, await server.as('admin'), summary(other.olympiadId));
  });

  it('counts attempts per flag kind (a pair is two attempts) and per decision, with the last job', async () => {
    const res = await (
      await server.as('admin')
    ).get(`/olympiad/moderation/${fx.olympiadId}`, {
      schema: ModerationSummary,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      finishedAttempts: fx.attempts.length,
      flaggedAttempts: 5,
      byKind: { similarity: 2, fast_finish: 1, ip_changes: 1, concurrent_sessions: 1 },
      byDecision: { undecided: 5, cleared: 0, adjusted: 0, disqualified: 0, reset: 0 },
      job: {
        status: 'done',
        message: `${fx.attempts.length} finished attempts checked: 5 attempts are flagged`,
      },
      can: { moderate: true, configure: true },
    });
    expect(res.body.flagsComputedAt).toEqual(expect.any(String));
  });
});

describe('the automatic start once the window has closed', () => {
  it('queues one computation per closed olympiad whose flags were never computed, once', async () => {
    const closed = await createOlympiad(server.db, { endsAt: new Date(Date.now() - 3_600_000) });
    await server.query`insert into attempts (olympiad_id, user_id, started_at, finished_at, marked_at, score, max_score)
      select ${closed.id}, id, now() - interval '2 hours', now() - interval '90 minutes', now(), 1, 2
      from users where username = 'overlord'`;
    const open = await createOlympiad(server.db, { endsAt: new Date(Date.now() + 3_600_000) });
    const [first, second] = [await startDueComputations(server.db), await startDueComputations(server.db)];
    expect(first).toBeGreaterThanOrEqual(1);
    expect(second).toBe(0);
    const queued = await server.query<{ olympiad_id: number; created_by: number | null }>`
      select olympiad_id, created_by from jobs where kind = 'moderation.compute' and olympiad_id in (${closed.id}, ${open.id})`;
    expect(queued).toEqual([{ olympiad_id: closed.id, created_by: null }]);
    expect(await waitForJob(closed.id)).toBe('done');
    const [audit] = await server.query<{ actor_id: number | null; data: { automatic: boolean } }>`
      select actor_id, data from audit_log where action = 'moderation.compute' and olympiad_id = ${closed.id}`;
    expect(audit).toMatchObject({ actor_id: null, data: { automatic: true } });
    expect(await startDueComputations(server.db)).toBe(0);
  });
});
