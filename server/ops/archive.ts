import { createHash } from 'node:crypto';
import { accessSync, constants, createReadStream, readFileSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { Header, Pax } from 'tar';
import { z } from 'zod';
import type { Config } from '../config.js';
import { migrationsFolder } from '../db/client.js';
import { configuredStorage } from '../platform/storage-s3.js';

/**
 * The backup archive (decision 102): one tar holding the database's dump, every stored file under `files/`, and
 * last a manifest naming each part with its size and sha256. The manifest comes last because a file's checksum is
 * known only once it has been streamed into the archive; a restore reads the whole archive once to check every
 * part against it before it writes anything.
 */
export const FORMAT = 'olympus-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const FILES_PREFIX = 'files/';
/** The database part: pg_dump's custom format, or a tar of the embedded PGlite's data directory. */
export const databasePart = (kind: 'postgres' | 'pglite') =>
  kind === 'postgres' ? 'database.pgdump' : 'database.pglite.tar';

const Part = z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type Part = z.infer<typeof Part>;

export const Manifest = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** The server's version (`select version()`) and the dump tool's (`pg_dump --version`), for the record. */
    serverVersion: z.string(),
    tool: z.string(),
  }),
  /** The migrations applied in the dumped database, by tag, oldest first (server/db/migrations/meta/_journal.json). */
  migrations: z.object({ count: z.number().int(), last: z.string().nullable(), applied: z.array(z.string()) }),
  files: z.object({ count: z.number().int(), bytes: z.number().int() }),
  /** Every part of the archive but the manifest: the database's first, then the files'. */
  parts: z.array(Part),
});
export type Manifest = z.infer<typeof Manifest>;

/** A failure the operator can act on: printed as it is, without a stack, exit code 1. */
export class OpsError extends Error {}

/** The store the server uses (the one choice, server/platform/storage-s3.ts). */
export const openStorage = (config: Config) => configuredStorage(config);

/**
 * The environment of the ops commands. They need no APP_SECRET (nothing they do signs or hashes a token); without
 * one, loadConfig would write a new DATA_DIR/app-secret, and on a restored machine that must rather be the old one
 * (README.md, Backups).
 */
export function opsEnvironment(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...source, APP_SECRET: source.APP_SECRET || 'not-used-by-backup-or-restore-0123456789abcdef' };
}

/** A program on PATH, or an OpsError saying which package brings it. */
export function findTool(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const full = path.join(dir, name);
    try {
      accessSync(full, constants.X_OK);
      return full;
    } catch {
      // not in this folder
    }
  }
  throw new OpsError(
    `${name} is not on PATH. Install PostgreSQL's client tools, the same major version as the server or newer ` +
      `(Debian and Ubuntu: apt-get install postgresql-client-15), or add their folder to PATH.`,
  );
}

/**
 * A PostgreSQL URL for pg_dump and pg_restore without its password, which goes in PGPASSWORD instead: a URL on the
 * command line is readable by every user of the machine in the process list.
 */
export function toolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The migrations this code knows, by the time drizzle records for each (`created_at`), oldest first. */
export function knownMigrations(): Array<{ when: number; tag: string }> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.map((e) => ({ when: e.when, tag: e.tag }));
}

/** The tags of the applied migrations (drizzle's `created_at` of each row); one this code does not know by its time. */
export function migrationTags(createdAt: readonly number[]): string[] {
  const byWhen = new Map(knownMigrations().map((m) => [m.when, m.tag]));
  return createdAt.map(
    (when) => byWhen.get(Number(when)) ?? `unknown migration of ${new Date(Number(when)).toISOString()}`,
  );
}

/** Counts and hashes what passes through. */
export function hashing(): Transform & { digest(): { bytes: number; sha256: string } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => ({ bytes, sha256: hash.digest('hex') }) });
}

const BLOCK = 512;
const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** One entry's header blocks: a pax header first when the path is too long for the ustar fields. */
function headerBlocks(entryPath: string, size: number, mtime: Date): Buffer[] {
  const data = {
    path: entryPath,
    size,
    mode: 0o644,
    uid: 0,
    gid: 0,
    uname: '',
    gname: '',
    mtime,
    type: 'File' as const,
  };
  const block = Buffer.alloc(BLOCK);
  const needPax = new Header(data).encode(block, 0);
  return needPax ? [new Pax(data).encode(), block] : [block];
}

/**
 * The bytes of one tar entry of `size` bytes: header, body, padding. The body is streamed, never held; one that
 * turns out longer or shorter than `size` (a file changed while it was read) fails the archive.
 */
export async function* tarEntry(
  entryPath: string,
  size: number,
  body: AsyncIterable<Buffer> | Iterable<Buffer>,
  onDone: (part: Part) => void,
): AsyncGenerator<Buffer> {
  yield* headerBlocks(entryPath, size, new Date());
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > size) throw new OpsError(`${entryPath} grew while it was being archived (more than ${size} bytes)`);
    hash.update(chunk);
    yield chunk;
  }
  if (bytes !== size) throw new OpsError(`${entryPath} shrank while it was being archived (${bytes} of ${size} bytes)`);
  const pad = padding(size);
  if (pad) yield Buffer.alloc(pad);
  onDone({ path: entryPath, bytes, sha256: hash.digest('hex') });
}

/** A small entry held in memory (the manifest). */
export async function* tarBytes(entryPath: string, bytes: Buffer): AsyncGenerator<Buffer> {
  yield* tarEntry(entryPath, bytes.length, [bytes], () => undefined);
}

/** Two zero blocks end a tar. */
export const tarEnd = () => Buffer.alloc(BLOCK * 2);

/** One entry of an archive being read: its path and size, and its body as a stream read from the file on demand. */
export interface ArchiveEntry {
  path: string;
  size: number;
  body(): Readable;
}

/**
 * Reads a tar entry by entry, awaiting `onEntry` for each before the next: positioned reads of the file, so that a
 * body is streamed from the disk only when the caller asks for it and nothing waits in memory. Only regular files
 * (with pax headers for long paths) are expected; anything else, a header whose checksum is wrong or an archive
 * cut short is refused.
 */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    throw new OpsError(`Cannot read the archive ${file}: ${(err as Error).message}`);
  }
  try {
    const { size: total } = await handle.stat();
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    let pax: Pax | null = null;
    for (;;) {
      if (offset + BLOCK > total) throw new OpsError(`${file} is cut short: it ends inside an entry's header`);
      await handle.read(block, 0, BLOCK, offset);
      if (block.every((b) => b === 0)) return; // the end
      const header = new Header(block, 0, pax ?? undefined);
      if (!header.cksumValid) throw new OpsError(`${file} is damaged: a header at byte ${offset} fails its checksum`);
      const size = header.size ?? 0;
      const start = offset + BLOCK;
      if (start + size > total) throw new OpsError(`${file} is cut short: ${header.path} ends past the file's end`);
      offset = start + size + padding(size);
      if (header.type === 'ExtendedHeader') {
        const text = Buffer.alloc(size);
        await handle.read(text, 0, size, start);
        pax = Pax.parse(text.toString('utf8'), pax ?? undefined);
        continue;
      }
      if (header.type === 'GlobalExtendedHeader') continue;
      // A pax path is the whole path (the ustar prefix field beside it holds only what fit).
      const entryPath = pax?.path ?? header.path ?? '';
      pax = null;
      if (header.type !== 'File' && header.type !== 'OldFile')
        throw new OpsError(`${file} holds a ${header.type} entry (${entryPath}): not an Olympus backup`);
      await onEntry({
        path: entryPath,
        size,
        body: () => (size === 0 ? Readable.from([]) : createReadStream(file, { start, end: start + size - 1 })),
      });
    }
  } finally {
    await handle.close();
  }
}
