import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { type TestS3, startTestS3 } from '../../test/s3.js';
import { s3Storage } from '../../platform/storage-s3.js';

/** The server with its files in an S3-compatible bucket (decision 100): an upload goes there and comes back whole. */
let s3: TestS3;
let server: TestServer;

beforeAll(async () => {
  s3 = await startTestS3();
  server = await startTestServer({ env: { ...s3.env, MAIL_SENDER: 'false', JOBS_WORKER: 'false' } });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe('POST /upload/api/ and GET /upload/api/{id} with the files in S3', () => {
  it('the upload is stored in the bucket, not on the disk, and downloads byte for byte with its headers', async () => {
    const admin = await server.as('admin');
    const [olympiad] = await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-demo'`;
    const olympiadId = olympiad!.id;
    // A PDF of a few MB: more than the SDK reads in one chunk, less than the upload limit.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
    const res = await admin.upload('/upload/api/', { bytes: pdf, name: 'Rules 2026.pdf' }, { query: { olympiadId } });
    expect(res.status, res.text).toBe(200);
    const { id, filename } = res.body.upload as { id: number; filename: string };

    // In the bucket under the key the row names, and nothing under DATA_DIR/files.
    const e = s3.env;
    const bucket = s3Storage({
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    });
    try {
      expect(await bucket.size(filename)).toBe(pdf.length);
    } finally {
      bucket.close();
    }
    expect(existsSync(path.join(server.app.config.dataDir, 'files'))).toBe(false);

    const download = await fetch(`${server.url}/upload/api/${id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(download.status).toBe(200);
    expect(Object.fromEntries(download.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `attachment; filename="Rules 2026.pdf"; filename*=UTF-8''Rules%202026.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('the overlord sees the S3 settings in the environment, the secret key masked', async () => {
    const overlord = await server.as('overlord');
    const res = await overlord.get('/api/system-config/');
    expect(res.status).toBe(200);
    const env = Object.fromEntries(res.body.environment.map((x: { name: string }) => [x.name, x]));
    expect(env.S3_SECRET_ACCESS_KEY).toEqual({ name: 'S3_SECRET_ACCESS_KEY', value: null, secret: true, set: true });
    expect(env.S3_ENDPOINT).toMatchObject({ value: s3.env.S3_ENDPOINT, secret: false, set: true });
  });
});
