import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** The data directory (PGlite's database lives in it) and the PostgreSQL URL, to restart on the same data. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** What the server printed when every server process listened (its database, how many processes). */
  banner: string;
  stop(): Promise<void>;
  /** kill -9: no shutdown, no flush (the crash test). The data is kept for a restart. */
  kill9(): Promise<void>;
}

export interface ServerOptions {
  port: number;
  env?: Record<string, string>;
  /** Restart on existing data: this data directory and this database URL (no fresh database). */
  reuse?: { dataDir: string; databaseUrl: string | undefined };
  /** How long the server may take to answer its health check (a large bench seed takes a while); 60 s by default. */
  startTimeoutMs?: number;
}

/**
 * Starts the real server as `npm start` runs it, with the benchmark-only routes beside it (server-entry.ts), in processes of its own, on a fresh data
 * directory with the demo data, on loopback only, so the load generator never shares its event loop. On
 * PostgreSQL that is one server process per core (WEB_PROCESSES in `env` or the environment sets the count;
 * decision 040); it is ready once every one listens.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'olympus-bench-'));
  // On PostgreSQL, every run gets its own fresh database on the server DATABASE_URL names.
  const baseUrl = process.env.DATABASE_URL;
  const dbName = `olympus_bench_${process.pid}_${options.port}`;
  let databaseUrl: string | undefined = options.reuse?.databaseUrl;
  if (baseUrl && !options.reuse) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/lib/server-entry.ts'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo data on any database; NODE_ENV=production would refuse it (its password is public).
      // Not NODE_ENV=test either: under test every answer is checked against its response schema
      // (server/http/route.ts), work a production server never does.
      SEED_DEMO: 'always',
      NODE_ENV: 'development',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Read until the start-up lines, then drop: never let a full pipe stall the server.
  let printed = '';
  (child.stdout as NodeJS.ReadableStream | null)?.on('data', (d: Buffer) => {
    if (!printed.includes('Olympus is running at') || printed.length < 4000) printed += d.toString();
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && printed.includes('Olympus is running at')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not start within ${Math.round((options.startTimeoutMs ?? 60_000) / 1000)} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    dataDir,
    databaseUrl,
    banner: printed,
    async kill9() {
      if (child.exitCode != null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode == null && child.signalCode == null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (baseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

/**
 * A benchmark's watchdog: after `seconds` it says so, stops the server and ends the process with code 1. Answers
 * the function that calls it off (in the benchmark's `finally`).
 */
export function stopAfter(server: RunningServer, seconds: number, name: string): () => void {
  const timer = setTimeout(() => {
    console.error(`${name}: stopped after ${seconds} s`);
    void server.stop().finally(() => process.exit(1));
  }, seconds * 1000);
  return () => clearTimeout(timer);
}
