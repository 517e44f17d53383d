import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { IdRow, type Queryable, rows } from '../db/client.js';
import { appLog } from '../db/schema/index.js';

/**
 * The app log (decision 037): the server's warnings and errors, kept in the database by key so the overlord's
 * app log viewer can group and search them. Pino writes each line (already redacted by the logger's `redact`
 * and serializers, so no secret reaches here) to this stream; lines are parsed and kept in memory, then
 * written in one multi-row insert at most every `flushMs`, off the request path: a request that logs a
 * warning waits for nothing. If the database cannot take them the batch is dropped (standard output has them
 * still); the buffer is capped so a flood of errors cannot exhaust memory.
 */

/** Pino's numeric levels of what is kept. */
const levels: Record<number, 'warn' | 'error' | 'fatal'> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/** Fields every line carries that the entry keeps in its own columns (or needs not keep). */
const known = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'key', 'route', 'module']);

export interface AppLogEntry {
  at: Date;
  level: 'warn' | 'error' | 'fatal';
  key: string;
  message: string;
  reqId: string | null;
  data: Record<string, unknown>;
}

const MAX_DATA_CHARS = 8_000;
const MAX_MESSAGE_CHARS = 2_000;

/**
 * One log line as an entry, or null for a line below warn or not JSON. The key says where it comes from: a
 * `key` the caller gave, else the route (`GET /school/v-rest/:id`, set by the error handler), else the module
 * (`mail-sender`, `jobs`, … bound on its logger), else `server`.
 */
export function entryOf(line: string): AppLogEntry | null {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  const level = levels[Number(raw.level)];
  if (!level) return null;
  const err = raw.err as { message?: unknown } | undefined;
  const message = String(raw.msg ?? err?.message ?? '').slice(0, MAX_MESSAGE_CHARS);
  const key = String(raw.key ?? raw.route ?? raw.module ?? 'server').slice(0, 200);
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!known.has(k)) data[k] = v;
  let json = JSON.stringify(data);
  if (json.length > MAX_DATA_CHARS) json = JSON.stringify({ truncated: json.slice(0, MAX_DATA_CHARS) });
  return {
    at: new Date(typeof raw.time === 'number' ? raw.time : Date.now()),
    level,
    key,
    message,
    reqId: typeof raw.reqId === 'string' ? raw.reqId : null,
    data: JSON.parse(json) as Record<string, unknown>,
  };
}

export interface AppLogSink {
  /** The stream pino writes warn-and-above lines to. */
  stream: Writable;
  /** Where batches go; entries logged before this wait in the buffer. */
  attach(db: Queryable): void;
  /** Writes what is buffered now (tests, and the server's close). */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

export function createAppLogSink(options: { flushMs?: number; maxBuffered?: number } = {}): AppLogSink {
  const flushMs = options.flushMs ?? 1_000;
  const maxBuffered = options.maxBuffered ?? 5_000;
  let buffer: AppLogEntry[] = [];
  let db: Queryable | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: AppLogEntry[]): Promise<void> {
    if (!db || batch.length === 0) return;
    try {
      for (let i = 0; i < batch.length; i += 500) await db.insert(appLog).values(batch.slice(i, i + 500));
    } catch {
      // The database is away or closing: the lines are on standard output already. Logging this failure
      // through pino would feed the same sink again, so it is dropped quietly.
    }
  }

  function flush(): Promise<void> {
    if (!db || buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing.then(() => write(batch));
    return writing;
  }

  function schedule() {
    if (timer || !db) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushMs);
    timer.unref();
  }

  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        const entry = entryOf(line);
        if (!entry) continue;
        if (buffer.length >= maxBuffered) buffer.shift();
        buffer.push(entry);
      }
      schedule();
      callback();
    },
  });

  return {
    stream,
    attach(q) {
      db = q;
      schedule();
    },
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
      db = null;
    },
  };
}

/** Removes app log entries older than the retention, in bounded batches; answers how many went. */
export async function pruneAppLog(q: Queryable, retentionDays: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const gone = await rows(
      q,
      IdRow,
      sql`delete from app_log where id in (select id from app_log
            where at < now() - make_interval(days => ${retentionDays}) limit 10000) returning id`,
    );
    removed += gone.length;
    if (gone.length < 10000) return removed;
  }
}
