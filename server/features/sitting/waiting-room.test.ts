import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { type Client, demoPassword } from '../../test/harness.js';
import { attemptRow, call, demo, details, newLearner, server, toPaper, useSittingServer } from './testing.js';
import { arrivalGauge } from './admission-gauge.js';
import type { Queryable } from '../../db/client.js';
import { placeDesk, takePlaces } from './waiting-places.js';
import { adaptRates, admitWaiting, isAdmitted, placeInRoom, roomCopies } from './waiting-room.js';

/**
 * The waiting room (decision 041). The admitting tick is off (SITTING_ADMIT_TICK_MS=0): each test admits by
 * calling admitWaiting, as any server process's tick does.
 */
useSittingServer({ SITTING_ADMIT_TICK_MS: '0', SITTING_ADMISSIONS_PER_SECOND: '50' });

const o = 'geo-demo';
const setRate = async (admissionsPerSecond: number | null) => {
  const admin = await server.as('admin');
  const res = await admin.put('/api/sitting-waiting-room', {
    query: { olympiadId: demo.geoDemo },
    body: { admissionsPerSecond },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const state = async (token: string) => (await call(token, 'GET', `/api/sitting/${o}/state`)).body;
const poll = async (token: string) => {
  const res = await call(token, 'GET', `/api/sitting/${o}/waiting-room`);
  expect(res.status).toBe(200);
  return res.body;
};
const roomRows = 'select * from waiting_rooms order by olympiad_id';

/**
 * A learner who signed in before the writing window opened: signed in, with no place in the room yet, so their
 * first look at the sitting takes one (decision 041). During the window the place is taken at sign-in instead
 * (decision 053, below): these learners sign in while there is no queue, and the place that took goes again.
 */
const signedInEarlier = async () => {
  const learner = await newLearner();
  await server.query`delete from waiting_places where user_id = ${learner.user.id}`;
  return learner;
};

/** A learner of the demo olympiad who has not signed in. */
const newUser = () =>
  createUser(server.db, {
    role: 'learner',
    olympiadId: demo.geoDemo,
    schoolId: demo.school1,
    password: demoPassword,
    grade: 9,
    email: null,
  });

/** An admin of another olympiad only. */
let otherAdmin: () => Promise<Client>;
beforeAll(async () => {
  const other = await createOlympiad(server.db, { varName: 'other-queue', open: true });
  const user = await createUser(server.db, { role: 'admin', password: demoPassword });
  await grant(server.db, user.id, other.id, 'admin');
  otherAdmin = () => server.as(user.username, { password: demoPassword });
});

afterEach(async () => {
  // A full bucket too: a test's arrivals never wait for the previous test's to refill it.
  await server.query`update waiting_rooms
    set admissions_per_second = null, adaptive_rate = null, admitted = joined, tokens = 1000`;
});

describe('with no pressure', () => {
  it('is invisible: a learner is admitted at their first look and walks on', async () => {
    const { token, user } = await newLearner();
    const s = await state(token);
    expect(s.waiting).toBeNull();
    expect(await poll(token)).toEqual({ success: true, admitted: true, position: 0, estimateSeconds: 0 });
    expect((await call(token, 'POST', `/api/sitting/${o}/declaration`, { accept: true })).status).toBe(200);
    const [place] = await server.query<{ ticket: string }>`
      select ticket from waiting_places where user_id = ${user.id}`;
    expect(place).toBeDefined();
  });
  it('takes no place at a look before the window opens: when it opens, the learner queues behind those before', async () => {
    const early = await signedInEarlier();
    const [{ startsAt }] = (await server.query<{ startsAt: string }>`
      select starts_at::text as "startsAt" from olympiads where id = ${demo.geoDemo}`) as [{ startsAt: string }];
    await server.query`update olympiads set starts_at = now() + interval '1 day' where id = ${demo.geoDemo}`;
    try {
      const before = await state(early.token);
      expect(before.window.open).toBe(false);
      expect(before.waiting).toBeNull();
      expect(await server.query`select ticket from waiting_places where user_id = ${early.user.id}`).toEqual([]);
    } finally {
      await server.query`update olympiads set starts_at = ${startsAt}::timestamptz where id = ${demo.geoDemo}`;
    }
    const first = await signedInEarlier();
    await setRate(0);
    expect((await state(first.token)).waiting).toEqual({ position: 1, estimateSeconds: null });
    expect((await state(early.token)).waiting).toEqual({ position: 2, estimateSeconds: null });
  });
});

describe('when arrivals exceed the admissions a second', () => {
  it('queues learners first come, first served, with their position; their timer has not started', async () => {
    const learners = [await signedInEarlier(), await signedInEarlier(), await signedInEarlier()];
    await setRate(0);
    const first = await state(learners[0]!.token);
    expect(first.step).toBe('instructions');
    expect(first.waiting).toEqual({ position: 1, estimateSeconds: null });
    expect((await state(learners[1]!.token)).waiting).toEqual({ position: 2, estimateSeconds: null });
    expect((await state(learners[2]!.token)).waiting).toEqual({ position: 3, estimateSeconds: null });
    // Asking again keeps the place.
    expect((await state(learners[0]!.token)).waiting).toEqual({ position: 1, estimateSeconds: null });
    expect(await poll(learners[1]!.token)).toEqual({
      success: true,
      admitted: false,
      position: 2,
      estimateSeconds: null,
    });

    // Every step before the paper, and the paper, is refused while waiting; nothing starts.
    const { token, user } = learners[0]!;
    const refused = await call(token, 'POST', `/api/sitting/${o}/declaration`, { accept: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('waiting room');
    expect((await call(token, 'GET', `/api/sitting/${o}/paper`)).status).toBe(409);
    expect((await call(token, 'PUT', `/api/sitting/${o}/learner-details`, details)).status).toBe(409);
    const row = await attemptRow(user.id);
    expect(row).toMatchObject({ declaration_accepted_at: null, started_at: null, deadline_at: null });

    // Nobody is admitted at 0 a second, whatever the ticks.
    await admitWaiting(server.db, 50);
    expect((await poll(token)).admitted).toBe(false);

    // Eight a second, so two a quarter second (the bucket's size): the first two, in order; the third moves up and
    // gets an estimate.
    await setRate(8);
    await new Promise((r) => setTimeout(r, 1100));
    await admitWaiting(server.db, 50);
    expect(await poll(learners[0]!.token)).toMatchObject({ admitted: true, position: 0 });
    expect(await poll(learners[1]!.token)).toMatchObject({ admitted: true, position: 0 });
    expect(await poll(learners[2]!.token)).toEqual({
      success: true,
      admitted: false,
      position: 1,
      estimateSeconds: 1,
    });
    expect((await state(token)).waiting).toBeNull();

    // Admitted: the steps go on, and the paper starts the timer.
    expect((await call(token, 'POST', `/api/sitting/${o}/declaration`, { accept: true })).status).toBe(200);
    const pin = await call(token, 'POST', `/api/sitting/${o}/recovery-pin`);
    await call(token, 'POST', `/api/sitting/${o}/recovery-pin/confirm`, { pin: pin.body.pin });
    expect((await call(token, 'PUT', `/api/sitting/${o}/learner-details`, details)).status).toBe(200);
    expect((await call(token, 'GET', `/api/sitting/${o}/paper`)).status).toBe(200);
    expect((await attemptRow(user.id))?.started_at).not.toBeNull();
  });

  it('holds across processes and restarts: the queue is in the database, and any process admits in order', async () => {
    const a = await signedInEarlier();
    const b = await signedInEarlier();
    await setRate(0);
    expect((await state(a.token)).waiting?.position).toBe(1);
    expect((await state(b.token)).waiting?.position).toBe(2);
    // A second server process on the same database (as after a restart: nothing in memory) sees the same queue.
    const other = await buildApp({ config: server.app.config, database: server.database, mailer: server.app.mailer });
    try {
      const look = async (token: string) =>
        (
          await other.inject({
            method: 'GET',
            url: `/api/sitting/${o}/waiting-room`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json();
      expect(await look(b.token)).toMatchObject({ admitted: false, position: 2 });
      await server.query`update waiting_rooms set admissions_per_second = 1 where olympiad_id = ${demo.geoDemo}`;
      await new Promise((r) => setTimeout(r, 1100));
      // Both processes tick at once: one a second is admitted, not two.
      await Promise.all([admitWaiting(server.db, 50), admitWaiting(other.db, 50)]);
      expect(await look(a.token)).toMatchObject({ admitted: true });
      expect(await look(b.token)).toMatchObject({ admitted: false, position: 1 });
    } finally {
      await other.close();
    }
  });

  it('a learner who already started is never queued (signing in again mid-paper)', async () => {
    const { token, user } = await newLearner();
    await state(token);
    expect((await call(token, 'POST', `/api/sitting/${o}/declaration`, { accept: true })).status).toBe(200);
    const pin = await call(token, 'POST', `/api/sitting/${o}/recovery-pin`);
    await call(token, 'POST', `/api/sitting/${o}/recovery-pin/confirm`, { pin: pin.body.pin });
    await call(token, 'PUT', `/api/sitting/${o}/learner-details`, details);
    expect((await call(token, 'GET', `/api/sitting/${o}/paper`)).status).toBe(200);
    await server.query`delete from waiting_places where user_id = ${user.id}`;
    await setRate(0);
    expect((await state(token)).waiting).toBeNull();
    expect((await call(token, 'GET', `/api/sitting/${o}/paper`)).status).toBe(200);
  });
});

describe('the queue at sign-in (decision 053)', () => {
  const signin = (username: string, password = demoPassword, olympiadName = o) =>
    server.anonymous().post('/api/auth/signin', { body: { username, password, olympiadName, loginType: 'learner' } });
  const queuePoll = (pass: string, olympiadName = o) =>
    server.anonymous().get(`/api/sitting/${olympiadName}/queue`, { query: { pass } });
  /** Someone waits already: the room has a queue, and admission is paused. */
  const aQueue = async () => {
    const ahead = await signedInEarlier();
    await setRate(0);
    expect((await state(ahead.token)).waiting?.position).toBe(1);
  };
  const sessionsOf = async (userId: number) =>
    (await server.query<{ n: number }>`select count(*)::int as n from sessions where user_id = ${userId}`)[0]!.n;
  const throttled = async (username: string) =>
    server.query<{ hits: number }>`select hits from throttles where key like ${`%:${o}:${username}`}`;

  it('gives a learner their place before the password is checked, and signs them in once it is their turn', async () => {
    await aQueue();
    const user = await newUser();
    const queued = await signin(user.username);
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ success: true, queued: true, position: 2, estimateSeconds: null });
    expect(queued.body.message).toContain('number 2 in the queue');
    expect(queued.body.accessToken).toBeUndefined();
    // Nothing else happened: no session, no attempt counted against the account, no attempt row.
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await throttled(user.username)).every((t) => t.hits === 0)).toBe(true);
    expect(await attemptRow(user.id)).toBeUndefined();

    // Asking again keeps the place; the password is not checked while waiting, so it tells nothing.
    const again = await signin(user.username, 'not the password');
    expect(again.status).toBe(202);
    expect(again.body.position).toBe(2);
    expect(await queuePoll(queued.body.pass)).toMatchObject({
      status: 200,
      body: { success: true, admitted: false, position: 2, estimateSeconds: null },
    });

    // Admission resumes: the poll says so, and now the password is checked (a wrong one counts) and the session starts.
    await setRate(8);
    await new Promise((r) => setTimeout(r, 1100));
    await admitWaiting(server.db, 50);
    expect((await queuePoll(queued.body.pass)).body).toEqual({
      success: true,
      admitted: true,
      position: 0,
      estimateSeconds: 0,
    });
    const wrong = await signin(user.username, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('wrong_password');
    expect((await throttled(user.username)).some((t) => t.hits === 1)).toBe(true);
    const signedIn = await signin(user.username);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(await sessionsOf(user.id)).toBe(1);
    // The sitting finds the place admitted: no second queue.
    expect((await state(signedIn.body.accessToken.token as string)).waiting).toBeNull();
  });

  it('a pass it did not give is 400, another olympiad’s queue 404; no token is needed', async () => {
    await aQueue();
    const user = await newUser();
    const { pass } = (await signin(user.username)).body as { pass: string };
    const [olympiadId, userId, ticket, signature] = pass.split('.');
    for (const forged of [
      `${olympiadId}.${Number(userId) + 1}.${ticket}.${signature}`,
      `${olympiadId}.${userId}.${Number(ticket) - 1}.${signature}`,
      'not-a-pass-at-all',
    ]) {
      const res = await queuePoll(forged);
      expect(res.status, forged).toBe(400);
      expect(res.body.details[0].path).toBe('query.pass');
    }
    expect((await queuePoll(pass, 'other-queue')).status).toBe(404);
    expect((await queuePoll(pass, 'no-such-olympiad')).status).toBe(404);
    expect((await queuePoll('')).status).toBe(400);
  });

  it('a process answers the polls from its copy of the room: one read for many asks, at most its age behind (decision 055)', async () => {
    await aQueue();
    const copies = roomCopies(server.db, 50, 400);
    const asked = await Promise.all([copies(demo.geoDemo), copies(demo.geoDemo), copies(demo.geoDemo)]);
    expect(asked[1]).toBe(asked[0]);
    expect(asked[2]).toBe(asked[0]);
    const before = asked[0]!;
    expect(before.joined).toBe(before.admitted + 1);
    expect(before.rate).toBe(0);

    // The room admits everyone: the copy says so only once it is older than its age.
    await server.query`update waiting_rooms set admitted = joined where olympiad_id = ${demo.geoDemo}`;
    expect(await copies(demo.geoDemo)).toBe(before);
    await new Promise((r) => setTimeout(r, 450));
    const after = (await copies(demo.geoDemo))!;
    expect(after.admitted).toBe(before.joined);
    expect(isAdmitted(placeInRoom(before.joined, after, 50))).toBe(true);
    // A ticket past the room's last (the room was cleared since it was given) counts as admitted.
    expect(isAdmitted(placeInRoom(after.joined + 5, { ...after, admitted: 0 }, 50))).toBe(true);
    expect(await roomCopies(server.db, 50, 400)(9_999_999)).toBeNull();
  });

  it('never queues a learner who has started, nor anyone while the olympiad is not open for writing', async () => {
    const started = await newLearner();
    await state(started.token);
    await toPaper(started.token);
    await aQueue();
    expect((await signin(started.user.username)).status).toBe(200);

    const early = await newUser();
    const [{ startsAt }] = (await server.query<{ startsAt: string }>`
      select starts_at::text as "startsAt" from olympiads where id = ${demo.geoDemo}`) as [{ startsAt: string }];
    await server.query`update olympiads set starts_at = now() + interval '1 day' where id = ${demo.geoDemo}`;
    try {
      expect((await signin(early.username)).status).toBe(200);
    } finally {
      await server.query`update olympiads set starts_at = ${startsAt}::timestamptz where id = ${demo.geoDemo}`;
    }
  });
});

describe('learners arriving together take their places together (decision 057)', () => {
  /** A new open olympiad and `n` of its learners, none signed in. */
  const olympiadWith = async (varName: string, n: number) => {
    const olympiad = await createOlympiad(server.db, { varName, open: true });
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      ids.push((await createUser(server.db, { role: 'learner', olympiadId: olympiad.id, password: demoPassword })).id);
    }
    return { olympiadId: olympiad.id, ids };
  };
  const placesIn = (olympiadId: number) =>
    server.query<{ user_id: number; ticket: number }>`
      select user_id, ticket::int from waiting_places where olympiad_id = ${olympiadId} order by ticket`;
  /** The database, counting the statements sent through it. */
  const counting = () => {
    const count = { statements: 0 };
    const db = server.db as unknown as { session: { prepareQuery(...args: unknown[]): unknown } };
    const session = new Proxy(db.session, {
      get: (target, key) =>
        key === 'prepareQuery'
          ? (...args: unknown[]) => {
              count.statements++;
              return target.prepareQuery(...args);
            }
          : Reflect.get(target, key),
    });
    const q = new Proxy(server.db, { get: (target, key) => (key === 'session' ? session : Reflect.get(target, key)) });
    return { q: q as Queryable, count };
  };

  const byId = (ids: readonly number[]) => ids.map((userId) => ({ userId }));

  it('in one statement: the next tickets in the order given, as many admitted at once as there are tokens', async () => {
    const { olympiadId, ids } = await olympiadWith('desk-order', 6);
    // A new room at 8 a second holds a quarter second's tokens: 2.
    const placed = await takePlaces(server.db, olympiadId, byId(ids), 8, false);
    expect(placed).toEqual(ids.map((userId, i) => ({ userId, place: { ticket: i + 1, admitted: 2, rate: 8 } })));
    expect((await placesIn(olympiadId)).map((p) => p.user_id)).toEqual(ids);
    const [room] = await server.query<{ joined: number; admitted: number; tokens: number }>`
      select joined::int, admitted::int, tokens from waiting_rooms where olympiad_id = ${olympiadId}`;
    expect(room).toEqual({ joined: 6, admitted: 2, tokens: 0 });
    // Behind a queue nobody is admitted at once, however many tokens there are.
    await server.query`update waiting_rooms set tokens = 2, refilled_at = now() where olympiad_id = ${olympiadId}`;
    const later = await createUser(server.db, { role: 'learner', olympiadId, password: demoPassword });
    expect(await takePlaces(server.db, olympiadId, [{ userId: later.id }], 8, false)).toEqual([
      { userId: later.id, place: { ticket: 7, admitted: 2, rate: 8 } },
    ]);
  });

  it('a learner who has started takes none, one who holds a place keeps it; only the others take tickets', async () => {
    const { olympiadId, ids } = await olympiadWith('desk-mixed', 4);
    const [started, holder, first, second] = ids as [number, number, number, number];
    await server.query`insert into attempts (olympiad_id, user_id, started_at, deadline_at)
                       values (${olympiadId}, ${started}, now(), now() + interval '1 hour')`;
    await takePlaces(server.db, olympiadId, [{ userId: holder }], 400, false);
    const placed = await takePlaces(server.db, olympiadId, byId([first, started, holder, second]), 400, false);
    expect(placed).toEqual([
      { userId: first, place: { ticket: 2, admitted: 3, rate: 400 } },
      { userId: started, place: null },
      { userId: holder, place: { ticket: 1, admitted: 3, rate: 400 } },
      { userId: second, place: { ticket: 3, admitted: 3, rate: 400 } },
    ]);
    expect(await placesIn(olympiadId)).toEqual([
      { user_id: holder, ticket: 1 },
      { user_id: first, ticket: 2 },
      { user_id: second, ticket: 3 },
    ]);
  });

  it('finds a learner by the username they sign in with, in any case; nobody else takes a place', async () => {
    const { olympiadId, ids } = await olympiadWith('desk-names', 2);
    const [one, two] = ids as [number, number];
    const [named] = await server.query<{ username: string }>`select username from users where id = ${one}`;
    const disabled = await createUser(server.db, { role: 'learner', olympiadId, password: demoPassword });
    await server.query`update users set disabled_at = now() where id = ${disabled.id}`;
    const noPassword = await createUser(server.db, { role: 'learner', olympiadId });
    await server.query`update users set password_hash = null where id = ${noPassword.id}`;
    const elsewhere = await createUser(server.db, {
      role: 'learner',
      olympiadId: demo.geoDemo,
      password: demoPassword,
    });
    const placed = await takePlaces(
      server.db,
      olympiadId,
      [
        { username: 'nobody-at-all' },
        { username: named!.username.toUpperCase() },
        { username: disabled.username },
        { userId: two },
        { username: noPassword.username },
        { username: elsewhere.username },
      ],
      400,
      false,
    );
    expect(placed).toEqual([
      undefined,
      { userId: one, place: { ticket: 1, admitted: 2, rate: 400 } },
      undefined,
      { userId: two, place: { ticket: 2, admitted: 2, rate: 400 } },
      undefined,
      undefined,
    ]);
    expect((await placesIn(olympiadId)).map((p) => p.user_id)).toEqual([one, two]);
  });

  it('the desk sends one statement at a time per olympiad: those who come meanwhile go together, in order', async () => {
    const { olympiadId, ids } = await olympiadWith('desk-together', 6);
    const [named] = await server.query<{ username: string }>`select username from users where id = ${ids[5]!}`;
    const { q, count } = counting();
    // One a second: the first takes the new room's one token, and none comes back while the others ask.
    const desk = placeDesk(q, 1, false);
    // All ask at once; the last asks three times (two windows, and a sign-in) and gets the one place.
    const asked = [...byId(ids), { userId: ids[5]! }, { username: named!.username }].map((a) =>
      desk.take(olympiadId, a),
    );
    const placed = await Promise.all(asked);
    // The first goes alone (the room is new: a token for it), the rest together behind it.
    expect(count.statements).toBe(2);
    expect(placed.map((p) => p?.userId)).toEqual([...ids, ids[5], ids[5]]);
    expect(placed.map((p) => p?.place?.ticket)).toEqual([1, 2, 3, 4, 5, 6, 6, 6]);
    expect(placed[0]?.place).toEqual({ ticket: 1, admitted: 1, rate: 1 });
    expect(placed.slice(1).every((p) => p?.place?.admitted === 1)).toBe(true);
    expect((await placesIn(olympiadId)).map((p) => p.user_id)).toEqual(ids);
    // Quiet again: the next learner's statement goes at once, alone.
    const more = await createUser(server.db, { role: 'learner', olympiadId, password: demoPassword });
    expect((await desk.take(olympiadId, { userId: more.id }))?.place).toMatchObject({ ticket: 7 });
    expect(count.statements).toBe(3);
  });
  it('the desk never takes a username for a learner’s id, however it is written', async () => {
    const { olympiadId, ids } = await olympiadWith('desk-names-ids', 2);
    const [first, learner] = ids as [number, number];
    const desk = placeDesk(server.db, 400, false);
    // The first goes alone; the rest wait together in the desk's line for the next statement.
    const asked = [{ userId: first }, { userId: learner }, { username: `id:${learner}` }, { username: `#${learner}` }];
    const placed = await Promise.all(asked.map((a) => desk.take(olympiadId, a)));
    expect(placed).toEqual([
      { userId: first, place: { ticket: 1, admitted: 1, rate: 400 } },
      { userId: learner, place: { ticket: 2, admitted: 2, rate: 400 } },
      undefined,
      undefined,
    ]);
  });
});

describe('the rate adapts to how the arrival steps fare (decision 051)', () => {
  const adaptive = async () =>
    (
      await server.query<{ adaptive_rate: number | null }>`
        select adaptive_rate from waiting_rooms where olympiad_id = ${demo.geoDemo}`
    )[0]?.adaptive_rate;

  it('slow steps lower the rate in force, a fifth a tick, and the queue forms at it; fine steps raise it back', async () => {
    await setRate(20);
    await state((await newLearner()).token); // the room has had an arrival within the minute
    await adaptRates(server.db, 'slow', 50);
    expect(await adaptive()).toBeCloseTo(16, 3);
    await adaptRates(server.db, 'slow', 50);
    expect(await adaptive()).toBeCloseTo(12.8, 3);
    const admin = await server.as('admin');
    const status = await admin.get('/api/sitting-waiting-room', { query: { olympiadId: demo.geoDemo } });
    expect(status.body).toMatchObject({ admissionsPerSecond: 20, admittingPerSecond: 12 });

    // Behind someone waiting, a learner queues, and the estimate uses the rate in force: 40 at 12.8 a second.
    const queued = await signedInEarlier();
    await server.query`update waiting_rooms set joined = admitted + 39 where olympiad_id = ${demo.geoDemo}`;
    expect((await state(queued.token)).waiting).toEqual({ position: 40, estimateSeconds: 4 });

    // Fine ticks raise it by a hundredth of the setting (at least one) until it is the setting again: null.
    await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeCloseTo(13.8, 3);
    for (let i = 0; i < 7; i++) await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeNull();
    const back = await admin.get('/api/sitting-waiting-room', { query: { olympiadId: demo.geoDemo } });
    expect(back.body).toMatchObject({ admissionsPerSecond: 20, admittingPerSecond: 20 });
  });

  it('a room quiet for a minute starts again at an eighth of the setting, and climbs back while fine (decision 055)', async () => {
    await setRate(200);
    await state((await newLearner()).token); // the room exists, busy: a fine tick leaves it at the setting
    await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeNull();
    // A minute without arrivals: the next fine tick sets it to start at 200 / 8 = 25 a second.
    await server.query`update waiting_rooms set refilled_at = now() - interval '61 seconds'
                       where olympiad_id = ${demo.geoDemo}`;
    await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeCloseTo(25, 3);
    await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeCloseTo(25, 3); // still quiet: stays there

    // A storm empties the bucket: the next learner queues, told 1 s at 25 a second.
    await server.query`update waiting_rooms set tokens = 0, refilled_at = now() + interval '1 second'
                       where olympiad_id = ${demo.geoDemo}`;
    const user = await newUser();
    const queued = await server.anonymous().post('/api/auth/signin', {
      body: { username: user.username, password: demoPassword, olympiadName: o, loginType: 'learner' },
    });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ position: 1, estimateSeconds: 1 });

    // Busy and fine: a hundredth of the setting a tick (2), up to the setting.
    await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeCloseTo(27, 3);
    for (let i = 0; i < 4; i++) await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeCloseTo(35, 3);
    for (let i = 0; i < 82; i++) await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeCloseTo(199, 3);
    await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeNull();
  });

  it('roomy ticks raise the rate by a tenth of itself (at least a fine step), to the setting and no further (decision 104)', async () => {
    await setRate(200);
    await state((await newLearner()).token); // the room has had an arrival within the minute
    await server.query`update waiting_rooms set adaptive_rate = 25 where olympiad_id = ${demo.geoDemo}`;
    await adaptRates(server.db, 'roomy', 50);
    expect(await adaptive()).toBeCloseTo(27.5, 3); // 25 × 1.1, more than a fine tick's 25 + 2
    await adaptRates(server.db, 'fine', 50);
    expect(await adaptive()).toBeCloseTo(29.5, 3); // near the limit: the additive step again
    // From the start (an eighth) to the setting: 22 roomy ticks, against 88 fine ones (the test above).
    await server.query`update waiting_rooms set adaptive_rate = 25 where olympiad_id = ${demo.geoDemo}`;
    let ticks = 0;
    while ((await adaptive()) != null) {
      await adaptRates(server.db, 'roomy', 50);
      ticks++;
    }
    expect(ticks).toBe(22);
    await adaptRates(server.db, 'roomy', 50);
    expect(await adaptive()).toBeNull(); // capped at the setting
    // A low rate climbs by at least the fine step: 3 × 1.1 is less than 3 + 2.
    await server.query`update waiting_rooms set adaptive_rate = 3 where olympiad_id = ${demo.geoDemo}`;
    await adaptRates(server.db, 'roomy', 50);
    expect(await adaptive()).toBeCloseTo(5, 3);
    // One slow tick still takes a fifth off, whatever came before.
    await adaptRates(server.db, 'slow', 50);
    expect(await adaptive()).toBeCloseTo(4, 3);
    // A paused room stays paused; a room without arrivals in the last minute is set to start again, not raised.
    await setRate(0);
    await adaptRates(server.db, 'roomy', 50);
    const paused = await (
      await server.as('admin')
    ).get('/api/sitting-waiting-room', { query: { olympiadId: demo.geoDemo } });
    expect(paused.body).toMatchObject({ admissionsPerSecond: 0, admittingPerSecond: 0 });
    await setRate(200);
    await server.query`update waiting_rooms set refilled_at = now() - interval '61 seconds'
                       where olympiad_id = ${demo.geoDemo}`;
    await adaptRates(server.db, 'roomy', 50);
    expect(await adaptive()).toBeCloseTo(25, 3);
  });

  it('queued learners are admitted in ticket order as a roomy rate climbs', async () => {
    const learners = [
      await signedInEarlier(),
      await signedInEarlier(),
      await signedInEarlier(),
      await signedInEarlier(),
    ];
    await setRate(0);
    for (const l of learners) await state(l.token);
    await setRate(8);
    await server.query`update waiting_rooms set adaptive_rate = 4, tokens = 0, refilled_at = now()
                       where olympiad_id = ${demo.geoDemo}`;
    await adaptRates(server.db, 'roomy', 50); // 4 × 1.1 < 4 + 1: 5 a second, a bucket of 1.25
    await new Promise((r) => setTimeout(r, 300));
    await admitWaiting(server.db, 50);
    const admitted = async () => Promise.all(learners.map(async (l) => (await poll(l.token)).admitted as boolean));
    expect(await admitted()).toEqual([true, false, false, false]);
    await adaptRates(server.db, 'roomy', 50); // 5 × 1.1 < 5 + 1: 6 a second, a bucket of 1.5
    await new Promise((r) => setTimeout(r, 350));
    await admitWaiting(server.db, 50);
    expect(await admitted()).toEqual([true, true, false, false]);
  });

  it('a new room starts at an eighth of the setting while the rate adapts, at the setting when it does not', async () => {
    const slow = await createOlympiad(server.db, { varName: 'starts-slow', open: true });
    const plain = await createOlympiad(server.db, { varName: 'starts-plain', open: true });
    const learner = await createUser(server.db, { role: 'learner', olympiadId: slow.id, password: demoPassword });
    const other = await createUser(server.db, { role: 'learner', olympiadId: plain.id, password: demoPassword });
    expect((await takePlaces(server.db, slow.id, [{ userId: learner.id }], 200, true))[0]?.place).toMatchObject({
      ticket: 1,
      admitted: 1,
      rate: 25,
    });
    expect((await takePlaces(server.db, plain.id, [{ userId: other.id }], 200, false))[0]?.place).toMatchObject({
      ticket: 1,
      admitted: 1,
      rate: 200,
    });
    const rooms = await server.query<{ olympiad_id: number; adaptive_rate: number | null; tokens: number }>`
      select olympiad_id, adaptive_rate, tokens from waiting_rooms where olympiad_id in (${slow.id}, ${plain.id})
      order by olympiad_id`;
    expect(rooms).toEqual([
      { olympiad_id: slow.id, adaptive_rate: 25, tokens: 5.25 },
      { olympiad_id: plain.id, adaptive_rate: null, tokens: 49 },
    ]);
  });

  it('never below one a second (the queue always moves), and a paused room stays paused', async () => {
    await setRate(2);
    await state((await newLearner()).token);
    for (let i = 0; i < 20; i++) await adaptRates(server.db, 'slow', 50);
    expect(await adaptive()).toBe(1);
    await setRate(0);
    await adaptRates(server.db, 'slow', 50);
    expect(await adaptive()).toBe(1);
    const status = await (
      await server.as('admin')
    ).get('/api/sitting-waiting-room', {
      query: { olympiadId: demo.geoDemo },
    });
    expect(status.body).toMatchObject({ admissionsPerSecond: 0, admittingPerSecond: 0 });
  });

  it('a room without arrivals in the last minute is left alone', async () => {
    await state((await newLearner()).token);
    await server.query`update waiting_rooms set refilled_at = now() - interval '2 minutes'
                       where olympiad_id = ${demo.geoDemo}`;
    await adaptRates(server.db, 'slow', 50);
    expect(await adaptive()).toBeNull();
  });

  it('the gauge: slow when more than a tenth of the steps pass the target, fine otherwise, a fresh window each time', () => {
    const gauge = arrivalGauge({ stepMs: 500, saveMs: 0 });
    try {
      expect(gauge.take()).toBe('fine');
      for (let i = 0; i < 9; i++) gauge.record(20);
      gauge.record(900);
      expect(gauge.take()).toBe('fine'); // one in ten: not more than a tenth
      for (let i = 0; i < 8; i++) gauge.record(20);
      gauge.record(900);
      gauge.record(900);
      expect(gauge.take()).toBe('slow');
      expect(gauge.take()).toBe('fine');
      for (let i = 0; i < 4; i++) gauge.record(900);
      expect(gauge.take()).toBe('fine'); // too few steps to judge
    } finally {
      gauge.stop();
    }
  });

  it('the gauge judges the answer saves too: slow when more than one in a hundred passes their target (decisions 055, 056)', () => {
    const gauge = arrivalGauge({ stepMs: 500, saveMs: 100 });
    try {
      for (let i = 0; i < 99; i++) gauge.recordSave(10);
      gauge.recordSave(300);
      for (let i = 0; i < 10; i++) gauge.record(20);
      // One in a hundred: not more; and the 99th percentile is quick, so room to spare (decision 104).
      expect(gauge.take()).toBe('roomy');
      for (let i = 0; i < 98; i++) gauge.recordSave(10);
      gauge.recordSave(300);
      gauge.recordSave(300);
      expect(gauge.take()).toBe('slow'); // the arrival steps are fine; the saves are not
      expect(gauge.take()).toBe('fine');
    } finally {
      gauge.stop();
    }
  });
});

describe('the gauge sees room to spare (decision 104)', () => {
  it('roomy when enough steps, the saves and the loop are all far within their targets; fine when merely within', () => {
    const gauge = arrivalGauge({ stepMs: 500, saveMs: 100 });
    try {
      expect(gauge.take()).toBe('fine'); // nothing measured: no evidence of room
      for (let i = 0; i < 4; i++) gauge.record(20);
      expect(gauge.take()).toBe('fine'); // too few steps to say
      for (let i = 0; i < 100; i++) gauge.record(20);
      for (let i = 0; i < 100; i++) gauge.recordSave(10);
      expect(gauge.take()).toBe('roomy');
      // One step in a hundred past half the target still leaves room; two do not.
      for (let i = 0; i < 99; i++) gauge.record(20);
      gauge.record(300);
      expect(gauge.take()).toBe('roomy');
      for (let i = 0; i < 98; i++) gauge.record(20);
      gauge.record(300);
      gauge.record(300);
      expect(gauge.take()).toBe('fine');
      // Quick steps, but saves whose 99th percentile passes half their target: fine, not roomy.
      for (let i = 0; i < 20; i++) gauge.record(20);
      for (let i = 0; i < 98; i++) gauge.recordSave(10);
      gauge.recordSave(60);
      gauge.recordSave(60);
      expect(gauge.take()).toBe('fine');
      // Past the target is slow, as before.
      for (let i = 0; i < 20; i++) gauge.record(20);
      for (let i = 0; i < 97; i++) gauge.recordSave(10);
      for (let i = 0; i < 3; i++) gauge.recordSave(200);
      expect(gauge.take()).toBe('slow');
    } finally {
      gauge.stop();
    }
  });

  it('a busy event loop leaves no room: a process that starts its requests late is not roomy', async () => {
    const gauge = arrivalGauge({ stepMs: 500, saveMs: 100 });
    try {
      gauge.take();
      // Block the loop for 80 ms twice (more than a tenth of the step's target, less than half).
      for (let n = 0; n < 2; n++) {
        const until = performance.now() + 80;
        while (performance.now() < until);
        await new Promise((r) => setTimeout(r, 30));
      }
      for (let i = 0; i < 20; i++) gauge.record(20);
      expect(gauge.take()).not.toBe('roomy');
    } finally {
      gauge.stop();
    }
  });
});

describe('GET /api/sitting-waiting-room', () => {
  const look = (olympiadId: number) => (c: Client) => c.get('/api/sitting-waiting-room', { query: { olympiadId } });

  it('401 without a token, 403 for the roles that may not see it, 404 for another olympiad’s admin', async () => {
    await unauthenticated(server, look(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], look(demo.geoDemo));
    expect((await look(demo.geoDemo)(await otherAdmin())).status).toBe(404);
  });

  it('shows the admin how many wait now, and the admissions a second in force', async () => {
    const learners = [await signedInEarlier(), await signedInEarlier()];
    await setRate(0);
    for (const l of learners) await state(l.token);
    const res = await look(demo.geoDemo)(await server.as('admin'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      waiting: 2,
      admissionsPerSecond: 0,
      ownAdmissionsPerSecond: 0,
      defaultAdmissionsPerSecond: 50,
    });
  });
});

describe('PUT /api/sitting-waiting-room', () => {
  const put = (olympiadId: number, admissionsPerSecond: unknown) => (c: Client) =>
    c.put('/api/sitting-waiting-room', { query: { olympiadId }, body: { admissionsPerSecond } });

  it('401 without a token, 403 for other roles, 404 for another olympiad’s admin with the rows unchanged', async () => {
    await unauthenticated(server, put(demo.geoDemo, 5));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], put(demo.geoDemo, 5));
    await notFoundUnchanged(server, roomRows, await otherAdmin(), put(demo.geoDemo, 5));
  });

  it('400 for a negative or fractional rate, the rows unchanged', async () => {
    const admin = await server.as('admin');
    for (const bad of [-1, 1.5, 'many']) {
      const res = await expectRowsUnchanged(server, roomRows, () => put(demo.geoDemo, bad)(admin));
      expect(res.status).toBe(400);
    }
  });

  it('sets the olympiad’s own rate, audited; null goes back to the server’s', async () => {
    const body = await setRate(7);
    expect(body).toMatchObject({ admissionsPerSecond: 7, ownAdmissionsPerSecond: 7 });
    const [row] = await server.query<{ admissions_per_second: number }>`
      select admissions_per_second from waiting_rooms where olympiad_id = ${demo.geoDemo}`;
    expect(row?.admissions_per_second).toBe(7);
    const [log] = await server.query<{ action: string; data: unknown }>`
      select action, data from audit_log where action = 'waiting-room.set-rate' order by id desc limit 1`;
    expect(log).toMatchObject({ action: 'waiting-room.set-rate', data: { to: 7 } });
    expect(await setRate(null)).toMatchObject({ admissionsPerSecond: 50, ownAdmissionsPerSecond: null });
  });
});
