import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { SessionUser } from '../../contract/auth.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, type Db, openPglite, openPostgres, rows } from '../db/client.js';
import { createMailer } from '../platform/mailer.js';
import { demoPassword, seedDemo } from '../seed/demo.js';
import { adminQuery, databaseUrlFor } from './databases.js';

export { demoPassword };

export interface ApiOptions {
  token?: string | null;
  /** Sent as JSON (content-type application/json). */
  body?: unknown;
  /** Sent as is; set the content type in `headers`. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the body it expects; assertions check it
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  database: Database;
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  api<T = any>(method: string, path: string, options?: ApiOptions): Promise<ApiResponse<T>>;
  /** Signs a user in through the API (demo password unless given; learners pass olympiadName). */
  signIn(username: string, options?: { password?: string; olympiadName?: string }): Promise<SessionUser>;
  /** Raw SQL rows from this server's database. */
  query<T>(text: TemplateStringsArray, ...values: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment variables for loadConfig (e.g. SIGNIN_MAX_FAILURES_PER_ACCOUNT, SMTP_URL). */
  env?: Record<string, string>;
  /** Seed the demo data (default true). */
  seed?: boolean;
  serveWeb?: boolean;
  webRoot?: string;
  /** Receives the server's log lines (set LOG_LEVEL in `env` to see any). */
  logStream?: NodeJS.WritableStream;
}

/** Responses with a 5xx status seen by any test server of this file; the setup file fails the test on one. */
export const serverErrors: string[] = [];

let databaseCounter = 0;

/** A fresh database: the migrated PGlite snapshot loaded in memory, or a copy of the PostgreSQL template. */
async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const postgres = inject('postgres');
  if (postgres) {
    const name = `${postgres.prefix}_${process.pid}_${++databaseCounter}`;
    await adminQuery(postgres.url, `create database "${name}" template "${postgres.template}"`);
    const url = databaseUrlFor(postgres.url, name);
    return {
      database: openPostgres(url, 5),
      url,
      drop: () => adminQuery(postgres.url, `drop database if exists "${name}" with (force)`).then(() => undefined),
    };
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('The vitest global setup did not prepare a database');
  const database = await openPglite({ loadDataDir: new Blob([readFileSync(snapshot)]) });
  return { database, drop: async () => undefined };
}

/** Starts the real app (real config, real database, real HTTP on 127.0.0.1) for one test file. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-test-'));
  const fresh = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-that-is-long-enough-0123456789abcdef',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://olympus.test',
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    ...options.env,
  });
  const { database } = fresh;
  if (options.seed !== false) await seedDemo(database.db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = await buildApp({
    config,
    database,
    mailer,
    serveWeb: options.serveWeb ?? false,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  // A 5xx fails the test (setup.ts); keep the error's message so the failure says what broke (logs are silent).
  const errors = new WeakMap<object, Error>();
  app.addHook('onError', async (req, _reply, err) => {
    errors.set(req, err);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode < 500) return;
    const err = errors.get(req);
    serverErrors.push(
      `${req.method} ${req.url} answered ${reply.statusCode}${err ? `: ${err.stack ?? err.message}` : ''}`,
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;

  const api: TestServer['api'] = async (method, urlPath, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | Buffer | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + urlPath, {
      method,
      headers,
      ...(body === undefined ? {} : { body: body as RequestInit['body'] }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as never, headers: res.headers, text };
  };

  const signIn: TestServer['signIn'] = async (username, opts = {}) => {
    const res = await api<SessionUser>('POST', '/api/auth/signin', {
      body: {
        username,
        password: opts.password ?? demoPassword,
        ...(opts.olympiadName ? { olympiadName: opts.olympiadName, loginType: 'learner' } : { loginType: 'staff' }),
      },
    });
    if (res.status !== 200) throw new Error(`signIn(${username}) answered ${res.status}: ${res.text}`);
    return res.body;
  };

  const query: TestServer['query'] = async (text, ...values) => {
    return rows(database.db, sql(text, ...values));
  };

  let closed = false;
  return {
    app,
    db: database.db,
    database,
    url,
    api,
    signIn,
    query,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      mailer.close();
      await database.close();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface DemoIds {
  geoDemo: number;
  school1: number;
  school2: number;
  users: Record<DemoUsername, number>;
}

export type DemoUsername =
  'overlord' | 'admin' | 'accountant' | 'funding' | 'teacher' | 'teacher2' | 'learner1' | 'learner2';

/** Ids of the demo records (olympiad geo-demo, its two schools, every demo user by username). */
export async function demoIds(server: TestServer): Promise<DemoIds> {
  const [olympiad] = await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-demo'`;
  const users = await server.query<{ id: number; username: string; school_id: number | null }>`
    select id, username, school_id from users order by id`;
  const byName = Object.fromEntries(users.map((u) => [u.username, u.id])) as Record<DemoUsername, number>;
  const schoolOf = (username: string) => users.find((u) => u.username === username)!.school_id!;
  return { geoDemo: olympiad!.id, school1: schoolOf('teacher'), school2: schoolOf('teacher2'), users: byName };
}
