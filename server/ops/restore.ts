import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { extract as extractTar } from 'tar';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { checkKey } from '../platform/storage.js';
import {
  type ArchiveEntry,
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  Manifest,
  OpsError,
  databasePart,
  findTool,
  hashing,
  knownMigrations,
  openStorage,
  opsEnvironment,
  readArchive,
  toolConnection,
} from './archive.js';

/**
 * `npm run restore -- FILE` (decision 102): an archive of `npm run backup` into an EMPTY database and an EMPTY file
 * store. The whole archive is checked against its manifest first (every part's size and sha256), so that a damaged
 * archive is refused with nothing written; then the database (pg_restore in one transaction, or PGlite's data
 * directory), then the files. There is no --force: restoring over data would mix two installations, and an empty
 * database is one `createdb` away. The server then starts on the result and applies the migrations newer than the
 * backup's, as at any start.
 */

/** The manifest of an archive whose every part matches it; refused otherwise, before anything is written. */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | null = null;
  await readArchive(file, async (entry) => {
    if (seen.has(entry.path) || (entry.path === MANIFEST && manifestText !== null))
      throw new OpsError(`${file} holds ${entry.path} twice: not an archive of npm run backup`);
    if (entry.path === MANIFEST) {
      if (entry.size > 256 * 1_048_576) throw new OpsError(`${file}: its manifest is too large to be one`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body()) chunks.push(chunk as Buffer);
      manifestText = Buffer.concat(chunks).toString('utf8');
      return;
    }
    const hash = hashing();
    await pipeline(entry.body(), hash, async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source); // only counted and hashed
    });
    seen.set(entry.path, hash.digest());
  });
  if (manifestText === null) throw new OpsError(`${file} has no ${MANIFEST}: not an archive of npm run backup`);
  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw new OpsError(`${file}: its ${MANIFEST} is not JSON`);
  }
  const format = (raw as { format?: unknown; version?: unknown }) ?? {};
  if (format.format !== FORMAT) throw new OpsError(`${file} is not an archive of npm run backup`);
  if (typeof format.version === 'number' && format.version > FORMAT_VERSION)
    throw new OpsError(
      `${file} is of archive format ${format.version}, newer than this Olympus reads (${FORMAT_VERSION}): restore it with the version that made it`,
    );
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success) throw new OpsError(`${file}: its ${MANIFEST} is not one this Olympus reads`);
  const manifest = parsed.data;

  const damaged: string[] = [];
  for (const part of manifest.parts) {
    const found = seen.get(part.path);
    if (!found) damaged.push(`${part.path} is missing`);
    else if (found.bytes !== part.bytes || found.sha256 !== part.sha256)
      damaged.push(`${part.path} does not match its checksum`);
  }
  const named = new Set(manifest.parts.map((p) => p.path));
  for (const p of seen.keys()) if (!named.has(p)) damaged.push(`${p} is not in the manifest`);
  if (damaged.length > 0)
    throw new OpsError(
      `${file} is damaged; nothing was restored:\n${damaged
        .slice(0, 10)
        .map((d) => `  ${d}`)
        .join('\n')}${damaged.length > 10 ? `\n  … and ${damaged.length - 10} more` : ''}`,
    );
  const dbPart = databasePart(manifest.database.kind);
  if (manifest.parts[0]?.path !== dbPart) throw new OpsError(`${file} holds no ${dbPart}`);
  for (const part of manifest.parts.slice(1)) {
    if (!part.path.startsWith(FILES_PREFIX)) throw new OpsError(`${file} holds ${part.path}: not a stored file`);
    try {
      checkKey(part.path.slice(FILES_PREFIX.length));
    } catch {
      throw new OpsError(`${file} holds ${part.path}: not a storage key`);
    }
  }
  // A backup of a newer Olympus has tables this one does not know and would not migrate: refuse it.
  const known = new Set(knownMigrations().map((m) => m.tag));
  const unknown = manifest.migrations.applied.filter((tag) => !known.has(tag));
  if (unknown.length > 0)
    throw new OpsError(
      `${file} was taken by a newer Olympus (migration ${unknown[0]} is unknown to this one): restore it with that version or a later one.`,
    );
  return manifest;
}

/** Refuses a database that holds anything of its own: restore fills an empty one only. */
async function checkPostgresEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new OpsError(`Cannot connect to the database at DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ name: string }>(`
      select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      union all
      select 'schema ' || nspname from pg_namespace
      where nspname not in ('public', 'pg_catalog', 'information_schema', 'pg_toast')
        and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'
      limit 4`);
    if (rows.length > 0)
      throw new OpsError(
        `The database at DATABASE_URL is not empty (it holds ${rows
          .slice(0, 3)
          .map((r) => r.name)
          .join(', ')}${rows.length > 3 ? ', …' : ''}); nothing was restored.\n` +
          'Restore fills an empty database only: create a new one (createdb NAME) and point DATABASE_URL at it.',
      );
  } finally {
    await client.end().catch(() => undefined);
  }
}

function checkPgliteEmpty(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new OpsError(
      `${dir} already holds a database; nothing was restored.\n` +
        'Restore fills an empty DATA_DIR only: point DATA_DIR at a new folder (or move this one away).',
    );
}

async function checkStoreEmpty(config: Config): Promise<void> {
  const { storage, where, close } = openStorage(config);
  try {
    for await (const { key } of storage.list())
      throw new OpsError(
        `The file store (${where}) is not empty (it holds ${key}); nothing was restored.\n` +
          'Restore fills an empty store only: use a new folder (DATA_DIR) or a new bucket.',
      );
  } finally {
    close();
  }
}

/** The body of an entry, checked once more against the manifest as it is written. */
async function checked(entry: ArchiveEntry, manifest: Manifest, write: (body: Readable) => Promise<void>) {
  const part = manifest.parts.find((p) => p.path === entry.path)!;
  const hash = hashing();
  await write(entry.body().pipe(hash));
  const got = hash.digest();
  if (got.bytes !== part.bytes || got.sha256 !== part.sha256)
    throw new OpsError(`${entry.path} no longer matches its checksum: is something writing to the archive?`);
}

/** pg_restore of the custom-format dump, fed from the archive, in one transaction: all of it or nothing. */
async function restorePostgres(url: string, body: Readable): Promise<void> {
  const pgRestore = findTool('pg_restore');
  const { url: bare, env } = toolConnection(url);
  const child = spawn(
    pgRestore,
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${bare}`],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const fed = pipeline(body, child.stdin).catch((err: Error) => err);
  const code = await exited;
  const feedError = await fed;
  if (code !== 0) throw new OpsError(`pg_restore failed (exit code ${code}); nothing was restored:\n${stderr.trim()}`);
  if (feedError instanceof Error) throw feedError;
}

/** The PGlite data directory unpacked into DATA_DIR/pglite, then opened once to prove it is a database. */
async function restorePglite(dir: string, body: Readable, manifest: Manifest): Promise<void> {
  await mkdir(dir, { recursive: true });
  try {
    await pipeline(body, extractTar({ cwd: dir, strict: true }));
    const database = await openPglite({ dataDir: dir });
    try {
      const result = (await database.db.execute(
        sql.raw('select count(*)::int as n from drizzle.__drizzle_migrations'),
      )) as unknown as { rows: Array<{ n: number }> };
      if (result.rows[0]?.n !== manifest.migrations.count)
        throw new OpsError(
          `The restored database holds ${result.rows[0]?.n} migrations, the manifest says ${manifest.migrations.count}`,
        );
    } finally {
      await database.close();
    }
  } catch (err) {
    // It was empty before: leave it so, not half restored.
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Every file of the archive into the store, under its own key. */
async function restoreFiles(config: Config, archive: string, manifest: Manifest): Promise<void> {
  const { storage, close } = openStorage(config);
  try {
    await readArchive(archive, async (entry) => {
      if (!entry.path.startsWith(FILES_PREFIX)) return;
      const key = entry.path.slice(FILES_PREFIX.length);
      await checked(entry, manifest, async (body) => {
        await storage.putStreamAt(key, body);
      });
    });
  } finally {
    close();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations this Olympus has that the backup had not applied: the server applies them when it starts. */
  pending: number;
}

/**
 * `filesOnly`: the files alone, into an empty store, beside a database recovered another way (PostgreSQL's
 * point-in-time recovery, README.md: an archive taken after the recovery's target time holds every file the
 * recovered rows name).
 */
export async function restore(
  config: Config,
  file: string,
  options: { filesOnly?: boolean } = {},
): Promise<RestoreResult> {
  const archive = path.resolve(file);
  if (config.databaseUrl && !options.filesOnly) findTool('pg_restore');
  const manifest = await verifyArchive(archive);
  if (options.filesOnly) {
    await checkStoreEmpty(config);
    await restoreFiles(config, archive, manifest);
    return { manifest, pending: 0 };
  }
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== target)
    throw new OpsError(
      manifest.database.kind === 'postgres'
        ? `${archive} holds a PostgreSQL dump: set DATABASE_URL to the empty database to restore it into.`
        : `${archive} holds the embedded PGlite's database: unset DATABASE_URL and set DATA_DIR to an empty folder.`,
    );
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (config.databaseUrl) await checkPostgresEmpty(config.databaseUrl);
  else checkPgliteEmpty(pgliteDir);
  await checkStoreEmpty(config);

  // The database first, whole or not at all; the files only once it is in.
  const dbPart = databasePart(manifest.database.kind);
  await readArchive(archive, async (entry) => {
    if (entry.path !== dbPart) return;
    await checked(entry, manifest, (body) =>
      config.databaseUrl ? restorePostgres(config.databaseUrl, body) : restorePglite(pgliteDir, body, manifest),
    );
  });
  await restoreFiles(config, archive, manifest);
  const applied = new Set(manifest.migrations.applied);
  return { manifest, pending: knownMigrations().filter((m) => !applied.has(m.tag)).length };
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'files-only': { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new OpsError('Usage: npm run restore -- FILE  (or --files-only FILE)');
  const config = loadConfig(opsEnvironment());
  const filesOnly = values['files-only'];
  const { manifest, pending } = await restore(config, positionals[0]!, { filesOnly });
  if (filesOnly) {
    console.log(
      `Restored the files of the backup of ${manifest.createdAt}: ${manifest.files.count} (${(manifest.files.bytes / 1_048_576).toFixed(1)} MB).`,
    );
    return;
  }
  console.log(
    [
      `Restored the backup of ${manifest.createdAt}:`,
      `  database: ${manifest.database.kind}, ${manifest.migrations.count} migrations applied (last ${manifest.migrations.last ?? 'none'})`,
      `  files: ${manifest.files.count} (${(manifest.files.bytes / 1_048_576).toFixed(1)} MB)`,
      pending > 0
        ? `Start the server (npm start): it applies the ${pending} migrations newer than the backup's.`
        : 'Start the server (npm start) on it.',
      'Use the APP_SECRET of the backed-up installation, or its sessions and mailed links stop working.',
    ].join('\n'),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    if (err instanceof OpsError || err instanceof ConfigError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  });
}
