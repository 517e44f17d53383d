import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where files live (uploads, attachments, certificates). One interface, so that an S3-compatible store
 * (storage-s3.ts, decision 100) replaces the disk without touching the features. A missing file's `get` and `open`
 * fail (ENOENT on either store); `exists` and `size` answer it without failing.
 */
export interface FileStorage {
  /** Stores bytes under a new unique key that keeps a safe form of `name`; answers the key. */
  put(name: string, bytes: Buffer): Promise<{ key: string; size: number; sha256: string }>;
  /**
   * Stores bytes under a key the caller derives from a stored file's (an image's resized copy beside it): written
   * whole or not at all, so that a reader never sees half a file; writing the same key again replaces it.
   */
  putAt(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** A stored file's size in bytes, or null when there is none (a download's Content-Length, read before `open`). */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** The bytes of a stored file as a stream, for a download or a backup that should not hold it in memory. */
  open(key: string): Promise<Readable>;
  /** Stores a stream under exactly this key (a restore), written whole or not at all; answers its size. */
  putStreamAt(key: string, body: Readable): Promise<{ size: number }>;
  /** Every stored file's key and size, in no particular order (a backup). */
  list(): AsyncIterable<{ key: string; size: number }>;
}

/** A new unique key that keeps a safe form of `name`, under the month it was stored in. */
export function newKey(name: string): string {
  const month = new Date().toISOString().slice(0, 7);
  return `${month}/${randomBytes(12).toString('hex')}-${safeName(name)}`;
}

/** A key as every store accepts it: letters, digits, dot, dash, underscore and slashes, never `..`. */
export function checkKey(key: string): string {
  if (!/^[\w/.-]+$/.test(key) || key.includes('..') || key.startsWith('/')) throw new Error('Invalid storage key');
  return key;
}

/** Keeps only letters, digits, dot, dash and underscore; never a path. */
export function safeName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  const cleaned = base
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-120);
  return cleaned || 'file';
}

/** Files on local disk under `root` (DATA_DIR/files). */
export function diskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, checkKey(key));
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return full;
  };
  return {
    async put(name, bytes) {
      const key = newKey(name);
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: 'wx' });
      return { key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async putAt(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Two processes may make the same copy at once: each writes its own file and the rename is atomic.
      const partial = `${full}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(partial, bytes);
      await rename(partial, full);
    },
    // async, so that a refused key is a rejection like any other failure, never a throw at the call
    get: async (key) => readFile(resolve(key)),
    async exists(key) {
      try {
        await stat(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async size(key) {
      try {
        const found = await stat(resolve(key));
        return found.isFile() ? found.size : null;
      } catch {
        return null;
      }
    },
    delete: async (key) => rm(resolve(key), { force: true }),
    async open(key) {
      const full = resolve(key);
      await stat(full); // a missing file fails here, before the caller has sent anything
      return createReadStream(full);
    },
    async putStreamAt(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const partial = `${full}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(partial));
        await rename(partial, full);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return { size: (await stat(full)).size };
    },
    async *list() {
      const base = path.resolve(root);
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch {
        return; // nothing stored yet
      }
      for (const e of entries) {
        if (!e.isFile() || e.name.endsWith('.part')) continue;
        const full = path.join(e.parentPath, e.name);
        const key = path.relative(base, full).split(path.sep).join('/');
        yield { key, size: (await stat(full)).size };
      }
    },
  };
}
