import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultAwardRule } from '#contract/results';
import { createOlympiad, createSchool, createUser, enterSchool } from './seed/factories.js';
import { type DemoIds, type TestServer, demoIds, demoPassword, startTestServer } from './test/harness.js';
import { type PlainResponse, type ServerProcess, freshRequest, startServerProcess } from './test/processes.js';
import { type TestS3, startTestS3 } from './test/s3.js';
import { IMPORT_JOB } from './features/learners/load.js';

/**
 * Two machines (decision 100): A is this file's test server, B is `npm start`'s server (`server/main.ts`) in a process
 * of its own. Each has its own DATA_DIR and memory; they share only the PostgreSQL database and the S3 bucket (a real
 * S3-protocol server, s3rver). Whatever one of them does, the other sees: files, certificates drawn by a job,
 * runtime settings, sessions and answers; and a job queued once runs once, whichever machine takes it.
 *
 * PostgreSQL only: the embedded PGlite belongs to one process. CI's PostgreSQL pass (.ci/run) runs it.
 */
const onPostgres = Boolean(inject('postgres'));

describe.skipIf(!onPostgres)('two machines on one PostgreSQL and one S3 bucket (skipped on PGlite)', () => {
  let s3: TestS3;
  let a: TestServer;
  let b: ServerProcess;
  let demo: DemoIds;
  const common = { SITTING_SWEEP_SECONDS: '0', MAIL_SENDER: 'false', JOBS_POLL_MS: '50' };

  beforeAll(async () => {
    s3 = await startTestS3();
    a = await startTestServer({ env: { ...s3.env, ...common } });
    demo = await demoIds(a);
    b = await startServerProcess({
      databaseUrl: a.databaseUrl!,
      appSecret: a.appSecret,
      env: { ...s3.env, ...common, WEB_PROCESSES: '1', DATABASE_POOL_SIZE: '4' },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
    await s3?.close();
  });

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

  /** The bytes of a download (freshRequest reads text; a file is compared byte for byte). */
  const bytesFrom = async (base: string, urlPath: string, token: string) => {
    const res = await fetch(base + urlPath, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  const uploadTo = async (base: string, token: string, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${base}/upload/api/?olympiadId=${demo.geoDemo}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { upload: { id: number } }).upload.id;
  };

  const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024), Buffer.from('\n%%EOF\n')]);

  it('a file uploaded on one machine downloads from the other, both ways; neither keeps it on its disk', async () => {
    const onA = (await a.as('admin')).token!;
    const onB = await signInOnB('admin');
    const first = pdf();
    const fromA = await uploadTo(a.url, onA, first, 'From A.pdf');
    const gotOnB = await bytesFrom(b.url, `/upload/api/${fromA}`, onB);
    expect(gotOnB.status).toBe(200);
    expect(gotOnB.bytes.equals(first)).toBe(true);

    const second = pdf();
    const fromB = await uploadTo(b.url, onB, second, 'From B.pdf');
    const gotOnA = await bytesFrom(a.url, `/upload/api/${fromB}`, onA);
    expect(gotOnA.status).toBe(200);
    expect(gotOnA.bytes.equals(second)).toBe(true);
    expect(existsSync(path.join(a.app.config.dataDir, 'files'))).toBe(false);
  });

  /** A new olympiad with a school and `n` learners' published results, for certificates. */
  const publishedOlympiad = async (n: number) => {
    const suffix = randomBytes(3).toString('hex');
    const olympiad = await createOlympiad(a.db, { varName: `two-machines-${suffix}`, title: `Two machines ${suffix}` });
    const school = await createSchool(a.db, { name: `Two Machines High ${suffix}` });
    const entry = await enterSchool(a.db, olympiad.id, school.id);
    for (let i = 0; i < n; i++) {
      const user = await createUser(a.db, {
        role: 'learner',
        olympiadId: olympiad.id,
        schoolId: school.id,
        firstName: `Learner${i}`,
        lastName: 'Twomachines',
        grade: 10,
      });
      const [attempt] = await a.query<{ id: number }>`
        insert into attempts (olympiad_id, user_id, started_at, finished_at, finish_reason, score, max_score, marked_at)
        values (${olympiad.id}, ${user.id}, now() - interval '50 minutes', now() - interval '10 minutes', 'submitted',
          ${30 + i}, 50, now()) returning id`;
      await a.query`
        insert into learner_results (attempt_id, olympiad_id, user_id, school_participant_id, grade, province, score,
          max_score, percent, percentile, rank, award, best_in_school)
        values (${attempt!.id}, ${olympiad.id}, ${user.id}, ${entry.id}, 10, 'Gauteng', ${30 + i}, 50,
          ${(100 * (30 + i)) / 50}, ${50 + i}, ${n - i}, 'merit', ${i === n - 1})`;
    }
    return { olympiad, school, participantId: entry.id };
  };

  it('certificates drawn by a job on whichever machine took it download from both', async () => {
    const { olympiad, participantId } = await publishedOlympiad(3);
    await a.query`
      insert into olympiad_results (olympiad_id, award_rule, published_at)
      values (${olympiad.id}, ${JSON.stringify(defaultAwardRule)}::jsonb, now())`;
    const overlord = await a.as('overlord');
    const started = await overlord.post('/certificates/generate', { query: { olympiadId: olympiad.id } });
    expect(started.status, started.text).toBe(202);
    const jobId = started.body.job.id as number;
    const ranBy = new Set<string>();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [job] = await a.query<{ status: string; locked_by: string | null; attempts: number }>`
        select status, locked_by, attempts from jobs where id = ${jobId}`;
      if (job!.locked_by) ranBy.add(job!.locked_by);
      if (job!.status === 'done') {
        expect(job!.attempts).toBe(1);
        break;
      }
      expect(job!.status).not.toBe('failed');
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(ranBy.size).toBeLessThanOrEqual(1);
    const urlPath = `/certificates/school/${participantId}/pdf`;
    const fromA = await bytesFrom(a.url, urlPath, overlord.token!);
    const fromB = await bytesFrom(b.url, urlPath, await signInOnB('overlord'));
    for (const got of [fromA, fromB]) {
      expect(got.status).toBe(200);
      expect(got.type).toBe('application/pdf');
      expect(got.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
  }, 90_000);

  /** Polls B until `seen` holds of its answer; answers how long that took. */
  const untilBSees = async (urlPath: string, seen: (res: PlainResponse) => boolean, limitMs: number) => {
    const t0 = Date.now();
    for (;;) {
      if (seen(await freshRequest(b.url, 'GET', urlPath))) return Date.now() - t0;
      if (Date.now() - t0 > limitMs) throw new Error(`B kept the previous ${urlPath} for ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a runtime setting saved on A is in force on B within a second: the banner shows, the sign-in limit holds', async () => {
    const user = await createUser(a.db, { role: 'accountant', password: demoPassword, email: null });
    expect((await freshRequest(b.url, 'GET', '/api/system-config/public')).status).toBe(200); // B has read them
    const overlord = await a.as('overlord');
    const current = (await overlord.get('/api/system-config/')).body.settings;
    const banner = `Maintenance tonight (${Date.now()})`;
    const limits = {
      ...current.limits,
      signinFailuresPerAccount: 1,
      signinDelaySeconds: 600,
      signinMaxDelaySeconds: 600,
    };
    try {
      const saved = await overlord.post('/api/system-config/', {
        body: { ...current, maintenanceBanner: banner, limits },
      });
      expect(saved.status, saved.text).toBe(200);
      const took = await untilBSees('/api/system-config/public', (res) => res.body.maintenanceBanner === banner, 3000);
      expect(took).toBeLessThan(1000);
      // One free failure on B, then a wait: the limit saved on A.
      const wrong = () =>
        freshRequest(b.url, 'POST', '/api/auth/signin', {
          body: { username: user.username, password: 'wrong-password', loginType: 'staff' },
        });
      expect((await wrong()).status).toBe(401);
      expect((await wrong()).status).toBe(429);
    } finally {
      expect((await overlord.post('/api/system-config/', { body: current })).status).toBe(200);
    }
  });

  it('a learner signs in on A and saves an answer on B; A reads it', async () => {
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
    const questions = (paper.body.modules as Array<{ questions: Array<{ id: number; type: string }> }>).flatMap(
      (m) => m.questions,
    );
    const q = questions.find((x) => x.type === 'true_false') ?? questions.find((x) => x.type === 'numeric')!;
    const value = q.type === 'true_false' ? { type: 'true_false', value: true } : { type: 'numeric', value: 42 };
    const saved = await freshRequest(b.url, 'PUT', `${base}/answers/${q.id}`, {
      token: learner.token!,
      body: { value },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = await learner.get(`${base}/paper`);
    const answer = (again.body.answers as Array<{ questionId: number; value: unknown }>).find(
      (x) => x.questionId === q.id,
    );
    expect(answer?.value).toEqual(value);
  });

  it('signed out on B: refused on A at once', async () => {
    const token = await signInOnB('teacher');
    expect((await a.withToken(token).get('/api/auth/me')).status).toBe(200);
    expect((await freshRequest(b.url, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await a.withToken(token).get('/api/auth/me')).status).toBe(401);
    expect((await freshRequest(b.url, 'GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('jobs queued at once run exactly once each, taken by both machines’ workers', async () => {
    const { olympiad, school } = await publishedOlympiad(0);
    const jobs = 8;
    const perJob = 15;
    const ids: number[] = [];
    await a.db.transaction(async (tx) => {
      for (let j = 0; j < jobs; j++) {
        const rows = Array.from({ length: perJob }, (_, i) => [i + 2, `Job${j}`, `Learner${i}`, 10]);
        const payload = {
          olympiadId: olympiad.id,
          schoolId: school.id,
          actor: { userId: demo.users.overlord, impersonatorId: null },
          ip: null,
          rows,
        };
        const result = await tx.execute(
          sql`insert into jobs (kind, status, label, total, olympiad_id, school_id, created_by, payload)
              values (${IMPORT_JOB}, 'queued', ${`job ${j}`}, ${perJob}, ${olympiad.id}, ${school.id},
                      ${demo.users.overlord}, ${JSON.stringify(payload)}::jsonb)
              returning id`,
        );
        ids.push((result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
      }
    });
    // Who holds each job while it runs (the worker's name carries its process id).
    const holders = new Map<number, Set<string>>(ids.map((id) => [id, new Set()]));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const rows = await a.query<{ id: number; status: string; locked_by: string | null }>`
        select id, status, locked_by from jobs where id in ${sql.raw(`(${ids.join(',')})`)}`;
      for (const r of rows) if (r.locked_by) holders.get(r.id)!.add(r.locked_by);
      if (rows.every((r) => r.status === 'done' || r.status === 'failed')) break;
      expect(Date.now(), JSON.stringify(rows)).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 5));
    }
    const done = await a.query<{ id: number; status: string; attempts: number }>`
      select id, status, attempts from jobs where id in ${sql.raw(`(${ids.join(',')})`)} order by id`;
    expect(done).toEqual(ids.map((id) => ({ id, status: 'done', attempts: 1 })));
    for (const [, held] of holders) expect(held.size).toBeLessThanOrEqual(1);
    // Each job's learners exist once: no job was run twice.
    const counts = await a.query<{ first_name: string; n: number }>`
      select first_name, count(*)::int as n from users where olympiad_id = ${olympiad.id} and role = 'learner'
      group by first_name order by first_name`;
    expect(counts).toEqual(Array.from({ length: jobs }, (_, j) => ({ first_name: `Job${j}`, n: perJob })));
    // Both machines took part (A runs its worker here, B in its own process).
    const pids = new Set([...holders.values()].flatMap((h) => [...h]).map((w) => Number(w.split(':')[1])));
    expect(pids.has(process.pid), [...pids].join(', ')).toBe(true);
    expect(pids.has(b.child.pid!) || b.workerPids().some((p) => pids.has(p)), [...pids].join(', ')).toBe(true);
  }, 120_000);

  it('B printed no error and no warning of the S3 client in all of this', () => {
    const lines = b
      .output()
      .split('\n')
      .filter((line) => line.trim());
    expect(lines.filter((line) => /NodeVersionSupportWarning|"level":(50|60)/.test(line))).toEqual([]);
  });
});
