import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from './test/harness.js';
import { type ServerProcess, freshRequest, startServerProcess } from './test/processes.js';

/**
 * Ending a session takes effect at once on every process (decision 107). A is this file's test server; B is
 * `npm start`'s server (`server/main.ts`) with two server processes of its own, on A's database. A session ended
 * through one process is refused on its very next request by every other, with no wait: each request looks its
 * session up in the same statement that keeps its last-seen time, and nothing of a session is kept in memory.
 *
 * PostgreSQL only: the embedded PGlite belongs to one process. CI's PostgreSQL pass runs it.
 */
const onPostgres = Boolean(inject('postgres'));

describe.skipIf(!onPostgres)('ending sessions on several processes (skipped on PGlite)', () => {
  let a: TestServer;
  let b: ServerProcess;
  let demo: DemoIds;

  beforeAll(async () => {
    a = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0' } });
    demo = await demoIds(a);
    b = await startServerProcess({
      databaseUrl: a.databaseUrl!,
      appSecret: a.appSecret,
      env: {
        WEB_PROCESSES: '2',
        DATABASE_POOL_SIZE: '4',
        SITTING_SWEEP_SECONDS: '0',
        MAIL_SENDER: 'false',
        JOBS_WORKER: 'false',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  /** The same call four times on B, each on a new connection, so that both of B's processes answer. */
  const onEveryB = async (method: string, path: string, token: string) =>
    (await Promise.all([1, 2, 3, 4].map(() => freshRequest(b.url, method, path, { token })))).map((r) => r.status);

  const signInOnB = async (username: string) => {
    const res = await freshRequest(b.url, 'POST', '/api/auth/signin', {
      body: { username, password: demoPassword, loginType: 'staff' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.accessToken.token as string;
  };
  const sessionIdOf = async (userId: number) =>
    (await a.query<{ id: number }>`select id from sessions where user_id = ${userId} order by id desc limit 1`)[0]!.id;

  it('one session ended on A is refused at once by every process of B; the one that ended it lives', async () => {
    const teacher = await createUser(a.db, { role: 'teacher', schoolId: demo.school1, password: demoPassword });
    const onA = (await a.signIn(teacher.username)).accessToken.token;
    const onB = await signInOnB(teacher.username);
    const id = await sessionIdOf(teacher.id);
    // both processes of B have looked the session up (and prepared the statement) before it is ended
    expect(await onEveryB('GET', '/api/auth/me', onB)).toEqual([200, 200, 200, 200]);
    const ended = await a.withToken(onA).delete(`/api/auth/sessions/${id}`);
    expect(ended.status, ended.text).toBe(200);
    expect(await onEveryB('GET', '/api/auth/me', onB)).toEqual([401, 401, 401, 401]);
    expect(await onEveryB('GET', '/api/auth/sessions', onA)).toEqual([200, 200, 200, 200]);
  });

  it('"end all others" on B is refused at once on A', async () => {
    const teacher = await createUser(a.db, { role: 'teacher', schoolId: demo.school1, password: demoPassword });
    const onA = (await a.signIn(teacher.username)).accessToken.token;
    const onB = await signInOnB(teacher.username);
    expect((await a.withToken(onA).get('/api/auth/me')).status).toBe(200);
    const ended = await freshRequest(b.url, 'POST', '/api/auth/sessions/end-others', { token: onB });
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBe(1);
    expect((await a.withToken(onA).get('/api/auth/me')).status).toBe(401);
    expect(await onEveryB('GET', '/api/auth/me', onB)).toEqual([200, 200, 200, 200]);
  });

  it('the overlord signs a teacher out on B: refused at once on A and on every process of B', async () => {
    const teacher = await createUser(a.db, { role: 'teacher', schoolId: demo.school1, password: demoPassword });
    const onA = (await a.signIn(teacher.username)).accessToken.token;
    const onB = await signInOnB(teacher.username);
    const overlord = await signInOnB('overlord');
    const res = await freshRequest(b.url, 'POST', `/teacher/v-rest/${teacher.id}/end-sessions`, { token: overlord });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await a.withToken(onA).get('/api/auth/me')).status).toBe(401);
    expect(await onEveryB('GET', '/api/auth/me', onB)).toEqual([401, 401, 401, 401]);
  });
});
