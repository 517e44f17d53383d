import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { SessionUser } from '#contract/auth';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, type Db, type Queryable, openPglite, openPostgres } from '../db/client.js';
import { createMailer } from '../platform/mailer.js';
import { demoPassword } from '../seed/demo.js';
import { skipFactoryNumbers } from '../seed/factories.js';
import { type Client, type DemoUsername, type RawApi, demoCredentials, makeClient, readResponse } from './client.js';
import { adminQuery, databaseUrlFor } from './databases.js';
import { serverErrors } from './server-errors.js';
import { writeWebRoot } from './web-root.js';

export { demoPassword };
export type { ApiOptions, ApiResponse, Client, DemoUsername } from './client.js';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The PostgreSQL database's URL (another server process may open it too); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The APP_SECRET the server hashes tokens with (another process on the database needs the same). */
  appSecret: string;
  url: string;
  api: RawApi;
  /** Signs a user in through the API (demo password unless given; learners pass olympiadName). */
  signIn(username: string, options?: { password?: string; olympiadName?: string }): Promise<SessionUser>;
  /**
   * A client signed in as a demo user (`as('admin')`), or as any user with their credentials
   * (`as('faq-admin', { password })`). Signed in once per server and reused: a test that signs the
   * session out or changes the password uses `signIn()` for a session of its own.
   */
  as(username: DemoUsername): Promise<Client>;
  as(username: string, credentials: { password?: string; olympiadName?: string }): Promise<Client>;
  /** A client with no token. */
  anonymous(): Client;
  /** A client carrying a token the test obtained itself. */
  withToken(token: string): Client;
  /** Raw SQL rows from this server's database; after a write, once the app has heard the write's announcements. */
  query<T>(text: TemplateStringsArray, ...values: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment variables for loadConfig (e.g. SIGNIN_MAX_FAILURES_PER_ACCOUNT, SMTP_URL). */
  env?: Record<string, string>;
  /**
   * `'demo'` (the default, also `true`): a copy of the demo data, seeded once per run by the global setup.
   * `'none'` (also `false`): the migrated database with no rows, for tests that build every row themselves.
   */
  seed?: boolean | 'demo' | 'none';
  serveWeb?: boolean;
  /** The built web app to serve: a folder, or the files to write into a temporary one (see `webFiles`). */
  webRoot?: string | Record<string, string>;
  /** Receives the server's log lines (set LOG_LEVEL in `env` to see any). */
  logStream?: NodeJS.WritableStream;
}

export { serverErrors };

/**
 * A test's own read: the rows exactly as the driver gives them (snake_case keys, timestamps as the driver hands raw
 * statements them), with no shape. The tests compare what is stored, column by column, under the table's own
 * names; the server's code reads rows through `rows()` (decision 073).
 */
export async function driverRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  return ((await q.execute(query)) as unknown as { rows: T[] }).rows;
}

let databaseCounter = 0;

/**
 * A fresh database: a copy of the migrated (or migrated and seeded) PGlite data directory, or a copy of the
 * PostgreSQL template. The seeded copies were built by the global setup (decision 030).
 */
async function freshDatabase(seeded: boolean): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const postgres = inject('postgres');
  if (postgres) {
    const name = `${postgres.prefix}_${process.pid}_${++databaseCounter}`;
    const template = seeded ? postgres.seededTemplate : postgres.template;
    await adminQuery(postgres.url, `create database "${name}" template "${template}"`);
    const url = databaseUrlFor(postgres.url, name);
    return {
      database: openPostgres(url, 5),
      url,
      drop: () => adminQuery(postgres.url, `drop database if exists "${name}" with (force)`).then(() => undefined),
    };
  }
  const snapshots = inject('pgliteSnapshot');
  if (!snapshots) throw new Error('The vitest global setup did not prepare a database');
  // Beside the run's snapshots, so the global teardown removes a copy that a crashed worker left behind.
  const dir = mkdtempSync(path.join(path.dirname(snapshots.migrated), 'db-'));
  cpSync(seeded ? snapshots.seeded : snapshots.migrated, dir, { recursive: true });
  try {
    const database = await openPglite({ dataDir: dir });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * A fresh database of its own and no server, for the tests of the database layer itself: a copy of the migrated
 * database (`seed: 'none'`, the default) or of the demo data, on PGlite or PostgreSQL as the run is set up.
 */
export async function startTestDatabase(
  options: { seed?: 'demo' | 'none' } = {},
): Promise<{ db: Db; database: Database; close(): Promise<void> }> {
  const fresh = await freshDatabase(options.seed === 'demo');
  return {
    db: fresh.database.db,
    database: fresh.database,
    async close() {
      await fresh.database.close();
      await fresh.drop();
    },
  };
}

/** Starts the real app (real config, real database, real HTTP on 127.0.0.1) for one test file. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-test-'));
  const seeded = options.seed === undefined || options.seed === true || options.seed === 'demo';
  const fresh = await freshDatabase(seeded);
  // Rows the factories build next get numbers after the seed's, as if the seed had run in this process.
  if (seeded) skipFactoryNumbers(inject('seedFactoryNumbers'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-that-is-long-enough-0123456789abcdef',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://olympus.test',
    // The admission rate stays the setting: on a busy test machine any step may run slow, and a lowered rate
    // would queue a test's learner by chance. The adaptation has its own tests (waiting-room.test.ts).
    SITTING_ADMIT_TARGET_MS: '0',
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    ...options.env,
  });
  const { database } = fresh;
  const web = typeof options.webRoot === 'object' ? writeWebRoot(options.webRoot) : null;
  const webRoot = web?.dir ?? (typeof options.webRoot === 'string' ? options.webRoot : undefined);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = await buildApp({
    config,
    database,
    mailer,
    serveWeb: options.serveWeb ?? false,
    ...(webRoot ? { webRoot } : {}),
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
  // A write made here reaches the app's caches through the database's announcements (platform/change-feed.ts),
  // which a server process hears a moment after the commit. `query` waits for that moment: after a write it sends
  // a marker on a channel the app listens to and returns once the app has heard it, so every announcement of the
  // write (committed before the marker) has been handled. The settings handler only forgets its copy on hearing it.
  const heard = new Map<string, () => void>();
  app.changes.on('olympus_settings', (payload) => {
    if (payload) heard.get(payload)?.();
  });
  let markers = 0;
  const announcementsHeard = async () => {
    const marker = `test-marker-${++markers}`;
    const seen = new Promise<void>((resolve) => heard.set(marker, resolve));
    await database.db.execute(sql`select pg_notify('olympus_settings', ${marker})`);
    await seen;
    heard.delete(marker);
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;

  const api: RawApi = async (method, urlPath, opts = {}) => {
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
    return readResponse(res);
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

  const query = async <T>(text: TemplateStringsArray, ...values: unknown[]): Promise<T[]> => {
    const result = await driverRows<T>(database.db, sql(text, ...values));
    if (!/^\s*select\b/i.test(text[0] ?? '')) await announcementsHeard();
    return result;
  };

  const clients = new Map<string, Promise<Client>>();
  const as = (username: string, credentials?: { password?: string; olympiadName?: string }): Promise<Client> => {
    const given = credentials ?? demoCredentials(username);
    const key = `${username}\u0000${given.olympiadName ?? ''}`;
    let client = clients.get(key);
    if (!client) {
      client = signIn(username, given).then((user) => makeClient(url, api, user.accessToken.token, user));
      // A failed sign-in is not kept: the next call tries again (and fails the same way, with its message).
      client.catch(() => clients.delete(key));
      clients.set(key, client);
    }
    return client;
  };

  let closed = false;
  return {
    app,
    db: database.db,
    database,
    databaseUrl: fresh.url,
    appSecret: config.appSecret,
    url,
    api,
    signIn,
    query,
    as,
    anonymous: () => makeClient(url, api, null, null),
    withToken: (token) => makeClient(url, api, token, null),
    async close() {
      if (closed) return;
      closed = true;
      // The file's tests are over: a download streamed to a test that never read its body would otherwise hold
      // its connection, and the close, open until the hook's time ran out.
      app.server.closeAllConnections();
      await app.close();
      mailer.close();
      await database.close();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
      web?.remove();
    },
  };
}

export interface DemoIds {
  geoDemo: number;
  /** geo-2025: closed, written and marked (60 learners), results not published. */
  geo2025: number;
  school1: number;
  school2: number;
  users: Record<DemoUsername, number>;
}

/** Ids of the demo records (olympiads geo-demo and geo-2025, geo-demo's two schools, every demo user by username). */
export async function demoIds(server: TestServer): Promise<DemoIds> {
  const [olympiad] = await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-demo'`;
  const [past] = await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-2025'`;
  const users = await server.query<{ id: number; username: string; school_id: number | null }>`
    select id, username, school_id from users order by id`;
  const byName = Object.fromEntries(users.map((u) => [u.username, u.id])) as Record<DemoUsername, number>;
  const schoolOf = (username: string) => users.find((u) => u.username === username)!.school_id!;
  return {
    geoDemo: olympiad!.id,
    geo2025: past!.id,
    school1: schoolOf('teacher'),
    school2: schoolOf('teacher2'),
    users: byName,
  };
}
