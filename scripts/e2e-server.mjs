#!/usr/bin/env node
/**
 * The server the browser tests run against (playwright.config.ts starts it), always on a fresh database
 * with the demo data:
 *  - embedded PGlite in a new data directory (default);
 *  - or, when E2E_DATABASE_URL names a PostgreSQL server, a new database on it (`olympus_e2e_<port>`,
 *    dropped and created again), so that CI runs the same journeys on the real PostgreSQL too.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('scripts/e2e-server.mjs: DATA_DIR is required');
rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env };
delete env.DATABASE_URL;
const base = process.env.E2E_DATABASE_URL;
if (base) {
  const name = `olympus_e2e_${process.env.PORT ?? 'x'}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  console.error(`e2e server on PostgreSQL: database ${name}`);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
