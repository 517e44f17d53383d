import type { Queryable } from '../db/client.js';
import { rateLimited } from '../http/errors.js';
import { reserve, waitPhrase } from './throttle.js';

/** How often one record's mail may be sent again by hand. */
export const MAIL_ON_DEMAND_MINUTES = 10;

/**
 * Mail sent again on request (an invoice to its school, a school's certificates) goes out at most once per record
 * in ten minutes, whoever asks (decision 066). The slot is taken in the route's transaction before anything is
 * queued, through the one throttle (platform/throttle.ts): concurrent requests for the same record queue on its
 * row, and all but the first are refused with 429 and Retry-After, having queued nothing. A request that fails
 * after taking the slot rolls it back with everything else, so a refused send does not hold the next one back.
 *
 * `kind` names the record's kind (`invoice`, `certificates`), `what` the record in the refusal ("INV-2026-0001").
 */
export async function mailOnDemandOnce(q: Queryable, kind: string, id: number, what: string): Promise<void> {
  const slot = await reserve(q, [
    { key: `mail-on-demand:${kind}:${id}`, limit: 1, windowMinutes: MAIL_ON_DEMAND_MINUTES },
  ]);
  if (slot.granted) return;
  // now() is each transaction's start: one that began before the winner's can compute a little over the window.
  const seconds = Math.min(slot.retryAfterSeconds, MAIL_ON_DEMAND_MINUTES * 60);
  throw rateLimited(
    `Mailed less than ${MAIL_ON_DEMAND_MINUTES} minutes ago: ${what} can be mailed again in ` +
      `${waitPhrase(seconds)}`,
    seconds,
  );
}
