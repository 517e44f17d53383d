import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createUser } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from '../../test/harness.js';

/** Setup shared by the sitting test files (sitting-*.test.ts, sweep.test.ts): a server, learners, the steps. */

/** This file's server, demo ids and geo-quick's id (set by useSittingServer's beforeAll). */
export let server: TestServer;
export let demo: DemoIds;
export let geoQuick: number;

/** Every learner answer of this file, to check that no key ever leaves towards a learner. */
export const learnerJson: string[] = [];

/** Starts the calling file's server (the sweep off unless `env` says otherwise); throttles clear before each test. */
export function useSittingServer(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    server = await startTestServer({
      env: { SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3', SITTING_SWEEP_SECONDS: '0', ...env },
    });
    demo = await demoIds(server);
    [{ id: geoQuick }] = (await server.query<{
      id: number;
    }>`select id from olympiads where var_name = 'geo-quick'`) as [{ id: number }];
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server.query`delete from throttles`;
  });
}

/** A new learner of an olympiad, signed in: each test gets its own, so tests stay independent. */
export async function newLearner(olympiadId = demo.geoDemo, olympiadName = 'geo-demo', schoolId = demo.school1) {
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

export async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await server.api(method, path, { token, ...(body === undefined ? {} : { body }) });
  learnerJson.push(res.text);
  return res;
}

export const details = { firstName: 'Ayanda', lastName: 'Zulu', grade: 10 };

/** Walks the steps up to and including the first paper call. */
export async function toPaper(token: string, o = 'geo-demo') {
  expect((await call(token, 'POST', `/api/sitting/${o}/declaration`, { accept: true })).status).toBe(200);
  const pin = await call(token, 'POST', `/api/sitting/${o}/recovery-pin`);
  expect(pin.status).toBe(200);
  const confirmed = await call(token, 'POST', `/api/sitting/${o}/recovery-pin/confirm`, { pin: pin.body.pin });
  expect(confirmed.status).toBe(200);
  expect((await call(token, 'PUT', `/api/sitting/${o}/learner-details`, details)).status).toBe(200);
  const paper = await call(token, 'GET', `/api/sitting/${o}/paper`);
  expect(paper.status).toBe(200);
  return { paper: paper.body, pin: pin.body.pin as string };
}

export async function attemptRow(userId: number) {
  const [row] = await server.query<Record<string, unknown>>`select * from attempts where user_id = ${userId}`;
  return row;
}

/** A time in milliseconds as the API writes it. */
export const isoAt = (at: number) => new Date(at).toISOString();

/**
 * Moves the learner's attempt into the past: its deadline `agoMinutes` ago, an hour after its start, and the server's
 * last contact with them `contactMinutesBefore` minutes before the deadline (null: none); the answers saved so far
 * were given and saved by then. Answers the deadline's time.
 */
export async function deadlinePassed(userId: number, agoMinutes: number, contactMinutesBefore: number | null) {
  const deadline = Date.now() - agoMinutes * 60_000;
  const contact = contactMinutesBefore == null ? null : isoAt(deadline - contactMinutesBefore * 60_000);
  const before = contact ?? isoAt(deadline - 15 * 60_000);
  await server.query`
    update attempts set deadline_at = ${isoAt(deadline)}::timestamptz,
                        started_at = ${isoAt(deadline - 3_600_000)}::timestamptz,
                        last_seen_at = ${contact}::timestamptz
    where user_id = ${userId}`;
  await server.query`
    update answers set saved_at = least(saved_at, ${before}::timestamptz),
                       given_at = least(given_at, ${before}::timestamptz)
    where attempt_id = (select id from attempts where user_id = ${userId})`;
  return deadline;
}

export type PaperQuestion = { id: number; type: string; options?: Array<{ id: string }> };

/** A time as milliseconds (PGlite's raw rows give text, PostgreSQL's a Date). */
export const ms = (at: unknown) => new Date(at as string).getTime();

/** An answer any question of the first two sections takes. */
export function anAnswer(q: PaperQuestion) {
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
export async function startedEarlier(userId: number) {
  await server.query`update attempts set started_at = now() - interval '30 minutes' where user_id = ${userId}`;
}

export async function storedOf(userId: number) {
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

export const save = (token: string, questionId: number, body: Record<string, unknown>, o = 'geo-demo') =>
  call(token, 'PUT', `/api/sitting/${o}/answers/${questionId}`, body);

/** The check every sitting test file ends with: nothing a learner received in the file holds a key. */
export function answerKeysNeverLeak(): void {
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
}

/**
 * The olympiad's admin, signed in, and a session of theirs acting as `user` (impersonation): a live learner session
 * of the olympiad that must never write in the learner's name. `tag` keeps each test's email its own.
 */
export async function adminActingAs(user: { id: number }, tag: string) {
  const admin = await server.signIn('admin');
  const email = `${tag}-${user.id}@home.example.org`;
  await server.query`update users set email = ${email} where id = ${user.id}`;
  const acting = await server.api('GET', `/user/rest/impersonate?userEmail=${email}&olympiadId=${demo.geoDemo}`, {
    token: admin.accessToken.token,
  });
  expect(acting.status, acting.text).toBe(200);
  return { adminToken: admin.accessToken.token as string, actingToken: acting.body.accessToken.token as string };
}

/** Waits (up to 20 s) until some statement of this database waits for a row lock; `what` names it in the failure. */
export async function untilWaitingOnLock(
  client: { query(sql: string): Promise<{ rowCount: number | null }> },
  what: string,
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = await client.query(
      `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (waiting.rowCount) return;
    if (Date.now() > deadline) throw new Error(`${what} never waited for the lock`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
