import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { create as createTar } from 'tar';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import {
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  type Manifest,
  OpsError,
  type Part,
  databasePart,
  findTool,
  migrationTags,
  openStorage,
  opsEnvironment,
  tarBytes,
  tarEnd,
  tarEntry,
  toolConnection,
} from './archive.js';

/**
 * `npm run backup -- --out FILE` (decision 102): one archive of the database and every stored file. The database is
 * dumped first, as one snapshot; the files are copied after it. Files are only ever added under new keys, so every
 * file a dumped row names was stored before the snapshot and is still there when the files are copied: the archive
 * may hold a few files newer than its rows (harmless, nothing names them), never a row without its file. The one
 * exception is a file deleted while the backup runs, whose row was deleted at the same moment, after the snapshot:
 * it is left out and named, and its download answers 404 on a restored server, as it does on the live one.
 */

interface DumpedDatabase {
  kind: 'postgres' | 'pglite';
  /** The dump, in a temporary file beside the archive (on disk, never in memory). */
  file: string;
  serverVersion: string;
  tool: string;
  migrations: string[];
}

/** What one backup wrote, as the command prints it. */
export interface BackupResult {
  out: string;
  bytes: number;
  manifest: Manifest;
  /** Files listed but deleted before they could be copied. */
  leftOut: string[];
}

const run = (program: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

/**
 * pg_dump's custom format of one snapshot. The migrations are read in a transaction whose snapshot pg_dump then
 * takes over (`--snapshot`), so the manifest describes exactly the dumped database; the transaction stays open
 * until pg_dump is done, as the exported snapshot lives only as long as it does.
 */
async function dumpPostgres(url: string, file: string): Promise<DumpedDatabase> {
  const pgDump = findTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new OpsError(`Cannot connect to the database at DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const serverVersion = (await client.query<{ v: string }>('select version() as v')).rows[0]!.v;
    const migrations = await client
      .query<{ at: string }>('select created_at as at from drizzle.__drizzle_migrations order by created_at')
      .then((r) => r.rows.map((row) => Number(row.at)));
    const { url: bare, env } = toolConnection(url);
    const version = await run(pgDump, ['--version'], env);
    const dumped = await run(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, bare], env);
    if (dumped.code !== 0) throw new OpsError(`pg_dump failed (exit code ${dumped.code}):\n${dumped.stderr.trim()}`);
    await client.query('commit');
    return {
      kind: 'postgres',
      file,
      serverVersion,
      tool: version.stdout.trim(),
      migrations: migrationTags(migrations),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The embedded PGlite's data directory as a tar, the layout PGlite's own `dumpDataDir()` writes (paths relative to
 * the directory), so `loadDataDir` loads it too. It is written from the files on disk rather than by dumpDataDir,
 * which builds the whole tarball in memory.
 *
 * The server must be stopped: PGlite marks an open data directory with postmaster.pid but no second PGlite checks
 * it, and a second one opened beside the server would replay and rewrite the same files under it (decision 102).
 * The directory is opened once here (with the server stopped, that is safe), to read its migrations and to
 * checkpoint it, and closed before it is archived.
 */
async function dumpPglite(dataDir: string, file: string): Promise<DumpedDatabase> {
  const dir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new OpsError(`There is no embedded database in ${dir}.`);
  if (existsSync(path.join(dir, 'postmaster.pid')))
    throw new OpsError(
      `The embedded database in ${dir} is open: the server is running, or it stopped without closing it.\n` +
        'PGlite belongs to one process and a backup beside a running server could damage it. Stop the server ' +
        '(if it is not running, start it and stop it once so that it closes the database), then run the backup ' +
        'again. For backups while the server runs, use PostgreSQL (DATABASE_URL).',
    );
  const database = await openPglite({ dataDir: dir });
  let serverVersion: string;
  let migrations: number[];
  try {
    const { pglite } = database as unknown as { pglite: { exec(sql: string): Promise<unknown> } };
    const read = async <T>(text: string) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    serverVersion = (await read<{ v: string }>('select version() as v'))[0]!.v;
    migrations = (
      await read<{ at: string }>('select created_at as at from drizzle.__drizzle_migrations order by created_at')
    ).map((row) => Number(row.at));
    await pglite.exec('checkpoint');
  } finally {
    await database.close();
  }
  await createTar({ file, cwd: dir, portable: true }, readdirSync(dir).sort());
  return {
    kind: 'pglite',
    file,
    serverVersion,
    tool: `@electric-sql/pglite data directory`,
    migrations: migrationTags(migrations),
  };
}

const isMissing = (err: unknown) => (err as { code?: string })?.code === 'ENOENT';

export async function backup(config: Config, outFile: string): Promise<BackupResult> {
  const out = path.resolve(outFile);
  if (existsSync(out)) throw new OpsError(`${out} exists already: give the backup a new name.`);
  if (!existsSync(path.dirname(out))) throw new OpsError(`The folder ${path.dirname(out)} does not exist.`);
  const partial = `${out}.partial`;
  const dumpFile = `${out}.database.partial`;
  const { storage, close } = openStorage(config);
  try {
    // First the database, as one snapshot; then the files (see the top of this file for why in this order).
    const dumped = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, dumpFile)
      : await dumpPglite(config.dataDir, dumpFile);
    const parts: Part[] = [];
    const files = { count: 0, bytes: 0 };
    const leftOut: string[] = [];
    let manifest: Manifest | null = null;
    const dbSize = (await stat(dumped.file)).size;

    async function* archive(): AsyncGenerator<Buffer> {
      yield* tarEntry(databasePart(dumped.kind), dbSize, createReadStream(dumped.file), (p) => parts.push(p));
      for await (const { key } of storage.list()) {
        const size = await storage.size(key);
        let body: Readable | null = null;
        try {
          if (size !== null) body = await storage.open(key);
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
        if (size === null || !body) {
          leftOut.push(key);
          continue;
        }
        yield* tarEntry(FILES_PREFIX + key, size, body, (p) => {
          parts.push(p);
          files.count += 1;
          files.bytes += p.bytes;
        });
      }
      manifest = {
        format: FORMAT,
        version: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        database: { kind: dumped.kind, serverVersion: dumped.serverVersion, tool: dumped.tool },
        migrations: {
          count: dumped.migrations.length,
          last: dumped.migrations.at(-1) ?? null,
          applied: dumped.migrations,
        },
        files,
        parts,
      };
      yield* tarBytes(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
      yield tarEnd();
    }

    await pipeline(Readable.from(archive()), createWriteStream(partial, { flags: 'wx' }));
    // On the disk before it takes its name: a backup that is listed is a whole one.
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await rename(partial, out);
    return { out, bytes: (await stat(out)).size, manifest: manifest!, leftOut };
  } finally {
    close();
    await rm(partial, { force: true });
    await rm(dumpFile, { force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } }, allowPositionals: false });
  if (!values.out) throw new OpsError('Usage: npm run backup -- --out FILE');
  const config = loadConfig(opsEnvironment());
  const started = Date.now();
  const { out, bytes, manifest, leftOut } = await backup(config, values.out);
  console.log(
    [
      `Backup written to ${out} (${mb(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      `  database: ${manifest.database.kind}, ${manifest.migrations.count} migrations applied (last ${manifest.migrations.last ?? 'none'})`,
      `  files: ${manifest.files.count} (${mb(manifest.files.bytes)})`,
      ...(leftOut.length
        ? [`  left out, deleted while the backup ran: ${leftOut.length} (${leftOut.slice(0, 5).join(', ')})`]
        : []),
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
