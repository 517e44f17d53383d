import { type SQL, sql } from 'drizzle-orm';

/**
 * Exam day's fast paths (decisions 019 and 049) authenticate inside the statement that does the work: this is
 * the one place that says, in SQL, who may: the bearer session is live (not revoked, not expired), a full one
 * (not a reset link's), not impersonated, and its user is enabled and a learner of the olympiad, which is what
 * `authenticate` (features/auth/authenticate.ts) and `sittingPolicy`'s `sit` ask of a learner's write. The
 * rows: one `(user_id, olympiad_id)`, or none; a statement built on none writes nothing, and the route then
 * runs the ordinary way, which answers the precise 401/403/404.
 *
 * The user is found by primary key from the session (a correlated subquery): with stale statistics after a
 * bulk import, a join planned a scan of every learner of the olympiad (decision 019).
 */
export function sessionLearner(tokenHash: string, olympiadId: number): SQL {
  return sql`
      select s.user_id, ${olympiadId}::int as olympiad_id
      from sessions s
      where ${sessionOfLearner(sql`${tokenHash}`, sql`${olympiadId}::int`)}`;
}

/**
 * The condition itself, on a session row `s`: the session of `tokenHash` may write as a learner of `olympiadId`
 * (both SQL: parameters, or a batch's columns, decision 063).
 */
export const sessionOfLearner = (tokenHash: SQL, olympiadId: SQL): SQL => sql`
        s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now()
        and s.impersonator_id is null and s.scope = 'full'
        and (select u.role = 'learner' and u.olympiad_id = ${olympiadId} and u.disabled_at is null
             from users u where u.id = s.user_id)`;

/** The ordinary path's learner: the actor, authenticated and authorized by the route (same columns). */
export const actorLearner = (userId: number, olympiadId: number): SQL =>
  sql`select ${userId}::int as user_id, ${olympiadId}::int as olympiad_id`;

/**
 * The olympiad `o` is open for writing now and asks no payment: `writingWindow` (steps.ts) in SQL, for the
 * one-statement steps, which may only say yes where the ordinary path would (it asks the payment gate; these
 * leave a paying olympiad to it).
 */
export const writingOpenNow = sql.raw(
  `(o.open and (o.starts_at is null or o.starts_at <= now()) and (o.ends_at is null or o.ends_at > now())
     and o.duration_minutes > 0 and not o.payment_required)`,
);

/** The learner `me` holds an admitted place in their olympiad's waiting room (decision 041). */
export const admittedNow = sql.raw(`exists (
      select 1 from waiting_places p join waiting_rooms r on r.olympiad_id = p.olympiad_id
      where p.olympiad_id = me.olympiad_id and p.user_id = me.user_id and p.ticket <= r.admitted)`);
