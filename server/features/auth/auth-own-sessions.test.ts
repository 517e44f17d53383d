import { describe, expect, it } from 'vitest';
import { SignedInSessions } from '#contract/sessions';
import { createUser } from '../../seed/factories.js';
import { expectError, expectRowsUnchanged, forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import type { Client } from '../../test/harness.js';
import { demoPassword } from '../../test/harness.js';
import { demo, me, newLearner, newTeacher, server, signinBody, useAuthServer } from './testing.js';

/**
 * One's own signed-in sessions (decision 107): the list, ending one, ending the others, and the last-seen time
 * authentication keeps to the minute. The overlord's and admins' side is at the end of the file.
 */
useAuthServer();

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1';

/** A sign-in of `username` from a browser that says `userAgent`: its token and its session's id. */
async function signInFrom(username: string, userAgent: string, olympiadName?: string) {
  const res = await server.api('POST', '/api/auth/signin', {
    body: signinBody(username, demoPassword, olympiadName),
    headers: { 'user-agent': userAgent },
  });
  expect(res.status, res.text).toBe(200);
  const token = res.body.accessToken.token as string;
  const [row] = await server.query<{ id: number }>`
    select id from sessions where user_id = ${res.body.id} order by id desc limit 1`;
  return { token, id: row!.id, userId: res.body.id as number };
}

const list = (token: string) => server.api('GET', '/api/auth/sessions', { token });
const endOne = (token: string, id: number) => server.api('DELETE', `/api/auth/sessions/${id}`, { token });
const endOthers = (token: string) => server.api('POST', '/api/auth/sessions/end-others', { token });
const sessionRows = (userId: number) => async () =>
  server.query`select id, revoked_at, expires_at from sessions where user_id = ${userId} order by id`;

describe('GET /api/auth/sessions', () => {
  it('401 without a token', async () => {
    await unauthenticated(server, (c: Client) => c.get('/api/auth/sessions'));
  });

  it('lists the caller’s live sessions only: device, address, times, this one, impersonation', async () => {
    const teacher = await newTeacher();
    const laptop = await signInFrom(teacher.username, firefoxOnWindows);
    const phone = await signInFrom(teacher.username, safariOnIphone);
    const ended = await signInFrom(teacher.username, firefoxOnWindows);
    await server.api('POST', '/api/auth/logout', { token: ended.token });
    const expired = await signInFrom(teacher.username, firefoxOnWindows);
    await server.query`update sessions set expires_at = now() - interval '1 second' where id = ${expired.id}`;
    // someone else's session never shows
    await signInFrom('teacher2', firefoxOnWindows);

    const res = await list(phone.token);
    expect(res.status).toBe(200);
    const body = SignedInSessions.parse(res.body);
    expect(body.sessions.map((s) => s.id).sort()).toEqual([laptop.id, phone.id].sort());
    const mine = body.sessions.find((s) => s.id === phone.id)!;
    expect(mine).toMatchObject({ browser: 'Safari 17', os: 'iOS 17', address: '127.0.0.1', current: true });
    expect(mine.impersonatedBy).toBeNull();
    expect(body.sessions.find((s) => s.id === laptop.id)).toMatchObject({
      browser: 'Firefox 133',
      os: 'Windows',
      current: false,
    });
    // the request itself counts as a use: this session was seen now, the other at its sign-in
    const [row] = await server.query<{ created: number; seen: number | null }>`
      select extract(epoch from created_at) * 1000 as created, extract(epoch from last_seen_at) * 1000 as seen
      from sessions where id = ${laptop.id}`;
    expect(new Date(body.sessions.find((s) => s.id === laptop.id)!.lastSeenAt).getTime()).toBe(
      Math.floor(Number(row!.created)),
    );
    expect(row!.seen).toBeNull();
  });

  it('shows a session opened by someone acting as the user, with their name', async () => {
    const learner = await newLearner(demo.school1, demo.geoDemo, `own-${Date.now()}@example.org`);
    const admin = await server.as('admin');
    const acting = await admin.get('/user/rest/impersonate', {
      query: { olympiadId: demo.geoDemo, userEmail: learner.email! },
    });
    expect(acting.status, acting.text).toBe(200);
    const own = (await server.signIn(learner.username, { olympiadName: 'geo-demo' })).accessToken.token;
    const res = await list(own);
    expect(res.status).toBe(200);
    const byOthers = res.body.sessions.filter((s: { impersonatedBy: string | null }) => s.impersonatedBy);
    expect(byOthers).toHaveLength(1);
    expect(byOthers[0].impersonatedBy).toBe(admin.user!.name);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('401 without a token, with the session unchanged', async () => {
    const teacher = await newTeacher();
    const s = await signInFrom(teacher.username, firefoxOnWindows);
    await expectRowsUnchanged(server, sessionRows(teacher.id), async () =>
      unauthenticated(server, (c: Client) => c.delete(`/api/auth/sessions/${s.id}`)),
    );
  });

  it('404 for another user’s session, with its row read back unchanged and the owner still signed in', async () => {
    const owner = await newTeacher();
    const other = await signInFrom(owner.username, firefoxOnWindows);
    for (const stranger of ['teacher2', 'admin', 'overlord', 'learner1'] as const) {
      const token = (await server.as(stranger)).token!;
      await expectRowsUnchanged(server, sessionRows(owner.id), async () =>
        expectError(await endOne(token, other.id), 404, stranger),
      );
    }
    expectError(await endOne(other.token, 999_999), 404);
    expect((await me(other.token)).status).toBe(200);
  });

  it('400 for an id that is not one, with nothing ended', async () => {
    const teacher = await newTeacher();
    const s = await signInFrom(teacher.username, firefoxOnWindows);
    await expectRowsUnchanged(server, sessionRows(teacher.id), async () =>
      expectError(await server.api('DELETE', '/api/auth/sessions/abc', { token: s.token }), 400),
    );
  });

  it('ends one of one’s sessions: revoked_at stored, refused at once, the others live; audited', async () => {
    const teacher = await newTeacher();
    const laptop = await signInFrom(teacher.username, firefoxOnWindows);
    const phone = await signInFrom(teacher.username, safariOnIphone);
    expect((await me(phone.token)).status).toBe(200);
    const res = await endOne(laptop.token, phone.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.ended).toBe(1);
    const [row] = await server.query<{ revoked: boolean }>`
      select revoked_at is not null and revoked_at <= now() as revoked from sessions where id = ${phone.id}`;
    expect(row!.revoked).toBe(true);
    const refused = await me(phone.token);
    expectError(refused, 401);
    expect(refused.body.code).toBe('unauthenticated');
    expect((await me(laptop.token)).status).toBe(200);
    // once ended it is not found again, and nothing changes
    await expectRowsUnchanged(server, sessionRows(teacher.id), async () =>
      expectError(await endOne(laptop.token, phone.id), 404),
    );
    const audit = await server.query<{ actor_id: number; data: { sessionId: number; current: boolean } }>`
      select actor_id, data from audit_log where action = 'user.end-own-session' and entity_id = ${String(teacher.id)}`;
    expect(audit).toEqual([{ actor_id: teacher.id, data: { sessionId: phone.id, current: false } }]);
  });

  it('is refused while acting as the user, with their sessions unchanged', async () => {
    const learner = await newLearner(demo.school1, demo.geoDemo, `acting-${Date.now()}@example.org`);
    const own = await signInFrom(learner.username, firefoxOnWindows, 'geo-demo');
    const acting = await (
      await server.as('admin')
    ).get('/user/rest/impersonate', {
      query: { olympiadId: demo.geoDemo, userEmail: learner.email! },
    });
    const token = acting.body.accessToken.token as string;
    await expectRowsUnchanged(server, sessionRows(learner.id), async () => {
      expectError(await endOne(token, own.id), 403);
      expectError(await endOthers(token), 403);
    });
  });
});

describe('POST /api/auth/sessions/end-others', () => {
  it('401 without a token', async () => {
    await unauthenticated(server, (c: Client) => c.post('/api/auth/sessions/end-others'));
  });

  it('ends every other session of the caller and keeps this one; another user’s are untouched', async () => {
    const teacher = await newTeacher();
    const current = await signInFrom(teacher.username, firefoxOnWindows);
    const others = [
      await signInFrom(teacher.username, safariOnIphone),
      await signInFrom(teacher.username, firefoxOnWindows),
    ];
    const bystander = await newTeacher();
    const theirs = await signInFrom(bystander.username, firefoxOnWindows);
    const res = await expectRowsUnchanged(server, sessionRows(bystander.id), () => endOthers(current.token));
    expect(res.status, res.text).toBe(200);
    expect(res.body.ended).toBe(2);
    const rows = await server.query<{ id: number; revoked_at: Date | null }>`
      select id, revoked_at from sessions where user_id = ${teacher.id} order by id`;
    expect(rows.filter((r) => r.revoked_at == null).map((r) => r.id)).toEqual([current.id]);
    for (const o of others) expectError(await me(o.token), 401);
    expect((await me(current.token)).status).toBe(200);
    expect((await me(theirs.token)).status).toBe(200);
    expect((await list(current.token)).body.sessions.map((s: { id: number }) => s.id)).toEqual([current.id]);
    const [audit] = await server.query<{ data: { sessionsEnded: number } }>`
      select data from audit_log where action = 'user.end-own-other-sessions' and entity_id = ${String(teacher.id)}`;
    expect(audit!.data.sessionsEnded).toBe(2);
  });
});

describe('last seen', () => {
  /** The session's last-seen time in milliseconds, or null. */
  const lastSeen = async (id: number) => {
    const [row] = await server.query<{ ms: string | number | null }>`
      select extract(epoch from last_seen_at) * 1000 as ms from sessions where id = ${id}`;
    return row!.ms == null ? null : Math.floor(Number(row!.ms));
  };

  it('moves on use only when a minute has passed since it was last written', async () => {
    const teacher = await newTeacher();
    const s = await signInFrom(teacher.username, firefoxOnWindows);
    expect(await lastSeen(s.id)).toBeNull();
    await me(s.token);
    expect(await lastSeen(s.id)).toBeGreaterThan(Date.now() - 10_000);
    // within the minute: no write
    const recent = new Date(Date.now() - 50_000);
    await server.query`update sessions set last_seen_at = ${recent.toISOString()} where id = ${s.id}`;
    await me(s.token);
    expect(await lastSeen(s.id)).toBe(recent.getTime());
    // a minute and more: written again, to now
    const old = new Date(Date.now() - 61_000);
    await server.query`update sessions set last_seen_at = ${old.toISOString()} where id = ${s.id}`;
    await server.api('POST', '/api/auth/sessions/end-others', { token: s.token });
    const moved = await lastSeen(s.id);
    expect(moved).toBeGreaterThan(old.getTime() + 30_000);
    expect(new Date((await list(s.token)).body.sessions[0].lastSeenAt).getTime()).toBe(moved);
  });

  it('a learner’s session moves on a page load (a read), never on a write such as a heartbeat', async () => {
    const learner = await newLearner();
    const s = await signInFrom(learner.username, firefoxOnWindows, 'geo-demo');
    const beat = await server.api('POST', `/api/participant-tracker?olympiadId=${demo.geoDemo}`, {
      token: s.token,
      body: {},
    });
    // the heartbeat authenticated (a learner who has not started is answered so, not as a stranger)
    expect(beat.status, beat.text).not.toBe(401);
    expect(await lastSeen(s.id)).toBeNull();
    expect((await me(s.token)).status).toBe(200);
    expect(await lastSeen(s.id)).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('the overlord and admins', () => {
  const notOverlord = ['admin', 'accountant', 'funding', 'teacher', 'learner1'] as const;

  it('GET /user/v-rest/{id}/sessions: 401, 403 for every role but the overlord, 404 for no such user', async () => {
    const teacher = await newTeacher();
    const s = await signInFrom(teacher.username, safariOnIphone);
    const call = (c: Client) => c.get(`/user/v-rest/${teacher.id}/sessions`);
    await unauthenticated(server, call);
    await forbiddenFor(server, notOverlord, call);
    const overlord = await server.as('overlord');
    expectError(await overlord.get('/user/v-rest/999999/sessions'), 404);
    const res = await call(overlord);
    expect(res.status).toBe(200);
    expect(SignedInSessions.parse(res.body).sessions).toEqual([
      expect.objectContaining({ id: s.id, browser: 'Safari 17', os: 'iOS 17', current: false }),
    ]);
  });

  it('POST /teacher/v-rest/{id}/end-sessions: 401, 403 for roles that manage no teachers, unchanged', async () => {
    const teacher = await newTeacher();
    await signInFrom(teacher.username, firefoxOnWindows);
    const call = (c: Client) => c.post(`/teacher/v-rest/${teacher.id}/end-sessions`);
    await expectRowsUnchanged(server, sessionRows(teacher.id), async () => {
      await unauthenticated(server, call);
      await forbiddenFor(server, ['accountant', 'funding', 'teacher', 'learner1'], call);
    });
  });

  it('POST /teacher/v-rest/{id}/end-sessions: 404 for an admin who does not manage the teacher, unchanged', async () => {
    const outsider = await createUser(server.db, { role: 'admin', password: demoPassword });
    const teacher = await newTeacher();
    await signInFrom(teacher.username, firefoxOnWindows);
    const client = await server.as(outsider.username, { password: demoPassword });
    await expectRowsUnchanged(server, sessionRows(teacher.id), async () =>
      expectError(await client.post(`/teacher/v-rest/${teacher.id}/end-sessions`), 404),
    );
  });

  it('POST /teacher/v-rest/{id}/end-sessions: the olympiad’s admin and the overlord sign a teacher out; audited', async () => {
    for (const who of ['admin', 'overlord'] as const) {
      const teacher = await newTeacher();
      const a = await signInFrom(teacher.username, firefoxOnWindows);
      const b = await signInFrom(teacher.username, safariOnIphone);
      const res = await (await server.as(who)).post(`/teacher/v-rest/${teacher.id}/end-sessions`);
      expect(res.status, `${who}: ${res.text}`).toBe(200);
      expect(res.body.ended).toBe(2);
      const [live] = await server.query<{ n: number }>`
        select count(*)::int as n from sessions where user_id = ${teacher.id} and revoked_at is null`;
      expect(live!.n).toBe(0);
      for (const t of [a, b]) expectError(await me(t.token), 401);
      const [audit] = await server.query<{ actor_id: number; data: { sessionsEnded: number } }>`
        select actor_id, data from audit_log where action = 'teacher.end-sessions' and entity_id = ${String(teacher.id)}`;
      expect(audit).toMatchObject({ actor_id: demo.users[who], data: { sessionsEnded: 2 } });
    }
  });
});
