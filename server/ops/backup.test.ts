import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openPglite, openPostgres } from '../db/client.js';
import { diskStorage } from '../platform/storage.js';
import { s3Storage } from '../platform/storage-s3.js';
import { createUser } from '../seed/factories.js';
import { adminQuery, databaseUrlFor } from '../test/databases.js';
import { type TestServer, demoIds, demoPassword, startTestServer } from '../test/harness.js';
import { type ServerProcess, freshRequest, startServerProcess } from '../test/processes.js';
import { startTestS3 } from '../test/s3.js';
import { MANIFEST, Manifest, readArchive } from './archive.js';

/**
 * Backups that restore (decision 102): `npm run backup` and `npm run restore` as an operator runs them, in processes
 * of their own. On PostgreSQL: learners write on a running server, a backup is taken mid-paper while answers keep
 * arriving, it is restored into a new database and a new file store, and `npm start`'s server on the result holds
 * every answer acknowledged before the backup began and serves the files byte for byte. On PGlite: the backup of
 * the stopped server's data directory. CI's PostgreSQL pass (.ci/run) runs the first, its PGlite pass the second.
 */
const postgres = inject('postgres');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` (their scripts, without npm's own lines) with this environment. */
function ops(script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>): Promise<Ran> {
  const environment: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env };
  for (const [k, v] of Object.entries(environment)) if (v === undefined) delete environment[k];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/ops/${script}.ts`, ...args],
      { cwd: root, env: environment },
      (err, stdout, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

const scratch = () => mkdtempSync(path.join(os.tmpdir(), 'olympus-backup-test-'));

/** Every file under a folder, by its path relative to it. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort()
    : [];

/** A copy of the archive with one byte of `inside` (bytes it holds) changed: a file damaged on its way. */
function damagedCopy(archive: string, inside: Buffer, to: string): void {
  const bytes = readFileSync(archive);
  const at = bytes.indexOf(inside.subarray(1000, 1064));
  expect(at).toBeGreaterThan(0);
  bytes[at + 10] = bytes[at + 10]! ^ 0xff;
  writeFileSync(to, bytes);
}

describe.skipIf(!postgres)('backup and restore on PostgreSQL (skipped on PGlite)', () => {
  let server: TestServer;
  let restored: ServerProcess | null = null;
  const dir = scratch();
  const archive = path.join(dir, 'olympus.backup');
  const databases: string[] = [];

  /** A new, empty database on the test PostgreSQL (dropped after the file). */
  const emptyDatabase = async (tag: string) => {
    const name = `${postgres!.prefix}_${tag}_${process.pid}`;
    await adminQuery(postgres!.url, `create database "${name}"`);
    databases.push(name);
    return databaseUrlFor(postgres!.url, name);
  };
  const tablesIn = async (url: string) =>
    (
      await adminQuery<{ n: number }>(
        url,
        `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    server = await startTestServer({ env: { SITTING_SWEEP_SECONDS: '0', MAIL_SENDER: 'false', JOBS_WORKER: 'false' } });
  });
  afterAll(async () => {
    await restored?.stop();
    await server?.close();
    for (const name of databases) await adminQuery(postgres!.url, `drop database if exists "${name}" with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new learner of geo-demo at the paper: the token and the questions that take a number or a word. */
  const learnerAtPaper = async (demo: Awaited<ReturnType<typeof demoIds>>) => {
    const user = await createUser(server.db, {
      role: 'learner',
      olympiadId: demo.geoDemo,
      schoolId: demo.school1,
      password: demoPassword,
      grade: 9,
      email: null,
    });
    const token = (await server.signIn(user.username, { olympiadName: 'geo-demo' })).accessToken.token;
    const learner = server.withToken(token);
    const base = '/api/sitting/geo-demo';
    expect((await learner.post(`${base}/declaration`, { body: { accept: true } })).status).toBe(200);
    const pin = await learner.post(`${base}/recovery-pin`);
    expect((await learner.post(`${base}/recovery-pin/confirm`, { body: { pin: pin.body.pin } })).status).toBe(200);
    const details = { firstName: 'Ayanda', lastName: 'Zulu', grade: 10 };
    expect((await learner.put(`${base}/learner-details`, { body: details })).status).toBe(200);
    const paper = await learner.get(`${base}/paper`);
    expect(paper.status).toBe(200);
    const questions = (paper.body.modules as Array<{ questions: Array<{ id: number; type: string }> }>)
      .flatMap((m) => m.questions)
      .filter((q) => q.type === 'numeric' || q.type === 'short_text');
    expect(questions.length).toBeGreaterThan(1);
    return { userId: user.id, token, learner, questions };
  };

  it('a backup taken mid-paper restores into a new database and store: every acknowledged answer and every file is there', async () => {
    const demo = await demoIds(server);
    const admin = await server.as('admin');
    const uploads: Array<{ id: number; bytes: Buffer }> = [];
    for (const size of [2 * 1024 * 1024 + 17, 5000]) {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size), Buffer.from('\n%%EOF\n')]);
      const res = await admin.upload(
        '/upload/api/',
        { bytes, name: `Rules ${size}.pdf` },
        { query: { olympiadId: demo.geoDemo } },
      );
      expect(res.status, res.text).toBe(200);
      uploads.push({ id: res.body.upload.id as number, bytes });
    }

    // Learners save answers one after another; each save names its sequence number in its value.
    const learners = await Promise.all([1, 2, 3, 4].map(() => learnerAtPaper(demo)));
    interface Save {
      userId: number;
      questionId: number;
      seq: number;
      value: unknown;
      ackedAt: number;
    }
    const acked: Save[] = [];
    const sent = new Map<string, unknown>(); // `${userId}/${seq}` → value
    let writing = true;
    const writers = learners.map(async ({ userId, learner, questions }) => {
      for (let seq = 1; writing; seq++) {
        const q = questions[seq % questions.length]!;
        const value =
          q.type === 'numeric' ? { type: 'numeric', value: seq } : { type: 'short_text', text: `${userId}-${seq}` };
        sent.set(`${userId}/${seq}`, value);
        const res = await learner.put(`/api/sitting/geo-demo/answers/${q.id}`, { body: { value } });
        expect(res.status, res.text).toBe(200);
        acked.push({ userId, questionId: q.id, seq, value, ackedAt: Date.now() });
      }
    });
    while (acked.length < 40) await new Promise((r) => setTimeout(r, 20));

    const started = Date.now();
    const backup = await ops('backup', ['--out', archive], {
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: server.app.config.dataDir,
    });
    const ended = Date.now();
    expect(backup.stderr).toBe('');
    expect(backup.code, backup.stdout).toBe(0);
    // Answers kept arriving while the backup ran.
    expect(acked.filter((s) => s.ackedAt > started && s.ackedAt < ended).length).toBeGreaterThan(0);
    writing = false;
    await Promise.all(writers);
    expect(backup.stdout).toContain('files: 2');

    const url = await emptyDatabase('restored');
    const dataDir = path.join(dir, 'restored-data');
    const restore = await ops('restore', [archive], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(restore.stderr).toBe('');
    expect(restore.code, restore.stdout).toBe(0);
    expect(restore.stdout).toContain('files: 2');

    restored = await startServerProcess({
      databaseUrl: url,
      appSecret: server.appSecret,
      env: { DATA_DIR: dataDir, WEB_PROCESSES: '1', MAIL_SENDER: 'false', JOBS_WORKER: 'false' },
    });

    // Every answer acknowledged before the backup began is there: that one or a later one of the same learner.
    const ids = learners.map((l) => l.userId).join(',');
    const { rows } = await adminQuery<{ user_id: number; question_id: number; value: Record<string, unknown> }>(
      url,
      `select a.user_id, an.question_id, an.value from answers an join attempts a on a.id = an.attempt_id
       where a.user_id in (${ids})`,
    );
    const seqOf = (value: Record<string, unknown>) =>
      value.type === 'numeric' ? Number(value.value) : Number(String(value.text).split('-')[1]);
    const before = new Map<string, Save>();
    for (const s of acked) if (s.ackedAt < started) before.set(`${s.userId}/${s.questionId}`, s);
    expect(before.size).toBeGreaterThan(4);
    for (const [key, save] of before) {
      const row = rows.find((r) => `${r.user_id}/${r.question_id}` === key);
      expect(row, `the answer ${key} acknowledged before the backup`).toBeDefined();
      const seq = seqOf(row!.value);
      expect(seq).toBeGreaterThanOrEqual(save.seq);
      expect(row!.value).toEqual(sent.get(`${save.userId}/${seq}`));
    }

    // The learner's session holds on the restored server (same APP_SECRET), and the paper shows the answers.
    const first = learners[0]!;
    const paper = await freshRequest(restored.url, 'GET', '/api/sitting/geo-demo/paper', { token: first.token });
    expect(paper.status).toBe(200);
    const mine = rows.filter((r) => r.user_id === first.userId);
    expect((paper.body.answers as unknown[]).length).toBe(mine.length);

    // The files download from the restored server byte for byte.
    const signin = await freshRequest(restored.url, 'POST', '/api/auth/signin', {
      body: { username: 'admin', password: demoPassword, loginType: 'staff' },
    });
    expect(signin.status).toBe(200);
    for (const upload of uploads) {
      const res = await fetch(`${restored.url}/upload/api/${upload.id}`, {
        headers: { authorization: `Bearer ${signin.body.accessToken.token}` },
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(upload.bytes)).toBe(true);
    }
  }, 180_000);

  it('restore refuses a database that is not empty, and a store that is not empty, writing nothing', async () => {
    expect(existsSync(archive)).toBe(true);
    const full = server.databaseUrl!;
    const refused = await ops('restore', [archive], { DATABASE_URL: full, DATA_DIR: path.join(dir, 'unused') });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The database at DATABASE_URL is not empty');
    expect(filesUnder(path.join(dir, 'unused'))).toEqual([]);

    const url = await emptyDatabase('storefull');
    const dataDir = path.join(dir, 'store-full');
    mkdirSync(path.join(dataDir, 'files'), { recursive: true });
    await diskStorage(path.join(dataDir, 'files')).put('left-over.txt', Buffer.from('not ours'));
    const storeRefused = await ops('restore', [archive], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(storeRefused.code).toBe(1);
    expect(storeRefused.stderr).toMatch(/The file store \(.*\) is not empty/);
    expect(await tablesIn(url)).toBe(0);
    expect(filesUnder(path.join(dataDir, 'files'))).toHaveLength(1);
  }, 60_000);

  it('a damaged archive is refused by its checksums, with nothing written', async () => {
    const [upload] = await server.query<{ filename: string }>`select filename from uploads order by id limit 1`;
    const inside = readFileSync(path.join(server.app.config.dataDir, 'files', upload!.filename));
    const damaged = path.join(dir, 'damaged.backup');
    damagedCopy(archive, inside, damaged);
    const url = await emptyDatabase('damaged');
    const dataDir = path.join(dir, 'damaged-data');
    const refused = await ops('restore', [damaged], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is damaged; nothing was restored');
    expect(refused.stderr).toContain(`files/${upload!.filename} does not match its checksum`);
    expect(await tablesIn(url)).toBe(0);
    expect(filesUnder(dataDir)).toEqual([]);

    // Cut short: refused too.
    const cut = path.join(dir, 'cut.backup');
    writeFileSync(cut, readFileSync(archive).subarray(0, 300_000));
    const cutRefused = await ops('restore', [cut], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(cutRefused.code).toBe(1);
    expect(cutRefused.stderr).toContain('is cut short');
    expect(await tablesIn(url)).toBe(0);
  }, 60_000);

  it('--files-only restores the files alone into an empty store, leaving the database as it is', async () => {
    const dataDir = path.join(dir, 'files-only');
    const env = { DATABASE_URL: server.databaseUrl, DATA_DIR: dataDir };
    const res = await ops('restore', ['--files-only', archive], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(': 2 (');
    const source = path.join(server.app.config.dataDir, 'files');
    const names = filesUnder(source);
    expect(names).toHaveLength(2);
    expect(filesUnder(path.join(dataDir, 'files'))).toEqual(names);
    for (const name of names)
      expect(readFileSync(path.join(dataDir, 'files', name)).equals(readFileSync(path.join(source, name)))).toBe(true);
    const again = await ops('restore', ['--files-only', archive], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The file store \(.*\) is not empty/);
  }, 60_000);

  it('a backup of an older version restores, and the server migrates it forward at start', async () => {
    // A database migrated by the version before the last migration: the journal without its last entry.
    const older = path.join(dir, 'older-migrations');
    cpSync(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const last = journal.entries.pop()!;
    writeFileSync(journalFile, JSON.stringify(journal));
    const source = await emptyDatabase('older');
    const pool = new pg.Pool({ connectionString: source, max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: older });
    } finally {
      await pool.end();
    }
    const olderArchive = path.join(dir, 'older.backup');
    const backup = await ops('backup', ['--out', olderArchive], {
      DATABASE_URL: source,
      DATA_DIR: path.join(dir, 'older-data'),
    });
    expect(backup.code, backup.stderr).toBe(0);

    const url = await emptyDatabase('forward');
    const restore = await ops('restore', [olderArchive], { DATABASE_URL: url, DATA_DIR: path.join(dir, 'forward') });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('it applies the 1 migrations newer than the backup');
    const count = async () =>
      (await adminQuery<{ n: number }>(url, 'select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n;
    expect(await count()).toBe(journal.entries.length);
    // What `npm start` does first (server/start.ts).
    const database = openPostgres(url, 1);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    expect(await count()).toBe(journal.entries.length + 1);
    expect(last.tag).toMatch(/^\d{4}_/);
  }, 120_000);
});

describe.skipIf(!postgres)('backup and restore with the files in S3 (skipped on PGlite)', () => {
  const dir = scratch();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the files are read from one bucket and written into another through the storage interface', async () => {
    const from = await startTestS3('olympus-from');
    const to = await startTestS3('olympus-to');
    const server = await startTestServer({ env: { ...from.env, MAIL_SENDER: 'false', JOBS_WORKER: 'false' } });
    const name = `${postgres!.prefix}_s3_${process.pid}`;
    try {
      const demo = await demoIds(server);
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(6 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
      const admin = await server.as('admin');
      const res = await admin.upload(
        '/upload/api/',
        { bytes, name: 'Rules.pdf' },
        { query: { olympiadId: demo.geoDemo } },
      );
      expect(res.status, res.text).toBe(200);
      const key = res.body.upload.filename as string;
      const archive = path.join(dir, 'olympus.backup');
      const backup = await ops('backup', ['--out', archive], {
        ...from.env,
        DATABASE_URL: server.databaseUrl,
        DATA_DIR: path.join(dir, 'data'),
      });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('files: 1');

      await adminQuery(postgres!.url, `create database "${name}"`);
      const restore = await ops('restore', [archive], {
        ...to.env,
        DATABASE_URL: databaseUrlFor(postgres!.url, name),
        DATA_DIR: path.join(dir, 'restored'),
      });
      expect(restore.code, restore.stderr).toBe(0);
      const e = to.env;
      const bucket = s3Storage({
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      });
      try {
        const keys: string[] = [];
        for await (const item of bucket.list()) keys.push(item.key);
        expect(keys).toEqual([key]);
        expect((await bucket.get(key)).equals(bytes)).toBe(true);
      } finally {
        bucket.close();
      }
      expect(filesUnder(path.join(dir, 'restored'))).toEqual([]);
    } finally {
      await server.close();
      await adminQuery(postgres!.url, `drop database if exists "${name}" with (force)`);
      await from.close();
      await to.close();
    }
  }, 120_000);
});

describe.skipIf(Boolean(postgres))('backup and restore on the embedded PGlite (skipped on PostgreSQL)', () => {
  const dir = scratch();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the stopped server’s database and files restore into a new DATA_DIR; an open database is refused', async () => {
    const snapshot = inject('pgliteSnapshot');
    expect(snapshot).not.toBeNull();
    const dataDir = path.join(dir, 'data');
    cpSync(snapshot!.seeded, path.join(dataDir, 'pglite'), { recursive: true });
    const bytes = randomBytes(300_000);
    const { key } = await diskStorage(path.join(dataDir, 'files')).put('certificate background.png', bytes);
    const archive = path.join(dir, 'olympus.backup');
    const env = { DATABASE_URL: undefined, DATA_DIR: dataDir };

    // Open (as by a running server): refused, and no archive is written.
    const open = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const refused = await ops('backup', ['--out', archive], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is open: the server is running');
      expect(existsSync(archive)).toBe(false);
    } finally {
      await open.close();
    }

    const backup = await ops('backup', ['--out', archive], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('database: pglite');

    const restoredDir = path.join(dir, 'restored');
    const restore = await ops('restore', [archive], { DATABASE_URL: undefined, DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(readFileSync(path.join(restoredDir, 'files', key)).equals(bytes)).toBe(true);
    const users = async (database: { db: { execute(q: string): Promise<unknown> } }) =>
      ((await database.db.execute('select count(*)::int as n from users')) as { rows: Array<{ n: number }> }).rows[0]!
        .n;
    const source = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    const expected = await users(source as never);
    await source.close();
    const restoredDb = await openPglite({ dataDir: path.join(restoredDir, 'pglite') });
    try {
      expect(await users(restoredDb as never)).toBe(expected);
    } finally {
      await restoredDb.close();
    }

    // The database part is what PGlite's own loadDataDir loads (the layout of its dumpDataDir).
    let manifest: Manifest | null = null;
    let tarball: Buffer | null = null;
    await readArchive(archive, async (entry) => {
      const chunks: Buffer[] = [];
      if (entry.path !== MANIFEST && entry.path !== 'database.pglite.tar') return;
      for await (const chunk of entry.body()) chunks.push(chunk as Buffer);
      if (entry.path === MANIFEST) manifest = Manifest.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      else tarball = Buffer.concat(chunks);
    });
    expect(manifest!.files).toEqual({ count: 1, bytes: bytes.length });
    const loaded = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(tarball!)]) });
    try {
      expect((await loaded.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n).toBe(expected);
    } finally {
      await loaded.close();
    }

    // And restore refuses the DATA_DIR it has filled.
    const again = await ops('restore', [archive], { DATABASE_URL: undefined, DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds a database');
  }, 120_000);
});
