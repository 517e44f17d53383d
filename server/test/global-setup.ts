import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';
import { adminQuery, databaseUrlFor } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory (tar) to load for each test server. */
    pgliteSnapshot: string | null;
    /** PostgreSQL: the server's URL, the migrated template and the prefix of this run's databases. */
    postgres: { url: string; template: string; prefix: string } | null;
  }
}

let cleanup: (() => Promise<void>) | null = null;

/** Migrates once per run; each test server then clones the result (decision 007). */
export async function setup(project: TestProject): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const prefix = `olympus_t${process.pid}`;
    const template = `${prefix}_tpl`;
    await adminQuery(url, `drop database if exists "${template}"`);
    await adminQuery(url, `create database "${template}"`);
    const database = openPostgres(databaseUrlFor(url, template), 2);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('pgliteSnapshot', null);
    project.provide('postgres', { url, template, prefix });
    cleanup = async () => {
      const { rows } = await adminQuery<{ datname: string }>(
        url,
        `select datname from pg_database where datname like '${prefix}\\_%'`,
      );
      for (const { datname } of rows) await adminQuery(url, `drop database if exists "${datname}" with (force)`);
    };
    return;
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'olympus-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openPglite({});
  try {
    await database.migrate();
    const dump = await (
      database as unknown as { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } }
    ).pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  project.provide('postgres', null);
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

export async function teardown(): Promise<void> {
  await cleanup?.();
}
