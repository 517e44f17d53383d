#!/usr/bin/env node
/**
 * The server the browser tests run against (playwright.config.ts starts it), always on a fresh database
 * of its own with the demo data, removed again when the server stops:
 *  - embedded PGlite in a new temporary directory (default);
 *  - or, when E2E_DATABASE_URL names a PostgreSQL server, a new database on it
 *    (`olympus_e2e_<port>_<pid>`), so that CI runs the same journeys on the real PostgreSQL too.
 *
 * Two runs at once therefore never share a directory or a database. The directory's name carries this
 * process's id; a directory left behind by a run that was killed outright (SIGKILL) is removed by the next
 * run once its process is gone.
 */
import { spawn } from 'node:child_process';
import { fstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const prefix = 'olympus-e2e-';

/** True when a process with this id still runs (signal 0 only checks). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

for (const name of readdirSync(os.tmpdir())) {
  const owner = new RegExp(`^${prefix}(\\d+)-`).exec(name);
  if (owner && !alive(Number(owner[1]))) rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}${process.pid}-`));
const env = { ...process.env, DATA_DIR: dataDir };
// Journeys read the figures they have just made: the report overviews are read fresh on every request here
// (in production they are at most REPORT_REFRESH_SECONDS old, and a stale copy answers while a refresh runs).
env.REPORT_REFRESH_SECONDS ??= '0';
// The waiting room admits at its setting: on a busy test machine a lowered rate (decision 051) would queue a
// journey's learner by chance; the adaptation has its own API tests.
env.SITTING_ADMIT_TARGET_MS ??= '0';
delete env.DATABASE_URL;

const base = process.env.E2E_DATABASE_URL;
/** @type {string | null} */
let database = null;
async function adminQuery(text) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
  if (database) {
    try {
      await adminQuery(`drop database if exists ${database} with (force)`);
    } catch (err) {
      console.error(`e2e server: could not drop database ${database}: ${err.message}`);
    }
  }
}

/** @type {import('node:child_process').ChildProcess | null} */
let child = null;
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  // Playwright signals the whole process group, so the server has had this signal too; sending it again
  // is harmless and covers a signal sent to this process alone.
  if (child && child.exitCode === null) child.kill(signal);
  else void cleanUp().then(() => process.exit(1));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// Playwright holds the other end of this process's standard input (a pipe: a socket pair, as Node makes
// them). When Playwright itself is killed it cannot signal its servers; that end then closes, and the server
// stops and cleans up all the same. From a terminal or /dev/null, nothing of the kind is watched.
const stdin = fstatSync(0);
if (stdin.isFIFO() || stdin.isSocket()) {
  process.stdin.on('end', () => stop('SIGTERM'));
  process.stdin.on('error', () => stop('SIGTERM'));
  process.stdin.resume();
}

try {
  if (base) {
    database = `olympus_e2e_${Number(process.env.PORT) || 0}_${process.pid}`;
    await adminQuery(`drop database if exists ${database} with (force)`);
    await adminQuery(`create database ${database}`);
    const url = new URL(base);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    console.error(`e2e server on PostgreSQL: database ${database}`);
  }
} catch (err) {
  await cleanUp();
  throw err;
}

if (!stopping) {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    void cleanUp().then(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}
