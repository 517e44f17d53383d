import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const secret = 'a-secret-that-is-at-least-32-characters-long';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ APP_SECRET: secret, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ APP_SECRET: secret });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.appSecret).toBe(secret);
  });

  it('keeps a warm database pool outside tests, unless told otherwise (decision 057)', () => {
    expect(loadConfig({ APP_SECRET: secret }).databasePoolWarm).toBe(true);
    expect(loadConfig({ APP_SECRET: secret, NODE_ENV: 'production' }).databasePoolWarm).toBe(true);
    expect(loadConfig({ APP_SECRET: secret, NODE_ENV: 'test' }).databasePoolWarm).toBe(false);
    expect(loadConfig({ APP_SECRET: secret, NODE_ENV: 'test', DATABASE_POOL_WARM: 'yes' }).databasePoolWarm).toBe(true);
    expect(loadConfig({ APP_SECRET: secret, DATABASE_POOL_WARM: '0' }).databasePoolWarm).toBe(false);
    expect(configError({ DATABASE_POOL_WARM: 'sometimes' })).toContain('DATABASE_POOL_WARM');
  });

  it('reads what it is given', () => {
    const config = loadConfig({
      APP_SECRET: secret,
      PORT: '8080',
      DATA_DIR: path.join(tmp, 'given'),
      DATABASE_URL: 'postgresql://user:pw@db.example.org:5432/olympus',
      SMTP_URL: 'smtps://user:pw@mail.example.org:465',
      PUBLIC_URL: 'https://olympus.example.org/',
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.join(tmp, 'given'),
      databaseUrl: 'postgresql://user:pw@db.example.org:5432/olympus',
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      publicUrl: 'https://olympus.example.org',
      limits: { signinFailuresPerAccount: 5 },
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT: .*number/i],
    [{ PORT: '70000' }, /PORT: /],
    [{ PORT: '3000.5' }, /PORT: /],
    [
      { DATABASE_URL: 'mysql://localhost/olympus' },
      /DATABASE_URL: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    [{ SMTP_URL: 'http://mail.example.org' }, /SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ PUBLIC_URL: 'olympus.example.org' }, /PUBLIC_URL: PUBLIC_URL must be an absolute URL/],
    [{ APP_SECRET: 'short' }, /APP_SECRET: APP_SECRET must be at least 32 characters/],
    [{ SIGNIN_MAX_FAILURES_PER_ACCOUNT: '0' }, /SIGNIN_MAX_FAILURES_PER_ACCOUNT: /],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: /],
  ])('fails fast on %j with a message naming the variable', (env, message) => {
    const text = configError(env);
    expect(text).toMatch(/^Invalid environment:\n/);
    expect(text).toMatch(message);
  });

  it('lists every bad variable at once', () => {
    const text = configError({ PORT: 'x', DATABASE_URL: 'mysql://x', SMTP_URL: 'x', PUBLIC_URL: 'x' });
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL']) expect(text).toContain(`  ${name}: `);
  });

  it('files in S3 with all five S3_* settings, on the disk with none, and refused with some (decision 100)', () => {
    const s3 = {
      S3_ENDPOINT: 'https://s3.example.org',
      S3_BUCKET: 'olympus-files',
      S3_REGION: 'af-south-1',
      S3_ACCESS_KEY_ID: 'AKIAOLYMPUS',
      S3_SECRET_ACCESS_KEY: 'the-secret-access-key-of-the-test',
    };
    expect(loadConfig({ APP_SECRET: secret }).s3).toBeNull();
    expect(loadConfig({ APP_SECRET: secret, S3_ENDPOINT: '', S3_BUCKET: ' ' }).s3).toBeNull();
    const config = loadConfig({ APP_SECRET: secret, ...s3 });
    expect(config.s3).toEqual({
      endpoint: 'https://s3.example.org',
      bucket: 'olympus-files',
      region: 'af-south-1',
      accessKeyId: 'AKIAOLYMPUS',
      secretAccessKey: 'the-secret-access-key-of-the-test',
    });
    // The overlord's view of the environment never holds the secret key.
    const shown = Object.fromEntries(config.environment.map((e) => [e.name, e]));
    expect(shown.S3_SECRET_ACCESS_KEY).toEqual({ name: 'S3_SECRET_ACCESS_KEY', value: null, secret: true, set: true });
    expect(shown.S3_BUCKET).toMatchObject({ value: 'olympus-files', secret: false });
    expect(JSON.stringify(config.environment)).not.toContain(s3.S3_SECRET_ACCESS_KEY);

    const { S3_REGION: _region, S3_SECRET_ACCESS_KEY: _secret, ...some } = s3;
    const text = configError(some);
    expect(text).toContain('  S3_REGION: S3_REGION is missing: files in S3 need all of S3_ENDPOINT, S3_BUCKET,');
    expect(text).toContain('  S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is missing');
    expect(configError({ ...s3, S3_ENDPOINT: 's3.example.org' })).toContain(
      'S3_ENDPOINT: S3_ENDPOINT must be an http:// or https:// URL',
    );
    expect(configError({ ...s3, S3_BUCKET: 'ab' })).toContain('S3_BUCKET: S3_BUCKET must be a bucket name');
  });

  it('generates APP_SECRET once and keeps it in DATA_DIR', () => {
    const dataDir = path.join(tmp, 'fresh', 'data');
    expect(existsSync(dataDir)).toBe(false);
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'app-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by its owner only
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first.appSecret);
    expect(loadConfig({ DATA_DIR: path.join(tmp, 'other') }).appSecret).not.toBe(first.appSecret);
    // a given APP_SECRET wins over the kept one
    expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret }).appSecret).toBe(secret);
  });

  it('refuses every BENCH_* setting with NODE_ENV=production, naming each, and allows them elsewhere', () => {
    const message = configError({ NODE_ENV: 'production', BENCH_LEARNERS: '100', BENCH_BARE_ROUTE: '1' });
    expect(message).toContain('BENCH_LEARNERS: benchmark settings are refused with NODE_ENV=production');
    // A setting this version no longer reads is refused too: its name alone says it was meant for a benchmark.
    expect(message).toContain('BENCH_BARE_ROUTE: benchmark settings are refused with NODE_ENV=production');
    expect(configError({ NODE_ENV: 'production', BENCH_INVOICE_SCHOOLS: '0' })).toContain('BENCH_INVOICE_SCHOOLS');
    // An empty value is no setting at all.
    expect(loadConfig({ APP_SECRET: secret, NODE_ENV: 'production', BENCH_LEARNERS: '' }).bench.learners).toBe(0);
    expect(loadConfig({ APP_SECRET: secret, NODE_ENV: 'development', BENCH_LEARNERS: '100' }).bench.learners).toBe(100);
  });

  it('stops a production server with a benchmark setting at start, before it opens its database', () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const dataDir = path.join(tmp, 'bench-in-production');
    const result = spawnSync(tsx, ['server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        APP_SECRET: secret,
        BENCH_LEARNERS: '50',
        DATA_DIR: dataDir,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid environment:\n\s+BENCH_LEARNERS: benchmark settings are refused/);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 70_000);

  it('stops the server at start with the message and exit code 1', () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const result = spawnSync(tsx, ['server/main.ts'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: 'not-a-port', DATA_DIR: path.join(tmp, 'main') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid environment:\n\s+PORT: /);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  }, 70_000);
});
