import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestS3, startTestS3 } from '../test/s3.js';
import { type FileStorage, diskStorage } from './storage.js';
import { type S3Storage, s3Storage } from './storage-s3.js';

/**
 * One suite over both stores (decision 100): whatever a feature or a backup does with the disk it does alike with
 * an S3-compatible bucket (s3rver, a real S3-protocol server).
 */
let s3: TestS3;
let s3Store: S3Storage;
const diskRoot = mkdtempSync(path.join(os.tmpdir(), 'olympus-storage-'));

beforeAll(async () => {
  s3 = await startTestS3();
  const e = s3.env;
  s3Store = s3Storage({
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  });
});
afterAll(async () => {
  s3Store?.close();
  await s3?.close();
  rmSync(diskRoot, { recursive: true, force: true });
});

const stores: Array<[string, () => FileStorage]> = [
  ['the disk', () => diskStorage(diskRoot)],
  ['S3', () => s3Store],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe.each(stores)('files on %s', (_name, storeOf) => {
  it('put keeps a safe form of the name under a new key; get, open, exists and size read it back', async () => {
    const store = storeOf();
    const bytes = Buffer.from('Hello, Olympus');
    const stored = await store.put('../../etc/Report 2026 (final).pdf', bytes);
    expect(stored.key).toMatch(/^\d{4}-\d{2}\/[0-9a-f]{24}-Report-2026-final-.pdf$/);
    expect(stored).toMatchObject({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(await store.get(stored.key)).toEqual(bytes);
    expect(await bytesOf(await store.open(stored.key))).toEqual(bytes);
    expect(await store.exists(stored.key)).toBe(true);
    expect(await store.size(stored.key)).toBe(bytes.length);
    // The same name twice is two files.
    expect((await store.put('../../etc/Report 2026 (final).pdf', bytes)).key).not.toBe(stored.key);
  });

  it('putAt writes exactly that key and replaces what was there; delete removes it, and again is no error', async () => {
    const store = storeOf();
    const key = `copies/${randomBytes(4).toString('hex')}-640w.webp`;
    await store.putAt(key, Buffer.from('first'));
    await store.putAt(key, Buffer.from('second, longer'));
    expect((await store.get(key)).toString()).toBe('second, longer');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key);
  });

  it('a missing key: get and open fail as on the disk (ENOENT), exists is false and size null', async () => {
    const store = storeOf();
    const key = '2020-01/never-stored.pdf';
    await expect(store.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.open(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.get(key).catch(() => null)).toBeNull(); // what the image routes do with a missing copy
    expect(await store.exists(key)).toBe(false);
    expect(await store.size(key)).toBeNull();
  });

  it('refuses a key that is not a plain relative path, before it reaches the store', async () => {
    const store = storeOf();
    for (const key of ['../outside', '/etc/passwd', 'a/../../b', 'a b', 'a\\b', '']) {
      await expect(store.get(key), key).rejects.toThrow('Invalid storage key');
      await expect(store.open(key), key).rejects.toThrow('Invalid storage key');
      await expect(store.putAt(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
      await expect(store.putStreamAt(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(store.delete(key), key).rejects.toThrow('Invalid storage key');
      expect(await store.exists(key), key).toBe(false);
    }
  });

  it('a file of several MB streams in and out whole, and list names it with its size', async () => {
    const store = storeOf();
    const big = randomBytes(12 * 1024 * 1024 + 12_345); // more than one part of a multipart upload
    const key = `restore/${randomBytes(4).toString('hex')}-big.bin`;
    // In small chunks, as a backup file is read.
    const chunks = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) =>
      big.subarray(i * 65_536, (i + 1) * 65_536),
    );
    expect(await store.putStreamAt(key, Readable.from(chunks))).toEqual({ size: big.length });
    const back = await bytesOf(await store.open(key));
    expect(back.length).toBe(big.length);
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    const listed = new Map<string, number>();
    for await (const f of store.list()) listed.set(f.key, f.size);
    expect(listed.get(key)).toBe(big.length);
    await store.delete(key);
  }, 60_000);

  it('a stream that fails half-way stores nothing under its key', async () => {
    const store = storeOf();
    const key = `restore/${randomBytes(4).toString('hex')}-broken.bin`;
    async function* failing() {
      yield randomBytes(1024);
      throw new Error('the backup file ended early');
    }
    await expect(store.putStreamAt(key, Readable.from(failing()))).rejects.toThrow('the backup file ended early');
    expect(await store.exists(key)).toBe(false);
    for await (const f of store.list()) expect(f.key).not.toBe(key);
  });

  it('list names every stored file once, with its size', async () => {
    const store = storeOf();
    const a = await store.put('a.txt', Buffer.from('aaa'));
    const b = await store.put('b.txt', Buffer.from('bbbbb'));
    const listed: Array<{ key: string; size: number }> = [];
    for await (const f of store.list()) listed.push(f);
    expect(listed.filter((f) => f.key === a.key)).toEqual([{ key: a.key, size: 3 }]);
    expect(listed.filter((f) => f.key === b.key)).toEqual([{ key: b.key, size: 5 }]);
    expect(new Set(listed.map((f) => f.key)).size).toBe(listed.length);
  });
});
