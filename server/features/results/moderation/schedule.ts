import type { Db, Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { conflict } from '../../../http/errors.js';
import { insertJob } from '../../../platform/jobs.js';
import { COMPUTE_JOB } from './compute.js';
import * as queries from './compute-queries.js';

/**
 * Queues a computation of an olympiad's flags, in the caller's transaction. The olympiad's results row is locked
 * first, so of two requests (or a request and another process's scheduler) one queues it and the other sees it.
 */
export async function startComputation(tx: Queryable, olympiadId: number, actor: Actor | null) {
  await queries.lockResultsRow(tx, olympiadId);
  if (await queries.activeJob(tx, olympiadId, COMPUTE_JOB))
    throw conflict('The flags are being computed already: wait for it to finish');
  await insertJob(tx, {
    kind: COMPUTE_JOB,
    status: 'queued',
    label: 'Moderation flags',
    olympiadId,
    createdBy: actor?.userId ?? null,
    payload: { actor: actor ? { userId: actor.userId, impersonatorId: actor.impersonatorId } : null },
  });
  return (await queries.latestJob(tx, olympiadId, COMPUTE_JOB))!;
}

/**
 * The automatic start: every olympiad whose window has closed, with finished attempts, whose flags were never
 * computed nor started gets one computation (by nobody in particular). Idempotent across processes: each olympiad
 * is decided with its results row locked. Answers how many were queued.
 */
export async function startDueComputations(db: Db): Promise<number> {
  let queued = 0;
  for (const { id } of await queries.olympiadsDueForFlags(db, COMPUTE_JOB)) {
    const started = await db.transaction(async (tx) => {
      const row = await queries.lockResultsRow(tx, id);
      if (row.flagsComputedAt != null || (await queries.anyJob(tx, id, COMPUTE_JOB))) return false;
      await startComputation(tx, id, null);
      return true;
    });
    if (started) queued++;
  }
  return queued;
}
