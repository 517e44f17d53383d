import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from './test/harness.js';
import { type ServerProcess, freshRequest, startServerProcess } from './test/processes.js';

/**
 * Releases without a pause (decision 103): SIGHUP to `npm start`'s primary replaces its server processes one at a
 * time while learners write. Requests run without a break throughout, answer saves on keep-alive connections (as a
 * learner's page sends them) and reads on a new connection each, and every one must be answered 2xx: no error, no
 * reset. By the end every process serving answers is a new one, and every acknowledged save is in the database.
 *
 * PostgreSQL only (one process owns the embedded PGlite, so nothing can start beside it); CI's PostgreSQL pass runs it.
 */
const onPostgres = Boolean(inject('postgres'));

/** The server process holding the other end of a loopback connection to `port` (Linux's /proc), or null. */
function servingPid(socket: net.Socket, port: number, pids: number[]): number | null {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const wanted = `0100007F:${hex(port)} 0100007F:${hex(socket.localPort!)}`;
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .find((l) => l.includes(wanted));
  const inode = line?.trim().split(/\s+/)[9];
  if (!inode || inode === '0') return null;
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`))
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
    } catch {
      // the process ended meanwhile
    }
  }
  return null;
}

interface Outcome {
  at: number;
  status: number;
  error?: string;
}

describe.skipIf(!onPostgres)('a rolling restart (SIGHUP) while learners write (skipped on PGlite)', () => {
  let a: TestServer;
  let b: ServerProcess;
  let demo: DemoIds;
  const port = () => Number(new URL(b.url).port);
  // The server processes' ids, read again at most every 200 ms (`ps` on every request would slow the load).
  let pidsRead = { at: 0, pids: [] as number[] };
  const currentPids = () => {
    if (Date.now() - pidsRead.at > 200) pidsRead = { at: Date.now(), pids: b.workerPids() };
    return pidsRead.pids;
  };

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
        LOG_LEVEL: 'info',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  /** A learner of geo-demo at the paper (walked there on A): the token, the attempt and a numeric question. */
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
    const details = { firstName: 'Lerato', lastName: 'Mokoena', grade: 10 };
    expect((await learner.put(`${base}/learner-details`, { body: details })).status).toBe(200);
    const paper = await learner.get(`${base}/paper`);
    expect(paper.status).toBe(200);
    const questions = (paper.body.modules as Array<{ questions: Array<{ id: number; type: string }> }>).flatMap(
      (m) => m.questions,
    );
    const numeric = questions.filter((q) => q.type === 'numeric').map((q) => q.id);
    expect(numeric.length).toBeGreaterThan(0);
    return { userId: user.id, token: learner.token!, numeric };
  };

  /** One request on `agent`'s keep-alive connections: the status and the server process that answered it. */
  const keptAlive = (agent: http.Agent, method: string, path: string, token: string, body?: unknown) =>
    new Promise<{ status: number; pid: number | null }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        b.url + path,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          // Looked up while the connection is open: the process that answered holds its other end.
          const pid = servingPid(req.socket!, port(), currentPids());
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, pid }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  it('answers every request 2xx, serves answers from new processes only by the end, and keeps every saved answer', async () => {
    const learners = await Promise.all([1, 2, 3].map(() => learnerAtPaper()));
    const before = b.workerPids();
    expect(before).toHaveLength(2);
    const outcomes: Outcome[] = [];
    const saves: Array<{ at: number; pid: number | null }> = [];
    /** attempt's learner → question → the last value acknowledged. */
    const acked = new Map<number, Map<number, number>>();
    let running = true;
    const t0 = Date.now();
    const note = (status: number, error?: string) =>
      outcomes.push({ at: Date.now() - t0, status, ...(error ? { error } : {}) });

    // Each learner's page: saves in turn on its own keep-alive connections, a little think time between.
    const writers = learners.map(async ({ userId, token, numeric }) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      const mine = new Map<number, number>();
      acked.set(userId, mine);
      let n = 0;
      try {
        while (running) {
          n++;
          const questionId = numeric[n % numeric.length]!;
          try {
            const res = await keptAlive(agent, 'PUT', `/api/sitting/geo-demo/answers/${questionId}`, token, {
              value: { type: 'numeric', value: n },
            });
            note(res.status);
            if (res.status === 200) {
              mine.set(questionId, n);
              saves.push({ at: Date.now() - t0, pid: res.pid });
            }
            const paper = await keptAlive(agent, 'GET', '/api/sitting/geo-demo/state', token);
            note(paper.status);
          } catch (err) {
            note(0, String(err));
          }
          await new Promise((r) => setTimeout(r, 5 + (n % 20)));
        }
      } finally {
        agent.destroy();
      }
    });
    // Readers on a new connection each, as devices arriving do.
    const readers = [1, 2].map(async () => {
      while (running) {
        try {
          note((await freshRequest(b.url, 'GET', '/api/health')).status);
        } catch (err) {
          note(0, String(err));
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    });

    await new Promise((r) => setTimeout(r, 1500));
    const signalledAt = Date.now() - t0;
    process.kill(b.child.pid!, 'SIGHUP');
    const deadline = Date.now() + 120_000;
    while (!b.output().includes('Rolling restart ended')) {
      if (Date.now() > deadline) {
        running = false;
        throw new Error(`the rolling restart did not end:\n${b.output()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const endedAt = Date.now() - t0;
    // Load goes on a while on the new processes only.
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await Promise.all([...writers, ...readers]);

    const after = b.workerPids();
    const failed = outcomes.filter((o) => o.status < 200 || o.status > 299);
    expect(failed, b.output()).toEqual([]);
    const during = outcomes.filter((o) => o.at > signalledAt && o.at < endedAt);
    expect(during.length).toBeGreaterThan(50);

    // Every process was replaced, the old ones are gone, and the saves after the restart were served by new ones.
    expect(after).toHaveLength(2);
    for (const pid of before) {
      expect(after).not.toContain(pid);
      expect(() => process.kill(pid, 0)).toThrow();
    }
    const servedBefore = new Set(saves.filter((s) => s.at < signalledAt).map((s) => s.pid));
    const late = saves.filter((s) => s.at > endedAt);
    expect(late.length).toBeGreaterThan(10);
    const servedLate = new Set(late.map((s) => s.pid).filter((p) => p != null));
    expect(servedLate.size).toBeGreaterThan(0);
    for (const pid of servedLate) expect(after).toContain(pid);
    for (const pid of servedBefore) if (pid != null) expect(before).toContain(pid);

    // Every acknowledged save is in the database: each question holds the last value acknowledged for it.
    for (const [userId, mine] of acked) {
      const stored = await a.query<{ questionId: number; value: { value: number } }>`
        select an.question_id as "questionId", an.value from answers an
        join attempts t on t.id = an.attempt_id where t.user_id = ${userId}`;
      const byQuestion = new Map(stored.map((r) => [r.questionId, r.value.value]));
      for (const [questionId, value] of mine) expect(byQuestion.get(questionId)).toBe(value);
    }
    // Each step was logged.
    expect(b.output()).toContain('SIGHUP: rolling restart of 2 server processes began');
    expect(b.output()).toContain('Rolling restart: migrations applied');
    expect(b.output()).toContain('(2 of 2)');
  }, 180_000);

  it('SIGTERM still stops them all, exit code 0', async () => {
    expect(await b.stop()).toBe(0);
  }, 60_000);
});
