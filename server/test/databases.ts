import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/** The same server as `url`, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end();
  }
}

/**
 * Where test databases' data directories go: tmpfs (/dev/shm) when the machine has one, as a test database is thrown
 * away and never needs a disk; otherwise the system's temporary folder.
 */
export function scratchRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}
