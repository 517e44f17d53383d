import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { olympiads } from './content.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * Where a background job is (decision 021): `held` (prepared, waiting for the person to confirm) → `queued`
 * → `running` (claimed by one worker with FOR UPDATE SKIP LOCKED) → `done` | `failed`.
 */
export const jobStatuses = ['held', 'queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Background work claimed by the worker of any server process (decision 021): learner imports now,
 * certificate batches later. Long jobs report progress (`done` of `total`, and a `phase`) while they run,
 * so the page that started one shows a progress bar.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** The handler that runs it, e.g. `learners.import`. */
    kind: text('kind').notNull(),
    status: text('status', { enum: jobStatuses }).notNull(),
    /** What the handler needs; emptied once the job is done. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** What the job produced (e.g. how many learners were created). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** What it is, for people (e.g. the uploaded file's name). */
    label: text('label').notNull().default(''),
    /** The human sentence of a failure. */
    error: text('error'),
    phase: text('phase'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Whose records it works on: the scope the policy checks before anyone sees or starts it. */
    olympiadId: integer('olympiad_id').references(() => olympiads.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lockedBy: text('locked_by'),
    /** Refreshed with every progress report; a running job silent for longer than the lease is taken back. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_status_ck', sql`${t.status} in ('held', 'queued', 'running', 'done', 'failed')`),
    check('jobs_progress_ck', sql`${t.done} >= 0 and ${t.total} >= 0`),
    index('jobs_queued_idx')
      .on(t.id)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'running'`),
    index('jobs_school_idx').on(t.schoolId, t.olympiadId),
    index('jobs_created_idx').on(t.createdAt),
  ],
);
