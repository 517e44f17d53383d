import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files live (uploads, attachments, certificates). One interface, so that an S3-compatible store can
 * replace the disk without touching the features.
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
  delete(key: string): Promise<void>;
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
    if (!/^[\w/.-]+$/.test(key) || key.includes('..')) throw new Error('Invalid storage key');
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return full;
  };
  return {
    async put(name, bytes) {
      const month = new Date().toISOString().slice(0, 7);
      const key = `${month}/${randomBytes(12).toString('hex')}-${safeName(name)}`;
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
    get: (key) => readFile(resolve(key)),
    async exists(key) {
      try {
        await stat(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    delete: (key) => rm(resolve(key), { force: true }),
  };
}
