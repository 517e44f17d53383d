import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { z } from 'zod';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one query layer: the same drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears what the database announces (NOTIFY) on `channels`, from every process on the database, once the
   * announcing transaction commits: `onNotify` for each announcement; `onGap` when some may have been missed (on
   * PostgreSQL the listening connection was lost: it is replaced, with `onGap` again once it listens). Answers a
   * stop function. Decision 040.
   */
  listen(channels: readonly string[], handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * The connection pool now (node-postgres; read by the metrics, decision 101): connections open, idle among them,
   * queries waiting for one, and the most it opens. Absent on PGlite, which has one connection and no pool.
   */
  pool?: () => PoolFigures;
}

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface ListenHandlers {
  onNotify(channel: string, payload: string): void;
  onGap(): void;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// pg answers int8 and count(*) as strings; PGlite as numbers. Make both numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * `warm`: open all `poolSize` connections now, in the background, and keep them (decision 057): on this project's
 * machine a new connection costs PostgreSQL a process and some 26 ms, and a pool grown from cold in a storm's first
 * second made its first requests wait for those, one fork after another. Otherwise an idle connection closes after
 * 30 s.
 */
export function openPostgres(url: string, poolSize = 20, warm = false): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: warm ? 0 : 30_000 });
  // An idle connection that the server drops (restart, failover, a dropped test database) emits 'error' on
  // the pool; unhandled, that would crash the process. The pool replaces the connection on next use.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL connection lost: ${err.message}`, { code: 'OLYMPUS_PG_IDLE_ERROR' });
  });
  if (warm) {
    void Promise.allSettled(Array.from({ length: poolSize }, () => pool.connect())).then((opened) => {
      for (const c of opened) if (c.status === 'fulfilled') c.value.release();
    });
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
    listen: (channels, handlers) => listenPostgres(url, channels, handlers),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

/** Channel names are constants of the code, never input; still, only plain names are accepted. */
const channelName = (c: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(c)) throw new Error(`Not a channel name: ${c}`);
  return c;
};

/**
 * One connection of its own (outside the pool: a pooled connection is lent to other queries) that LISTENs. A
 * lost connection reports a gap and is replaced after a growing pause (a quarter second, up to ten seconds).
 */
async function listenPostgres(
  url: string,
  channels: readonly string[],
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  const names = channels.map(channelName);
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let pause = 250;
  const gone = new WeakSet<pg.Client>();

  const lost = (client: pg.Client) => {
    if (gone.has(client)) return;
    gone.add(client);
    if (current === client) current = null;
    client.end().catch(() => undefined);
    if (stopped) return;
    handlers.onGap();
    retry = setTimeout(() => void connect(), pause);
    retry.unref();
    pause = Math.min(pause * 2, 10_000);
  };

  const connect = async () => {
    retry = null;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (m) => handlers.onNotify(m.channel, m.payload ?? ''));
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const name of names) await client.query(`listen ${name}`);
    } catch {
      lost(client);
      return;
    }
    if (stopped) {
      gone.add(client);
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    pause = 250;
    // Whatever was announced before this connection listened is unknown: report it as a gap.
    handlers.onGap();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    if (client) {
      gone.add(client);
      await client.end().catch(() => undefined);
    }
  };
}

/** Embedded PostgreSQL: a data directory on disk, or memory (`memory://`), or a loaded snapshot. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  if (options.dataDir && !options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    // Trigram indexes (migration 0016) back the overlord's search and the app log's search (decision 037).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    // One process, one connection: the announcements of its own transactions.
    async listen(channels, handlers) {
      const stops = await Promise.all(
        channels.map((c) => client.listen(channelName(c), (payload) => handlers.onNotify(c, payload))),
      );
      return async () => {
        if (client.closed) return;
        await Promise.all(stops.map((stop) => stop()));
      };
    },
    // exposed for test snapshots
    ...{ pglite: client },
  };
}

export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize: number;
  databasePoolWarm?: boolean;
}) {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize, config.databasePoolWarm);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

/**
 * A list of ids as one `int[]` parameter (never SQL text). `= any(…)` on it plans as an index scan whatever a
 * table's statistics say; `array_position(…)` on it orders rows by the list.
 */
export const intArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/**
 * A raw statement's rows, typed by a declared shape (decision 073): each row's keys in camelCase (`school_id` is read
 * as `schoolId`; an alias already in camelCase stays), so a row reads like the drizzle schema's own fields. The shape
 * is the row as the drivers give it (no transforms: a timestamp is a Date, numeric a string), mostly picked from the
 * schema's tables (`createSelectSchema(schools).pick(…)`), so a changed column changes the type of every query that
 * reads it. Under test (NODE_ENV=test) every row is checked against the shape and a mismatch fails the request with
 * the statement's first line; in production the check is left out (exam day's statements run it thousands of
 * times a second) and the shape is only the type.
 */
export async function rows<S extends RowShape>(q: Queryable, shape: S, query: SQL): Promise<Array<z.output<S>>> {
  const result = (await q.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return checkedRows(shape, result.rows, query);
}

/** A zod object describing one row of a raw statement. */
export type RowShape = z.ZodObject;

/** The shape of `select count(*)::int as n …` and of `… returning id`, the two rows every feature reads. */
export const CountRow = z.object({ n: z.number() });
export const IdRow = z.object({ id: z.number() });
/** The shape of a statement run for what it does, answering no rows (an update or delete without `returning`). */
export const NoRow = z.object({});

const camelKeys = new Map<string, string>();
/** `olympiad_id` → `olympiadId`, remembered per column name (a statement's rows share their keys). */
function camel(key: string): string {
  let name = camelKeys.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelKeys.set(key, name);
  }
  return name;
}

/** The row with camelCase keys: a new object (the driver's own rows are never changed). */
function camelRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) out[camel(key)] = row[key];
  return out;
}

const checkRowShapes = process.env.NODE_ENV === 'test';

/** What went wrong with a statement's rows: its first line, and the issues of the first row that did not fit. */
export class RowShapeError extends Error {
  constructor(statement: string, issues: string) {
    super(`Rows of "${statement}" do not match their declared shape: ${issues}`);
  }
}

/**
 * The keys a shape reads as dates: drizzle has both drivers hand raw statements their timestamps as text (its own
 * queries turn them into Dates), so `rows()` does the same for the columns the shape declares as `z.date()`.
 */
const dateKeysOf = new WeakMap<RowShape, string[]>();
function dateKeys(shape: RowShape): string[] {
  let keys = dateKeysOf.get(shape);
  if (!keys) {
    keys = [];
    for (const [key, field] of Object.entries(shape.shape)) {
      let inner: z.core.$ZodType = field;
      while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) inner = inner.unwrap();
      if (inner instanceof z.ZodDate) keys.push(key);
    }
    dateKeysOf.set(shape, keys);
  }
  return keys;
}

/** The first line of a statement's text, to name it in an error. */
function firstLine(query: SQL): string {
  const text = query.queryChunks
    .map((c) => (typeof c === 'object' && c !== null && 'value' in c && Array.isArray(c.value) ? c.value.join('') : ''))
    .join('')
    .trim();
  return text.split('\n')[0] ?? '';
}

function checkedRows<S extends RowShape>(
  shape: S,
  raw: Array<Record<string, unknown>>,
  query: SQL,
): Array<z.output<S>> {
  const dates = dateKeys(shape);
  const out = raw.map((r) => {
    const row = camelRow(r);
    for (const key of dates) {
      const value = row[key];
      if (typeof value === 'string') row[key] = new Date(value);
    }
    return row;
  });
  if (checkRowShapes) {
    for (const row of out) {
      const parsed = shape.safeParse(row);
      if (!parsed.success)
        throw new RowShapeError(
          firstLine(query),
          parsed.error.issues.map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`).join('; '),
        );
    }
  }
  return out as Array<z.output<S>>;
}

/** A PostgreSQL array literal, sent as one text parameter (drizzle would spread a JS array into a list). */
export const pgArray = (values: ReadonlyArray<string | number | null>) =>
  `{${values.map((v) => (v == null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

/**
 * `rows()` as a named prepared statement: on PostgreSQL it is parsed and planned once per pooled connection, then
 * only executed (decision 019). For exam day's hottest statements, whose text never varies with the input: planning
 * a CTE costs PostgreSQL more CPU than running it. On PGlite (one connection, in process) the name is ignored and it
 * runs like `rows()`. Rows come back exactly as from `rows()`: camelCase, typed by the shape, checked under test.
 */
export async function preparedRows<S extends RowShape>(
  q: Queryable,
  name: string,
  shape: S,
  query: SQL,
): Promise<Array<z.output<S>>> {
  return checkedRows(shape, await preparedRaw<Record<string, unknown>>(q, name, query), query);
}

async function preparedRaw<T>(q: Queryable, name: string, query: SQL): Promise<T[]> {
  // drizzle's own path for db.execute(), with the statement name it leaves empty there (drizzle-orm 0.45).
  const internal = q as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): { execute(): Promise<unknown> };
    };
  };
  const prepared = internal.session.prepareQuery(internal.dialect.sqlToQuery(query), undefined, name, false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}

/**
 * Background reads of many statements (a report's figures, decisions 038 and 048) run them one after another, not
 * all at once: on PostgreSQL at most one backend works for the read while the exam's saves run beside it, and on
 * PGlite (one database on the server's own event loop) a save waits for one statement at most, never for the
 * whole read. Answers the results in order, as `Promise.all` would.
 */
export async function inTurn<T extends readonly unknown[]>(
  ...steps: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  const out: unknown[] = [];
  for (const step of steps) out.push(await step());
  return out as unknown as T;
}
