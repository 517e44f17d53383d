import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rows } from '../db/client.js';
import { jobStatuses } from '../db/schema/index.js';
import { sharedCounts } from './metrics.js';

/** A count by a key, as the readings' statements answer it. */
const Counted = z.object({ key: z.string(), n: z.number() });

/** The mail queue's states that a watcher acts on: waiting to be released, due, being sent, and given up. */
const mailStates = ['held', 'released', 'sending', 'failed'] as const;

/**
 * The shared registry's platform readings (decision 101), each one statement at scrape time: background jobs by
 * state (decision 021) and the mail queue by state (decision 010). Sent mail is the bulk of `emails` and is left
 * out of the count.
 */
export function registerPlatformReadings(app: FastifyInstance): void {
  sharedCounts(app, {
    name: 'olympus_jobs',
    help: 'Background jobs by state (held, queued, running, done, failed)',
    label: 'state',
    keys: jobStatuses,
    read: () => rows(app.db, Counted, sql`select status as key, count(*)::int as n from jobs group by status`),
  });
  sharedCounts(app, {
    name: 'olympus_mail_queue',
    help: 'Messages of the mail queue by state: held (not yet released), released (due), sending, failed',
    label: 'state',
    keys: mailStates,
    read: () =>
      rows(
        app.db,
        Counted,
        sql`select status as key, count(*)::int as n from emails
            where status in ('held', 'released', 'sending', 'failed') group by status`,
      ),
  });
}
