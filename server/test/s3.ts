import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './processes.js';

/** A real S3-protocol server for one test file (s3rver), with one bucket of its own in a temporary directory. */
export interface TestS3 {
  /** The S3_* settings that put a server's files in this bucket: `startTestServer({ env: s3.env })`. */
  env: Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string>;
  /** Where s3rver keeps the bucket's objects. */
  directory: string;
  close(): Promise<void>;
}

/** s3rver checks signatures with its own fixed credentials; its bucket names need three characters at least. */
export async function startTestS3(bucket = 'olympus-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'olympus-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  try {
    await server.run();
  } catch (err) {
    rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  let closed = false;
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
