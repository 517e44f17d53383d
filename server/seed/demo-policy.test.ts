import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { hashPassword } from '../platform/passwords.js';
import { startTestServer } from '../test/harness.js';
import { demoUsernames } from './demo.js';
import { demoAccountsPresent, demoSeeding, listenHost, prepareDemo } from './demo-policy.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-seed-policy-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('demoSeeding', () => {
  it.each([
    ['development', 'auto', 'pglite', true],
    ['test', 'auto', 'pglite', true],
    ['development', 'auto', 'postgres', false],
    ['development', 'always', 'postgres', true],
    ['development', 'never', 'pglite', false],
    ['production', 'auto', 'pglite', false],
    ['production', 'auto', 'postgres', false],
    ['production', 'never', 'pglite', false],
  ] as const)('NODE_ENV=%s SEED_DEMO=%s on %s: seed %s', (env, seedDemo, kind, seed) => {
    expect(demoSeeding({ env, seedDemo }, kind).seed).toBe(seed);
  });

  it('says why it does not seed', () => {
    expect(demoSeeding({ env: 'production', seedDemo: 'auto' }, 'pglite')).toEqual({
      seed: false,
      why: 'NODE_ENV=production',
    });
    expect(demoSeeding({ env: 'development', seedDemo: 'auto' }, 'postgres')).toMatchObject({
      why: expect.stringContaining('npm run seed:demo'),
    });
  });

  it('SEED_DEMO=always is refused with NODE_ENV=production at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'always', DATA_DIR: path.join(tmp, 'cfg') })).toThrow(
      /SEED_DEMO: SEED_DEMO=always is refused with NODE_ENV=production/,
    );
  });
});

describe('listenHost', () => {
  it('listens on this machine only while the demo accounts exist, unless HOST says otherwise', () => {
    expect(listenHost(undefined, true)).toMatchObject({
      host: '127.0.0.1',
      note: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(listenHost(undefined, false)).toEqual({ host: '0.0.0.0' });
    expect(listenHost('0.0.0.0', true)).toEqual({ host: '0.0.0.0' });
    expect(listenHost('::1', false)).toEqual({ host: '::1' });
    expect(loadConfig({ DATA_DIR: path.join(tmp, 'cfg') }).host).toBeUndefined();
    expect(loadConfig({ DATA_DIR: path.join(tmp, 'cfg'), HOST: '' }).host).toBeUndefined();
  });
});

// These start a real server on a fresh database and hash the demo passwords: slow on a busy machine.
describe('demoAccountsPresent', () => {
  it('is true while a demo account signs in with the public password, false once none does', async () => {
    const server = await startTestServer();
    try {
      expect(await demoAccountsPresent(server.db)).toBe(true);
      const other = await hashPassword('not-the-demo-password');
      await server.db.execute(
        sql`update users set password_hash = ${other}
        where lower(username) in (${sql.join(
          demoUsernames.map((u) => sql`${u}`),
          sql`, `,
        )}) returning id`,
      );
      expect(await demoAccountsPresent(server.db)).toBe(false);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('is false on a database without the demo data', async () => {
    const server = await startTestServer({ seed: false });
    try {
      expect(await demoAccountsPresent(server.db)).toBe(false);
    } finally {
      await server.close();
    }
  }, 120_000);
});

const tsx = path.resolve('node_modules/.bin/tsx');

describe('at start (prepareDemo, as server/main.ts calls it)', () => {
  const config = (env: 'development' | 'production', host?: string) => ({
    env,
    seedDemo: 'auto' as const,
    host,
    port: 3000,
  });

  it('on a fresh embedded database adds the demo accounts and listens on 127.0.0.1 only, and says so', async () => {
    const server = await startTestServer({ seed: false });
    try {
      const start = await prepareDemo(config('development'), { db: server.db, kind: 'pglite' });
      expect(start.host).toBe('127.0.0.1');
      const text = start.lines.join('\n');
      expect(text).toContain('Listening on 127.0.0.1 only: the demo accounts (public password) exist');
      expect(text).toContain('Demo accounts (password "olympus-demo")');
      // The next start finds them again and still keeps to this machine.
      const again = await prepareDemo(config('development'), { db: server.db, kind: 'pglite' });
      expect(again.host).toBe('127.0.0.1');
      expect(again.lines.join('\n')).toContain('The demo accounts exist');
      // HOST says otherwise: it wins.
      expect((await prepareDemo(config('development', '0.0.0.0'), { db: server.db, kind: 'pglite' })).host).toBe(
        '0.0.0.0',
      );
    } finally {
      await server.close();
    }
  }, 120_000);

  it('with NODE_ENV=production, or on PostgreSQL, adds no demo accounts and listens on every interface', async () => {
    const server = await startTestServer({ seed: false });
    try {
      const production = await prepareDemo(config('production'), { db: server.db, kind: 'pglite' });
      expect(production.host).toBe('0.0.0.0');
      expect(production.lines.join('\n')).toContain('No demo accounts: NODE_ENV=production.');
      const postgres = await prepareDemo(config('development'), { db: server.db, kind: 'postgres' });
      expect(postgres.host).toBe('0.0.0.0');
      expect(postgres.lines.join('\n')).toContain('npm run seed:demo');
      const [users] = await server.query<{ n: number }>`select count(*)::int as n from users`;
      expect(users?.n).toBe(0);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('`npm run seed:demo` refuses with NODE_ENV=production', () => {
    const result = spawnSync(tsx, ['server/seed/cli.ts'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: path.join(tmp, 'cli') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run seed:demo: refused with NODE_ENV=production');
  }, 90_000);
});
