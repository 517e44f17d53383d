import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { seedDemo } from '../seed/demo.js';
import { factoryNumbersUsed } from '../seed/factories.js';
import { adminQuery, databaseUrlFor, scratchRoot } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: data directories each test server copies: migrated, and migrated with the demo seed. */
    pgliteSnapshot: { migrated: string; seeded: string } | null;
    /**
     * PostgreSQL: the server's URL, the migrated template, the migrated and seeded template, and the prefix of
     * this run's databases.
     */
    postgres: { url: string; template: string; seededTemplate: string; prefix: string } | null;
    /** How many factory numbers the demo seed used (test processes continue after them). */
    seedFactoryNumbers: number;
  }
}

/** Seeds the demo data into `database` and answers how many factory numbers that took. */
async function seed(database: Database): Promise<number> {
  const before = factoryNumbersUsed();
  await seedDemo(database.db);
  return factoryNumbersUsed() - before;
}

let cleanup: (() => Promise<void>) | null = null;

/**
 * Migrates once per run, and seeds the demo data once on a copy; each test server then clones one of the two
 * (decisions 007 and 030) instead of migrating and seeding (and hashing the demo passwords) itself.
 */
export async function setup(project: TestProject): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const prefix = `olympus_t${process.pid}`;
    const template = `${prefix}_tpl`;
    const seededTemplate = `${prefix}_seeded`;
    await adminQuery(url, `drop database if exists "${seededTemplate}"`);
    await adminQuery(url, `drop database if exists "${template}"`);
    await adminQuery(url, `create database "${template}"`);
    const database = openPostgres(databaseUrlFor(url, template), 2);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await adminQuery(url, `create database "${seededTemplate}" template "${template}"`);
    const seeded = openPostgres(databaseUrlFor(url, seededTemplate), 2);
    let numbers: number;
    try {
      numbers = await seed(seeded);
    } finally {
      await seeded.close();
    }
    project.provide('pgliteSnapshot', null);
    project.provide('postgres', { url, template, seededTemplate, prefix });
    project.provide('seedFactoryNumbers', numbers);
    cleanup = async () => {
      const { rows } = await adminQuery<{ datname: string }>(
        url,
        `select datname from pg_database where datname like '${prefix}\\_%'`,
      );
      for (const { datname } of rows) await adminQuery(url, `drop database if exists "${datname}" with (force)`);
    };
    return;
  }

  // Data directories on disk, as `npm start` keeps its database (decision 030): a test server copies one and opens
  // the copy, which costs about half the CPU of unpacking a tar of it into memory. On tmpfs when the machine has it.
  const dir = mkdtempSync(path.join(scratchRoot(), 'olympus-pglite-'));
  const migrated = path.join(dir, 'migrated');
  const seeded = path.join(dir, 'seeded');
  // After a checkpoint a test server's copy starts with nothing to replay from the log: about 0.2 s a file sooner.
  const settle = async (database: Database) => {
    const { pglite } = database as unknown as { pglite: { exec(sql: string): Promise<unknown> } };
    await pglite.exec('checkpoint');
    await database.close();
  };
  let numbers: number;
  {
    const database = await openPglite({ dataDir: migrated });
    try {
      await database.migrate();
    } finally {
      await settle(database);
    }
  }
  cpSync(migrated, seeded, { recursive: true });
  {
    const database = await openPglite({ dataDir: seeded });
    try {
      numbers = await seed(database);
    } finally {
      await settle(database);
    }
  }
  project.provide('pgliteSnapshot', { migrated, seeded });
  project.provide('postgres', null);
  project.provide('seedFactoryNumbers', numbers);
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

export async function teardown(): Promise<void> {
  await cleanup?.();
}
