import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CountRow, IdRow, type Queryable, rows } from '../db/client.js';
import { releaseDueMailings } from './mail-schedule.js';
import { claimDue, type Mailer, type QueuedRow } from './mailer.js';

export interface SenderOptions {
  db: Queryable;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The site-wide rate: a number, or read on every pass (the runtime settings, decision 036). */
  ratePerMinute: number | (() => number | Promise<number>);
  batchSize: number;
  concurrency: number;
  pollMs: number;
  sendingLeaseMinutes: number;
}

export interface MailSender {
  start(): void;
  /** Stops claiming; resolves when the messages in hand are delivered. */
  stop(): Promise<void>;
  /** Wake the loop now (messages were just released). */
  kick(): void;
  /** One pass: release mailings whose time has come, claim a batch and deliver it; answers how many were claimed. */
  runOnce(): Promise<number>;
}

/**
 * The background sender: releases scheduled mailings when their time comes (decision 020), claims released
 * rows (`FOR UPDATE SKIP LOCKED`), delivers them with a few in flight at a time,
 * keeps the site-wide rate per minute, and gives up on rows a crashed sender left in `sending` (marked failed,
 * never re-sent: a message goes out at most once).
 */
export function createMailSender(o: SenderOptions): MailSender {
  let running = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let passes = 0;

  /**
   * Claims what the site-wide rate allows now. Several processes send (decision 040): the claim takes a lock of
   * its own for the length of its transaction, and counts the messages other senders hold in hand (`sending`)
   * beside those sent in the last minute, so that N senders together keep to the one rate.
   */
  async function claimWithinRate(): Promise<QueuedRow[]> {
    // Read before the transaction: the runtime settings are read through the pool, and the embedded database
    // has one connection, which the transaction holds.
    const rate = typeof o.ratePerMinute === 'number' ? o.ratePerMinute : await o.ratePerMinute();
    return o.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('olympus.mail-claim'))`);
      const [r] = await rows(
        tx,
        CountRow,
        sql`select (select count(*)::int from emails where sent_at > now() - interval '1 minute')
                 + (select count(*)::int from emails where status = 'sending'
                      and locked_at > now() - make_interval(mins => ${o.sendingLeaseMinutes})) as n`,
      );
      const allowed = Math.min(o.batchSize, Math.max(0, rate - Number(r?.n ?? 0)));
      return allowed > 0 ? claimDue(tx, o.mailer.worker, allowed) : [];
    });
  }

  async function recoverStale(): Promise<void> {
    const stale = await rows(
      o.db,
      IdRow,
      sql`update emails set status = 'failed', locked_at = null,
          last_error = 'Interrupted while sending (the sender stopped); not retried, so that it is never sent twice'
        where status = 'sending' and locked_at < now() - make_interval(mins => ${o.sendingLeaseMinutes})
        returning id`,
    );
    for (const { id } of stale) {
      await o.db.execute(sql`insert into email_attempts (email_id, outcome, response, worker)
        values (${id}, 'failed', 'Interrupted while sending', ${o.mailer.worker})`);
    }
  }

  async function deliverAll(batch: QueuedRow[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < batch.length) {
        const row = batch[next++]!;
        try {
          await o.mailer.deliverClaimed(o.db, row);
        } catch (err) {
          o.log.error({ err, emailId: row.id }, 'mail delivery could not be recorded');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.concurrency, batch.length) }, lane));
  }

  async function runOnce(): Promise<number> {
    if (passes++ % 60 === 0) await recoverStale();
    await releaseDueMailings(o.db, o.mailer.worker);
    const batch = await claimWithinRate();
    if (batch.length) await deliverAll(batch);
    return batch.length;
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
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let claimed = 0;
          try {
            claimed = await runOnce();
          } catch (err) {
            o.log.error({ err }, 'mail sender pass failed');
          }
          if (running && claimed < o.batchSize) await sleep(o.pollMs);
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
    kick: () => wake?.(),
    runOnce,
  };
}
