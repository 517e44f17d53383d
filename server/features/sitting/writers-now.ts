import { sql } from 'drizzle-orm';
import { CountRow, type Db, rows } from '../../db/client.js';

/**
 * How long a learner's page waits at most, once the network is back, before it sends what it kept (decision 089):
 * long enough that the learners writing now, reconnecting together, open their connections at about
 * `RECONNECTS_PER_SECOND` (each page opens a few), which this machine's server took with no connection dropped and the
 * online learners' saves unhurt; a small olympiad's learners send within a second or two.
 */
const RECONNECTS_PER_SECOND = 150;
const MIN_SPREAD_SECONDS = 1;
const MAX_SPREAD_SECONDS = 60;
/** The count is the platform's, read again at most this often by each server process. */
const FRESH_MS = 15_000;

export function reconnectSpreadSeconds(writers: number): number {
  return Math.min(MAX_SPREAD_SECONDS, Math.max(MIN_SPREAD_SECONDS, Math.ceil(writers / RECONNECTS_PER_SECOND)));
}

const counted = new WeakMap<Db, { at: number; writers: Promise<number> }>();

/**
 * Learners writing now on the whole platform (started, unfinished, before their deadline), on the sweep's own index;
 * a count that fails is taken as none (the page then waits the least).
 */
export function writersNow(db: Db): Promise<number> {
  const now = Date.now();
  let count = counted.get(db);
  if (!count || now - count.at > FRESH_MS) {
    const writers = rows(
      db,
      CountRow,
      sql`select count(*)::int as n from attempts where finished_at is null and deadline_at > now()`,
    ).then(
      (found) => found[0]?.n ?? 0,
      () => 0,
    );
    count = { at: now, writers };
    counted.set(db, count);
  }
  return count.writers;
}
