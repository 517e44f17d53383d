import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '../http/errors.js';
import { type TestServer, startTestServer } from '../test/harness.js';
import { createJobRunner, insertJob, type JobRunner } from './jobs.js';

/** The job runner on the real database: claims, progress, failures, two workers, interrupted jobs. */
let server: TestServer;
const quiet = { error: () => undefined };

beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

const runner = (overrides: Partial<Parameters<typeof createJobRunner>[0]> = {}) =>
  createJobRunner({
    db: server.db,
    log: quiet,
    pollMs: 20,
    leaseSeconds: 60,
    maxAttempts: 2,
    heldHours: 24,
    ...overrides,
  });

const jobRow = async (id: number) =>
  (
    await server.query<{ status: string; done: number; total: number; phase: string | null; error: string | null }>`
      select status, done, total, phase, error from jobs where id = ${id}`
  )[0]!;

/** Runs passes until none is left (a runner answers false when it found nothing to claim). */
async function drain(r: JobRunner) {
  while (await r.runOnce());
}

describe('background jobs', () => {
  it('runs a queued job, with progress visible while it runs, and keeps its result', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const r = runner();
    r.register('test.progress', async ({ job, progress }) => {
      await progress(0, { total: 10, phase: 'first half' });
      await progress(5, { force: true });
      await gate;
      return { echoed: job.payload.n };
    });
    const job = await insertJob(server.db, { kind: 'test.progress', status: 'queued', payload: { n: 7 } });
    const pass = r.runOnce();
    await expect.poll(async () => (await jobRow(job.id)).done).toBe(5);
    expect(await jobRow(job.id)).toMatchObject({ status: 'running', done: 5, total: 10, phase: 'first half' });
    release();
    expect(await pass).toBe(true);
    const [row] = await server.query<{ status: string; result: unknown; payload: unknown; done: number }>`
      select status, result, payload, done from jobs where id = ${job.id}`;
    expect(row).toEqual({ status: 'done', result: { echoed: 7 }, payload: {}, done: 10 });
  });

  it('leaves held jobs alone until they are released', async () => {
    const r = runner();
    let runs = 0;
    r.register('test.held', async () => ({ runs: ++runs }));
    const job = await insertJob(server.db, { kind: 'test.held', status: 'held', payload: {} });
    await drain(r);
    expect(runs).toBe(0);
    await server.query`update jobs set status = 'queued' where id = ${job.id}`;
    await drain(r);
    expect(runs).toBe(1);
  });

  it('fails a job with the sentence of an HttpError, or a masked one for anything else', async () => {
    const r = runner();
    r.register('test.fail', async ({ job }) => {
      if (job.payload.known) throw conflict('Row 3 was loaded meanwhile');
      throw new Error('database exploded');
    });
    const known = await insertJob(server.db, { kind: 'test.fail', status: 'queued', payload: { known: true } });
    const unknown = await insertJob(server.db, { kind: 'test.fail', status: 'queued', payload: {} });
    await drain(r);
    expect(await jobRow(known.id)).toMatchObject({ status: 'failed', error: 'Row 3 was loaded meanwhile' });
    expect(await jobRow(unknown.id)).toMatchObject({
      status: 'failed',
      error: 'The job failed on the server; nothing was saved. Please try again.',
    });
  });

  it('two workers never run one job twice', async () => {
    const seen: number[] = [];
    const a = runner();
    const b = runner();
    for (const r of [a, b])
      r.register('test.once', async ({ job }) => {
        seen.push(job.id);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return {};
      });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push((await insertJob(server.db, { kind: 'test.once', status: 'queued', payload: {} })).id);
    await Promise.all([drain(a), drain(b)]);
    expect([...seen].sort((x, y) => x - y)).toEqual(ids);
    const statuses = await server.query<{ status: string }>`select distinct status from jobs where kind = 'test.once'`;
    expect(statuses).toEqual([{ status: 'done' }]);
  });

  it('stops the job in hand at its next progress when the server closes, and queues it again unspent', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedEnd = false;
    const closing = runner();
    closing.register('test.long', async ({ progress }) => {
      await progress(1, { total: 3, force: true });
      await gate;
      await progress(2);
      reachedEnd = true;
      return {};
    });
    const job = await insertJob(server.db, { kind: 'test.long', status: 'queued', payload: {} });
    closing.start();
    await expect.poll(async () => (await jobRow(job.id)).done).toBe(1);
    const stopped = closing.stop();
    release();
    await stopped;
    expect(reachedEnd).toBe(false);
    const [row] = await server.query<{ status: string; attempts: number; locked_by: string | null }>`
      select status, attempts, locked_by from jobs where id = ${job.id}`;
    expect(row).toEqual({ status: 'queued', attempts: 0, locked_by: null });

    const next = runner();
    next.register('test.long', async ({ progress }) => {
      await progress(3, { total: 3 });
      return { again: true };
    });
    await drain(next);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done' });
  });

  it('takes back a job whose worker went silent: queued again while attempts are left, else failed', async () => {
    const retried = await insertJob(server.db, { kind: 'test.stale', status: 'queued', payload: {} });
    const spent = await insertJob(server.db, { kind: 'test.stale', status: 'queued', payload: {} });
    await server.query`update jobs set status = 'running', attempts = 1, locked_by = 'gone',
      heartbeat_at = now() - interval '10 minutes' where id = ${retried.id}`;
    await server.query`update jobs set status = 'running', attempts = 2, locked_by = 'gone',
      heartbeat_at = now() - interval '10 minutes' where id = ${spent.id}`;
    const r = runner();
    let runs = 0;
    r.register('test.stale', async () => ({ runs: ++runs }));
    await drain(r);
    expect(runs).toBe(1);
    expect((await jobRow(retried.id)).status).toBe('done');
    expect(await jobRow(spent.id)).toMatchObject({
      status: 'failed',
      error: 'The job was interrupted too often; nothing was saved. Please try again.',
    });
  });
});
