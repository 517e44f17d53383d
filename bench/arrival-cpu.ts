/**
 * The server's CPU per arrival (decisions 041 and 049): learners arrive one after another and walk
 * sign-in → state → declaration → PIN → PIN confirmation → details → paper through `app.inject` into the real
 * app on the real database, in this process. Around each request `process.cpuUsage()` (the whole process: the
 * event loop, the hashing threads, the driver) measures the CPU it took, and every statement sent to the
 * database while a request runs is counted at the driver (node-postgres's `Client.query`, PGlite's `query`
 * and `exec`), so each step prints its CPU ms and its round trips. Nothing else runs against the app meanwhile;
 * its background loops (the sweep, the waiting room's tick, the mail and job pollers) are off, so every statement
 * counted is a request's; what is left running while idle is measured beforehand (CPU a second).
 *
 * Printed beside the machine's raw argon2 rate (the chosen-password parameters, on the server's own hashing
 * pool) and the load average, so figures from different machines and moments compare.
 *
 *   npm run bench:arrival [-- --learners 200 --warmup 40]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:arrival   (a fresh database on that server)
 *   DATABASE_URL='postgres://postgres@/test?host=/var/run/postgresql' npm run bench:arrival   (over the Unix socket)
 *
 * To profile: `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/arrival-cpu.ts -- --learners 600`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { type Database, openPglite, openPostgres } from '../server/db/client.js';
import { createMailer } from '../server/platform/mailer.js';
import { hashPassword, verifyPassword } from '../server/platform/passwords.js';
import { benchPassword, seedBenchIfAbsent } from '../server/seed/bench.js';
import { closedLoop, fmt } from './lib/stats.js';
import { arg } from './lib/args.js';

const learners = arg('learners', 200);
const warmup = arg('warmup', 40);

const stepNames = ['signin', 'state', 'declaration', 'pin', 'pin-confirm', 'details', 'paper'] as const;
type StepName = (typeof stepNames)[number];

/** Statements sent so far; the requests run one at a time, with nothing else on the database meanwhile. */
let statements = 0;
const count = () => {
  statements++;
};

/** Counts every statement node-postgres sends (the pool's clients and any other). */
function countPostgres() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count();
    return query.apply(this, args);
  };
}

/** Counts every statement the embedded PGlite runs. */
function countPglite(database: Database) {
  const client = (database as unknown as { pglite: Record<'query' | 'exec', (...args: unknown[]) => unknown> }).pglite;
  for (const name of ['query', 'exec'] as const) {
    const fn = client[name].bind(client);
    client[name] = (...args: unknown[]) => {
      count();
      return fn(...args);
    };
  }
}

async function openDatabaseForBench(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openPglite({ dataDir: 'memory://' });
    return { database, drop: async () => undefined };
  }
  const name = `olympus_arrival_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  // Keep the URL's host (a Unix socket directory in `?host=` stays as it is); only the database changes.
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = openPostgres(url);
  return {
    database,
    url,
    async drop() {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

interface Totals {
  cpuUs: number;
  wallMs: number;
  statements: number;
  calls: number;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-arrival-'));
  const { database, url, drop } = await openDatabaseForBench();
  if (database.kind === 'postgres') countPostgres();
  else countPglite(database);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    // The background loops off: they are no part of an arrival, and every statement counted is the request's.
    SITTING_SWEEP_SECONDS: '0',
    SITTING_ADMIT_TICK_MS: '0',
    MAIL_SENDER: 'false',
    JOBS_WORKER: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom });
  let app: FastifyInstance | null = null;
  try {
    await database.migrate();
    await seedBenchIfAbsent(database.db, warmup + learners);
    app = await buildApp({ config, database, mailer });
    await app.ready();
    const inject = app.inject.bind(app);

    console.log(
      `Arrival CPU: ${learners} learners one after another (after ${warmup} to warm up), sign-in to paper through ` +
        `app.inject, database: ${database.kind}${url?.includes('host=') ? ' (Unix socket)' : database.kind === 'postgres' ? ' (TCP)' : ''}`,
    );
    console.log(
      `load average at start: ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
    );

    // The machine's raw limit in the same run: chosen-password verifications on the server's hashing pool.
    const stored = await hashPassword('olympus-demo');
    await closedLoop(8, 0.5, async () => void (await verifyPassword(stored, 'olympus-demo')));
    let verified = 0;
    const raw = await closedLoop(8, 3, async () => {
      await verifyPassword(stored, 'olympus-demo');
      verified++;
    });
    const rawRate = verified / (raw.elapsedMs / 1000);

    // The app's background loops alone, for a second.
    const idleFrom = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 1000));
    const idle = process.cpuUsage(idleFrom);
    const idleMsPerSecond = (idle.user + idle.system) / 1000;

    const totals = Object.fromEntries(
      stepNames.map((s) => [s, { cpuUs: 0, wallMs: 0, statements: 0, calls: 0 }]),
    ) as Record<StepName, Totals>;
    const failures = new Map<string, number>();

    const call = async (
      measure: boolean,
      step: StepName,
      options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; token?: string },
    ) => {
      const s0 = statements;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await inject({
        method: options.method,
        url: options.url,
        ...(options.payload === undefined ? {} : { payload: options.payload as object }),
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      });
      const cpu = process.cpuUsage(c0);
      const wall = performance.now() - t0;
      const sent = statements - s0;
      if (res.statusCode !== 200) {
        const key = `${step} ${res.statusCode} ${res.body.slice(0, 120)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
        throw new Error(key);
      }
      if (measure) {
        const t = totals[step];
        t.cpuUs += cpu.user + cpu.system;
        t.wallMs += wall;
        t.statements += sent;
        t.calls++;
      }
      return res.json() as Record<string, unknown>;
    };

    const base = '/api/sitting/geo-bench';
    const arrive = async (n: number, measure: boolean) => {
      const session = (await call(measure, 'signin', {
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: `bench-${n}`, password: benchPassword, olympiadName: 'geo-bench', loginType: 'learner' },
      })) as { accessToken: { token: string } };
      const token = session.accessToken.token;
      const state = await call(measure, 'state', { method: 'GET', url: `${base}/state`, token });
      if (state.waiting != null) throw new Error('a learner was queued: the bench walks learners one at a time');
      await call(measure, 'declaration', {
        method: 'POST',
        url: `${base}/declaration`,
        payload: { accept: true },
        token,
      });
      const { pin } = (await call(measure, 'pin', { method: 'POST', url: `${base}/recovery-pin`, token })) as {
        pin: string;
      };
      await call(measure, 'pin-confirm', {
        method: 'POST',
        url: `${base}/recovery-pin/confirm`,
        payload: { pin },
        token,
      });
      await call(measure, 'details', {
        method: 'PUT',
        url: `${base}/learner-details`,
        payload: { firstName: 'Bench', lastName: `Learner ${n}`, grade: 10 },
        token,
      });
      const paper = (await call(measure, 'paper', { method: 'GET', url: `${base}/paper`, token })) as {
        modules: unknown[];
      };
      if (!paper.modules.length) throw new Error('the paper came back empty');
    };

    for (let n = 1; n <= warmup; n++) await arrive(n, false);
    const start = process.cpuUsage();
    const t0 = performance.now();
    for (let n = warmup + 1; n <= warmup + learners; n++) await arrive(n, true);
    const all = process.cpuUsage(start);
    const elapsed = performance.now() - t0;

    console.log(
      `raw argon2 verifications/s (chosen-password parameters, the server's pool, 8 callers): ${fmt(rawRate)}`,
    );
    console.log(`idle, between requests: ${fmt(idleMsPerSecond, 2)} ms CPU a second`);
    console.log('step           CPU ms   wall ms   statements');
    let cpuSum = 0;
    let statementSum = 0;
    for (const step of stepNames) {
      const t = totals[step];
      const cpuMs = t.cpuUs / 1000 / t.calls;
      const statements = t.statements / t.calls;
      cpuSum += cpuMs;
      statementSum += statements;
      console.log(
        `${step.padEnd(12)} ${fmt(cpuMs, 2).padStart(8)} ${fmt(t.wallMs / t.calls, 2).padStart(9)} ${fmt(statements, 2).padStart(12)}`,
      );
    }
    console.log(
      `per arrival  ${fmt(cpuSum, 2).padStart(8)} ${fmt(elapsed / learners, 2).padStart(9)} ${fmt(statementSum, 2).padStart(12)}`,
    );
    console.log(
      `whole process over the measured arrivals: ${fmt((all.user + all.system) / 1000 / learners, 2)} ms CPU an arrival ` +
        `(${fmt(learners / (elapsed / 1000))} arrivals/s one at a time)`,
    );
    console.log(
      `load average at end: ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
    );
    if (failures.size) console.log('failures:', Object.fromEntries(failures));
  } finally {
    await app?.close();
    await database.close();
    mailer.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
