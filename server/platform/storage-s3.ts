import { createHash } from 'node:crypto';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type FileStorage, checkKey, diskStorage, newKey } from './storage.js';

/** Where the bucket is and who may use it: the S3_* settings (server/config.ts), all given together. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An S3 store, and its connections closed when the server closes. */
export type S3Storage = FileStorage & { close(): void };

/**
 * Node 20 is still a supported runtime of Olympus (package.json's engines) until its own end of life; the SDK warns
 * of its own future end of support for it once per process, through process.emitWarning, which would print on
 * every start and in every test. The SDK's documented switch turns that one warning off (any other warning still
 * shows); a value the operator set is kept.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Streamed uploads go up in parts of this size (S3's minimum part is 5 MiB), two at a time. */
const PART_BYTES = 8 * 1024 * 1024;

const isMissing = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404 ||
  (err as { name?: string })?.name === 'NoSuchKey';

/** A missing file fails as the disk's does (ENOENT), whichever store is in use. */
function missingFile(key: string): Error {
  return Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
}

/**
 * Files in an S3-compatible bucket (decision 100), under the same keys as on the disk. Addressed path-style
 * (`endpoint/bucket/key`), which MinIO, Ceph and the other S3-compatible stores accept without a DNS name per
 * bucket. Every write is one PUT (or one multipart upload, completed at its end), so a reader sees a whole object
 * or none, never half of one.
 */
export function s3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer default checksum
    // trailers of streamed uploads, and no answer of theirs carries one to validate.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
    } catch (err) {
      throw isMissing(err) ? missingFile(key) : err;
    }
  }

  const putAt = async (key: string, bytes: Buffer) => {
    await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentLength: bytes.length }));
  };

  return {
    async put(name, bytes) {
      const key = newKey(name);
      await putAt(key, bytes);
      return { key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    putAt,
    async get(key) {
      const { Body } = await getObject(key);
      return Buffer.from(await Body!.transformToByteArray());
    },
    async exists(key) {
      return (await this.size(key)) != null;
    },
    async size(key) {
      try {
        checkKey(key);
      } catch {
        return null; // as on the disk: a key no store can hold names no stored file
      }
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err; // an unreachable store is not a missing file
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async open(key) {
      // A missing object fails here, before the caller has sent anything.
      return (await getObject(key)).Body as Readable;
    },
    async putStreamAt(key, body) {
      checkKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const feeding = pipeline(body, counted);
      // The parts stay invisible until the upload completes; a failed upload aborts and leaves no object.
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counted }, partSize: PART_BYTES });
      try {
        await Promise.all([feeding, upload.done()]);
      } catch (err) {
        body.destroy();
        counted.destroy();
        throw err;
      }
      return { size };
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      }
    },
    close: () => client.destroy(),
  };
}

/**
 * The store this installation uses, the one choice for the server and the backup commands: the S3-compatible bucket
 * when S3_* is set (decision 100), else DATA_DIR/files. `where` names it in messages; `close` ends its connections.
 */
export function configuredStorage(config: { s3?: S3Settings | null; dataDir: string }): {
  storage: FileStorage;
  where: string;
  close(): void;
} {
  if (config.s3) {
    const s3 = s3Storage(config.s3);
    return {
      storage: s3,
      where: `the S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}`,
      close: () => s3.close(),
    };
  }
  const root = path.join(config.dataDir, 'files');
  return { storage: diskStorage(root), where: root, close: () => undefined };
}
