import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Queryable, rows } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { HttpError } from '../http/errors.js';

/**
 * Background jobs (decision 021): rows of `jobs`, claimed by the worker of any server process with
 * `FOR UPDATE SKIP LOCKED`, so several processes never run one job twice at once. A handler reports
 * progress (`done` of `total`, a `phase`), which also keeps its claim alive; a job whose worker went
 * silent for longer than the lease is queued again (handlers are all-or-nothing transactions, so a re-run
 * is safe) until it has used its attempts.
 */
/** A job as its worker claims it: every column but the worker's own (lock, heartbeat). */
const JobRow = createSelectSchema(jobs).pick({
  id: true,
  kind: true,
  status: true,
  label: true,
  payload: true,
  result: true,
  error: true,
  phase: true,
  done: true,
  total: true,
  attempts: true,
  olympiadId: true,
  schoolId: true,
  createdBy: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
});
export type JobRow = z.infer<typeof JobRow>;

export interface JobContext {
  job: JobRow;
  /**
   * Reports progress (at most a few times a second reach the database; the last one always does). While the
   * server is closing it throws instead: the job stops there, is queued again as it was, and the next worker runs
   * it from the start (handlers write in one transaction at their end, so nothing is half-written).
   */
  progress(done: number, options?: { total?: number; phase?: string; force?: boolean }): Promise<void>;
}

/**
 * Runs one job; answers what it produced, with `message`: the sentence that says what it did ("312 certificates
 * generated for 12 schools"), which the page that started it shows when it ends (every product job says one; a job
 * without one ends with a plain "Done"). Throw an HttpError to fail it with that sentence.
 */
export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown> & { message?: string }>;

/** What a finished job did, in a sentence (its handler's `message`); null while it runs, or for a job without one. */
export function jobMessage(job: Pick<JobRow, 'status' | 'result'>): string | null {
  if (job.status !== 'done') return null;
  const message = (job.result as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/** Every column of `JobRow` but the payload, which only the worker reads. */
const columns = {
  id: jobs.id,
  kind: jobs.kind,
  status: jobs.status,
  label: jobs.label,
  result: jobs.result,
  error: jobs.error,
  phase: jobs.phase,
  done: jobs.done,
  total: jobs.total,
  attempts: jobs.attempts,
  olympiadId: jobs.olympiadId,
  schoolId: jobs.schoolId,
  createdBy: jobs.createdBy,
  createdAt: jobs.createdAt,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
};

export interface NewJob {
  kind: string;
  status: 'held' | 'queued';
  label?: string;
  payload: Record<string, unknown>;
  total?: number;
  phase?: string;
  olympiadId?: number | null;
  schoolId?: number | null;
  createdBy?: number | null;
}

export async function insertJob(q: Queryable, job: NewJob): Promise<JobRow> {
  const [row] = await q
    .insert(jobs)
    .values({
      kind: job.kind,
      status: job.status,
      label: job.label ?? '',
      payload: job.payload,
      total: job.total ?? 0,
      phase: job.phase ?? null,
      olympiadId: job.olympiadId ?? null,
      schoolId: job.schoolId ?? null,
      createdBy: job.createdBy ?? null,
    })
    .returning(columns);
  return { ...row!, payload: {} };
}

/** One job without its payload (what the status calls need). */
export async function findJob(q: Queryable, id: number, kind: string): Promise<JobRow | null> {
  const [row] = await q
    .select(columns)
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.kind, kind)));
  return row ? { ...row, payload: {} } : null;
}

/** A held job becomes queued (the person confirmed); answers false when it was not held any more. */
export async function releaseJob(q: Queryable, id: number): Promise<boolean> {
  const released = await q
    .update(jobs)
    .set({ status: 'queued' })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'held')))
    .returning({ id: jobs.id });
  return released.length === 1;
}

export interface JobRunnerOptions {
  db: Queryable;
  log: Pick<FastifyBaseLogger, 'error'>;
  pollMs: number;
  /** A running job whose progress has been silent this long is taken back. */
  leaseSeconds: number;
  maxAttempts: number;
  /** Held jobs nobody confirmed are removed after this long. */
  heldHours: number;
}

export interface JobRunner {
  /** Who this process is in `locked_by`. */
  worker: string;
  register(kind: string, handler: JobHandler): void;
  start(): void;
  /** Stops claiming; resolves when the job in hand is finished. */
  stop(): Promise<void>;
  /** Wake the loop now (a job was just queued). */
  kick(): void;
  /** One pass: claim one job and run it; answers whether there was one. */
  runOnce(): Promise<boolean>;
}

/** What `progress` throws while the server closes (the job goes back to the queue, not to failed). */
class JobInterrupted extends Error {
  constructor() {
    super('The server is closing: the job is queued again');
  }
}

export function createJobRunner(o: JobRunnerOptions): JobRunner {
  const worker = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  let running = false;
  /** stop() was called: the job in hand stops at its next progress report. */
  let stopping = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let passes = 0;

  /** Jobs whose worker went silent: queued again while attempts are left, else failed. Old held jobs go. */
  async function housekeeping(): Promise<void> {
    await o.db.execute(
      sql`update jobs set status = case when attempts < ${o.maxAttempts} then 'queued' else 'failed' end,
            error = case when attempts < ${o.maxAttempts} then error
                         else 'The job was interrupted too often; nothing was saved. Please try again.' end,
            finished_at = case when attempts < ${o.maxAttempts} then null else now() end,
            locked_by = null
          where status = 'running' and heartbeat_at < now() - make_interval(secs => ${o.leaseSeconds})`,
    );
    await o.db.execute(
      sql`delete from jobs where status = 'held' and created_at < now() - make_interval(hours => ${o.heldHours})`,
    );
  }

  async function claim(): Promise<JobRow | null> {
    const kinds = [...handlers.keys()];
    if (!kinds.length) return null;
    const [row] = await rows(
      o.db,
      JobRow,
      sql`update jobs set status = 'running', locked_by = ${worker}, heartbeat_at = now(),
                          started_at = coalesce(started_at, now()), attempts = attempts + 1
          where id = (select id from jobs
                      where status = 'queued' and kind in (${sql.join(
                        kinds.map((k) => sql`${k}`),
                        sql`, `,
                      )})
                      order by id limit 1 for update skip locked)
          returning id, kind, status, label, payload, result, error, phase, done, total, attempts, olympiad_id,
                    school_id, created_by, created_at, started_at, finished_at`,
    );
    return row ?? null;
  }

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind)!;
    let last = 0;
    let total = job.total;
    const ctx: JobContext = {
      job,
      async progress(done, options = {}) {
        if (stopping) throw new JobInterrupted();
        if (options.total != null) total = options.total;
        const now = Date.now();
        if (!options.force && !options.phase && now - last < 250 && done < total) return;
        last = now;
        await o.db.execute(
          sql`update jobs set done = ${Math.min(done, total)}, total = ${total},
                phase = coalesce(${options.phase ?? null}, phase), heartbeat_at = now()
              where id = ${job.id} and locked_by = ${worker}`,
        );
      },
    };
    try {
      const result = await handler(ctx);
      await o.db.execute(
        sql`update jobs set status = 'done', result = ${JSON.stringify(result)}::jsonb, payload = '{}'::jsonb,
              done = total, phase = 'done', error = null, finished_at = now(), locked_by = null
            where id = ${job.id} and locked_by = ${worker}`,
      );
    } catch (err) {
      if (err instanceof JobInterrupted) {
        // Not an attempt spent: the job waits for the next worker, as a job whose worker went silent does.
        await o.db.execute(
          sql`update jobs set status = 'queued', attempts = greatest(0, attempts - 1), locked_by = null
              where id = ${job.id} and locked_by = ${worker}`,
        );
        return;
      }
      const known = err instanceof HttpError && err.statusCode < 500;
      if (!known) o.log.error({ err, jobId: job.id, kind: job.kind }, 'background job failed');
      const message = known ? err.message : 'The job failed on the server; nothing was saved. Please try again.';
      await o.db.execute(
        sql`update jobs set status = 'failed', error = ${message}, finished_at = now(), locked_by = null
            where id = ${job.id} and locked_by = ${worker}`,
      );
    }
  }

  async function runOnce(): Promise<boolean> {
    if (passes++ % 30 === 0) await housekeeping();
    const job = await claim();
    if (!job) return false;
    await run(job);
    return true;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  return {
    worker,
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`A job handler for ${kind} is registered already`);
      handlers.set(kind, handler);
    },
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let found = false;
          try {
            found = await runOnce();
          } catch (err) {
            o.log.error({ err }, 'job runner pass failed');
          }
          if (running && !found) await sleep(o.pollMs);
        }
      })();
    },
    async stop() {
      running = false;
      stopping = true;
      wake?.();
      await loop;
    },
    kick: () => wake?.(),
    runOnce,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * The job runner of one server process: features register their handlers while they register their
 * routes; the worker starts when the server is ready (JOBS_WORKER=false leaves claiming to other processes)
 * and stops the job in hand at its next progress report when the server closes (it is queued again).
 */
export function registerJobRuntime(app: FastifyInstance): void {
  const runner = createJobRunner({
    db: app.db,
    log: app.log.child({ module: 'jobs' }),
    pollMs: app.config.jobs.pollMs,
    leaseSeconds: app.config.jobs.leaseSeconds,
    maxAttempts: 3,
    heldHours: 24,
  });
  app.decorate('jobs', runner);
  if (app.config.jobs.worker) {
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
  }
}
