import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from './test/harness.js';
import { restartDelayMs, webProcesses, workerEnvironment } from './cluster.js';
import { CATALOGUE_TTL_MS, catalogue } from './features/sitting/catalogue.js';
import { openPostgres } from './db/client.js';
import { PAGE_CACHE_MS } from './features/spa/routes.js';
import { REFRESH_MS } from './platform/runtime-settings.js';
import { type PlainResponse, type ServerProcess, freshRequest, startServerProcess } from './test/processes.js';

/**
 * Every core (decision 040): the product is correct with several server processes on one
 * PostgreSQL. Process A is this file's test server; B is `npm start`'s own server (`server/main.ts`) with two
 * server processes of its own (WEB_PROCESSES=2), on A's database. Every call to B opens a new connection, so that
 * calls in a row reach both of B's processes.
 *
 * PostgreSQL only: the embedded PGlite is one process's (it runs in that process), so there is nothing to share.
 * CI's PostgreSQL pass (.ci/run) runs these.
 */
const onPostgres = Boolean(inject('postgres'));
/** The public pages are rendered on the server only from the real build (`npm run build`). */
const built = existsSync('dist/ssr/server.js') && existsSync('dist/web/.vite/manifest.json');

describe('how many server processes (server/cluster.ts)', () => {
  it('one on PGlite whatever WEB_PROCESSES says; on PostgreSQL WEB_PROCESSES, else one a core', () => {
    expect(webProcesses({ databaseUrl: undefined, webProcesses: 4 }, 8)).toBe(1);
    expect(webProcesses({ databaseUrl: 'postgres://x/y', webProcesses: 3 }, 8)).toBe(3);
    expect(webProcesses({ databaseUrl: 'postgres://x/y', webProcesses: undefined }, 8)).toBe(8);
  });

  it('the thread pools share the cores among the processes, unless set', () => {
    expect(workerEnvironment(2, 2, {}, '127.0.0.1')).toEqual({
      OLYMPUS_LISTEN_HOST: '127.0.0.1',
      HASH_THREADS: '1',
      PDF_THREADS: '1',
      PARSE_THREADS: '1',
    });
    expect(workerEnvironment(4, 16, { HASH_THREADS: '2' }, '0.0.0.0')).toMatchObject({
      HASH_THREADS: '2',
      PDF_THREADS: '4',
      PARSE_THREADS: '2',
    });
  });

  it('a process that keeps stopping is restarted ever later, up to 30 s', () => {
    expect([1, 2, 3, 4, 10].map(restartDelayMs)).toEqual([0, 500, 1000, 2000, 30_000]);
  });
});

describe('a warm pool (decision 057)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0' } });
  });
  afterAll(() => server?.close());

  it.skipIf(!onPostgres)('opens all its connections at start, before any query asks for one', async () => {
    const url = new URL(server.databaseUrl!);
    url.searchParams.set('application_name', 'olympus-warm-pool-test');
    const opened = async () =>
      (
        await server.query<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where application_name = 'olympus-warm-pool-test'`
      )[0]!.n;
    const cold = openPostgres(url.toString(), 3, false);
    const warm = openPostgres(url.toString(), 4, true);
    try {
      const deadline = Date.now() + 10_000;
      while ((await opened()) < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // The warm pool's four, and none of the cold pool's: it opens one only when a query needs it.
      expect(await opened()).toBe(4);
      await cold.db.execute(sql`select 1`);
      expect(await opened()).toBe(5);
    } finally {
      await cold.close();
      await warm.close();
    }
  });
});

describe('one process: its own changes to a paper', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0' } });
  });
  afterAll(() => server?.close());

  it('the database announces a committed change of a paper once, and nothing for no change or a rollback', async () => {
    const [o] = await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-demo'`;
    const [q] = await server.query<{ id: number }>`
      select qu.id from questions qu join question_modules m on m.id = qu.module_id
      where m.olympiad_id = ${o!.id} order by qu.id limit 1`;
    const heard: string[] = [];
    const stop = await server.database.listen(['olympus_catalogue'], {
      onNotify: (_channel, payload) => heard.push(payload),
      onGap: () => undefined,
    });
    const settle = () => new Promise((r) => setTimeout(r, 100));
    try {
      await server.query`update questions set prompt = prompt where id = ${q!.id}`;
      await server.db
        .transaction(async (tx) => {
          await tx.execute(sql`update questions set marks = marks + 1 where id = ${q!.id}`);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await settle();
      expect(heard).toEqual([]);
      await server.db.transaction(async (tx) => {
        await tx.execute(sql`update questions set marks = marks + 1 where id = ${q!.id}`);
        await tx.execute(sql`update questions set marks = marks - 1 where id = ${q!.id}`);
        await tx.execute(sql`update olympiads set title = title || '' , updated_at = now() where id = ${o!.id}`);
      });
      await settle();
      expect(heard).toEqual([String(o!.id)]);
    } finally {
      await stop();
    }
  });

  it('an edit is seen at once by the next reader, although the paper was just cached', async () => {
    const [o] = await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-demo'`;
    const before = await catalogue(server.db, o!.id);
    const target = before!.questions[0]!;
    await server.query`update questions set prompt = '<p>Changed</p>' where id = ${target.id}`;
    // The announcement arrives with the statement's answer (PGlite) or a moment later (PostgreSQL).
    const t0 = Date.now();
    while ((await catalogue(server.db, o!.id))!.byId.get(target.id)!.prompt !== '<p>Changed</p>') {
      expect(Date.now() - t0).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
  });
});

describe.skipIf(!onPostgres)('several server processes on one PostgreSQL (skipped on PGlite: one process)', () => {
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

  /** The same call four times on B, each on a new connection (both of B's processes answer). */
  const onEveryB = async (method: string, path: string, token?: string) =>
    Promise.all([1, 2, 3, 4].map(() => freshRequest(b.url, method, path, token ? { token } : {})));

  const signInOnB = async (username: string, olympiadName?: string) => {
    const res = await freshRequest(b.url, 'POST', '/api/auth/signin', {
      body: {
        username,
        password: demoPassword,
        ...(olympiadName ? { olympiadName, loginType: 'learner' } : { loginType: 'staff' }),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.accessToken.token as string;
  };

  it('B runs two server processes', () => {
    expect(b.workerPids()).toHaveLength(2);
  });

  it('signed in on B, signed out on A: refused at once on every process', async () => {
    const token = await signInOnB('teacher');
    expect((await a.withToken(token).get('/api/auth/me')).status).toBe(200);
    expect((await onEveryB('GET', '/api/auth/me', token)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await a.withToken(token).post('/api/auth/logout')).status).toBe(200);
    expect((await onEveryB('GET', '/api/auth/me', token)).map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });

  it('signed in on A, disabled on B: refused at once on A and on every process of B', async () => {
    const session = await a.signIn('teacher2');
    const token = session.accessToken.token;
    const overlord = await signInOnB('overlord');
    const disabled = await freshRequest(b.url, 'POST', `/teacher/v-rest/${demo.users.teacher2}/disable`, {
      token: overlord,
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await a.withToken(token).get('/api/auth/me')).status).toBe(401);
    expect((await onEveryB('GET', '/api/auth/me', token)).map((r) => r.status)).toEqual([401, 401, 401, 401]);
    const [row] = await a.query<{ disabled: boolean }>`
      select disabled_at is not null as disabled from users where id = ${demo.users.teacher2}`;
    expect(row).toEqual({ disabled: true });
  });

  /** A new learner of geo-demo who walked to the paper on A: the token and the paper. */
  const learnerAtPaper = async () => {
    const user = await createUser(a.db, {
      role: 'learner',
      olympiadId: demo.geoDemo,
      schoolId: demo.school1,
      password: demoPassword,
      grade: 9,
      email: null,
    });
    const learner = a.withToken((await a.signIn(user.username, { olympiadName: 'geo-demo' })).accessToken.token);
    const base = '/api/sitting/geo-demo';
    expect((await learner.post(`${base}/declaration`, { body: { accept: true } })).status).toBe(200);
    const pin = await learner.post(`${base}/recovery-pin`);
    expect((await learner.post(`${base}/recovery-pin/confirm`, { body: { pin: pin.body.pin } })).status).toBe(200);
    const details = { firstName: 'Ayanda', lastName: 'Zulu', grade: 10 };
    expect((await learner.put(`${base}/learner-details`, { body: details })).status).toBe(200);
    const paper = await learner.get(`${base}/paper`);
    expect(paper.status).toBe(200);
    const questions = (paper.body.modules as Array<{ questions: Array<{ id: number; type: string; prompt: string }> }>)
      .flatMap((m) => m.questions)
      .map((q) => ({ id: q.id, type: q.type, prompt: q.prompt }));
    return { user, learner, token: learner.token!, questions };
  };

  it('an answer saved on A is read on every process of B', async () => {
    const { learner, token, questions } = await learnerAtPaper();
    const q = questions.find((x) => x.type === 'true_false') ?? questions.find((x) => x.type === 'numeric')!;
    const value = q.type === 'true_false' ? { type: 'true_false', value: true } : { type: 'numeric', value: 42 };
    const saved = await learner.put(`/api/sitting/geo-demo/answers/${q.id}`, { body: { value } });
    expect(saved.status, saved.text).toBe(200);
    for (const res of await onEveryB('GET', '/api/sitting/geo-demo/paper', token)) {
      expect(res.status).toBe(200);
      const answer = (res.body.answers as Array<{ questionId: number; value: unknown }>).find(
        (x) => x.questionId === q.id,
      );
      expect(answer?.value).toEqual(value);
    }
  });

  /**
   * Polls B until every process answers what `seen` wants; answers how long that took. The database announces a
   * change when it commits (decision 040); a call that reaches B within the millisecond or two the announcement
   * takes may still get the previous answer, as it would have a moment earlier: "at once" is checked as well
   * within the lifetime of what B keeps (`limitMs`), which alone would take that long.
   */
  const untilEveryBSees = async (
    urlPath: string,
    seen: (res: PlainResponse) => boolean,
    limitMs: number,
    options: { token?: string; accept?: string } = {},
  ) => {
    const t0 = Date.now();
    for (;;) {
      const answers = await Promise.all([1, 2, 3, 4].map(() => freshRequest(b.url, 'GET', urlPath, options)));
      if (answers.every(seen)) return Date.now() - t0;
      if (Date.now() - t0 > limitMs) throw new Error(`B kept the previous ${urlPath} until its lifetime ended`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const untilEveryB = (token: string, seen: (paper: PlainResponse) => boolean) =>
    untilEveryBSees('/api/sitting/geo-demo/paper', seen, CATALOGUE_TTL_MS, { token });
  const questionsOf = (res: PlainResponse) =>
    (res.body.modules as Array<{ questions: Array<{ id: number; prompt: string }> }>).flatMap((m) => m.questions);

  it('a question edited, then retired, on A is seen at once on every process of B, whose papers were cached', async () => {
    const { token, questions } = await learnerAtPaper();
    // Every process of B reads the paper (and keeps it in its catalogue).
    for (const res of await onEveryB('GET', '/api/sitting/geo-demo/paper', token)) expect(res.status).toBe(200);
    const target = questions[0]!;
    const admin = await a.as('admin');
    const [q] = await a.query<Record<string, unknown>>`
      select type, image_url as "imageUrl", image_alt as "imageAlt", options, answer_key as "answerKey", marks,
             difficulty from questions where id = ${target.id}`;
    const prompt = `<p>Edited on process A at ${Date.now()}</p>`;
    const edited = await admin.put(`/question/v-rest/${target.id}`, { body: { ...q, prompt, confirmKeyChange: true } });
    expect(edited.status, edited.text).toBe(200);
    const editSeen = await untilEveryB(
      token,
      (res) => questionsOf(res).find((x) => x.id === target.id)?.prompt === prompt,
    );
    expect(editSeen).toBeLessThan(1000);

    const retired = await admin.post(`/question/v-rest/${target.id}/retire`, { query: { retired: 'true' } });
    expect(retired.status).toBe(200);
    const retireSeen = await untilEveryB(token, (res) => !questionsOf(res).some((x) => x.id === target.id));
    expect(retireSeen).toBeLessThan(1000);
  });

  it('a maintenance banner saved on A shows at once on every process of B, which had read the settings', async () => {
    const banner = (res: PlainResponse) => res.body.maintenanceBanner as string | null;
    // Every process of B reads the settings (and keeps them for REFRESH_MS).
    for (const res of await onEveryB('GET', '/api/system-config/public')) expect(res.status).toBe(200);
    const overlord = await a.as('overlord');
    const current = (await overlord.get('/api/system-config/')).body.settings;
    const text = `Maintenance tonight (${Date.now()})`;
    try {
      expect(
        (await overlord.post('/api/system-config/', { body: { ...current, maintenanceBanner: text } })).status,
      ).toBe(200);
      expect(
        await untilEveryBSees('/api/system-config/public', (res) => banner(res) === text, REFRESH_MS),
      ).toBeLessThan(1000);
    } finally {
      expect((await overlord.post('/api/system-config/', { body: { ...current, maintenanceBanner: '' } })).status).toBe(
        200,
      );
    }
    expect(await untilEveryBSees('/api/system-config/public', (res) => banner(res) === null, REFRESH_MS)).toBeLessThan(
      1000,
    );
  });

  it.skipIf(!built)(
    'a public page edited on A is served anew at once by every process of B, which had kept it',
    async () => {
      const html = { accept: 'text/html' };
      // Every process of B renders the page (and keeps it for PAGE_CACHE_MS).
      for (const res of await Promise.all([1, 2, 3, 4].map(() => freshRequest(b.url, 'GET', '/olympus/about', html))))
        expect(res.status).toBe(200);
      const words = `Olympus, said on process A at ${Date.now()}.`;
      const overlord = await a.as('overlord');
      const saved = await overlord.post('/api/site-copy/', { body: { page: 'about', body: `<p>${words}</p>` } });
      expect(saved.status, saved.text).toBe(200);
      const seen = await untilEveryBSees(
        '/olympus/about',
        (res) => String(res.body).includes(words),
        PAGE_CACHE_MS,
        html,
      );
      expect(seen).toBeLessThan(1000);
    },
  );

  it('a server process that dies is replaced; SIGTERM stops them all, exit code 0', async () => {
    const [first, second] = b.workerPids();
    process.kill(first!, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let pids = b.workerPids();
    while (!(pids.length === 2 && !pids.includes(first!))) {
      if (Date.now() > deadline) throw new Error(`no replacement: ${pids.join(', ')}\n${b.output()}`);
      await new Promise((r) => setTimeout(r, 200));
      pids = b.workerPids();
    }
    expect(pids).toContain(second);
    // The replacement answers (retry briefly until it listens).
    let ok = 0;
    while (ok < 4 && Date.now() < deadline) {
      const res = await freshRequest(b.url, 'GET', '/api/health').catch(() => ({ status: 0 }));
      ok = res.status === 200 ? ok + 1 : 0;
    }
    expect(ok).toBe(4);
    expect(b.output()).toContain(`Server process ${first} stopped (SIGKILL); starting another`);
    const primary = b.child.pid!;
    expect(await b.stop()).toBe(0);
    expect(() => process.kill(primary, 0)).toThrow();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 90_000);
});
