import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { type Queryable, preparedRows, rows } from '../db/client.js';
import { rateLimited } from '../http/errors.js';
import { count } from '#contract/numbers';

/**
 * Rate limits kept in PostgreSQL, so every server process sees the same counts (decision 004, 024).
 *
 * An attempt is counted *before* the work it guards (verifying a password or PIN): `reserve()` takes a slot
 * in one atomic upsert per key, or is refused. Concurrent attempts on one key queue on its row lock, so
 * 150 parallel guesses cannot all read "9 failures so far" and all go ahead. A slot that ends well is
 * handed back with `forgive()`; one that fails simply stays counted.
 *
 * Two kinds of rule share the one table:
 * - a **limit**: at most `limit` attempts in a fixed window of `windowMinutes` from the first;
 * - a **delay**: `limit` attempts are free, then each further attempt must wait for a delay after the
 *   previous one, doubling from `delay.baseSeconds` per attempt up to `delay.maxSeconds`. Nobody is locked
 *   out: whoever knows the password gets in once the current delay has passed. The count is forgotten after
 *   `windowMinutes` without an attempt (`window_start` holds the time of the latest attempt for these).
 */
export interface ThrottleRule {
  /** What is counted, e.g. `signin-fail:account:staff:alice`. */
  key: string;
  limit: number;
  windowMinutes: number;
  delay?: { baseSeconds: number; maxSeconds: number };
}

export type Reservation = { granted: true } | { granted: false; retryAfterSeconds: number };

/** Rule parameters as statement parameters, so one statement text serves every key and setting. */
const ruleParams = (r: ThrottleRule) => ({
  key: sql`${r.key}::text`,
  limit: sql`${r.limit}::int`,
  window: sql`make_interval(mins => ${r.windowMinutes}::int)`,
  delayed: sql`${r.delay != null}::boolean`,
  base: sql`${r.delay?.baseSeconds ?? 0}::float8`,
  max: sql`${r.delay?.maxSeconds ?? 0}::float8`,
});

/** The wait owed after `hits` attempts under a delay rule (the exponent is capped so it never overflows). */
const delayOf = (p: ReturnType<typeof ruleParams>, hits: SQL) =>
  sql`make_interval(secs => least(${p.base} * power(2, least(${hits} - ${p.limit}, 40)), ${p.max}))`;

/** One rule's conditional upsert: a row comes back only when the attempt may go ahead. */
function reserveSql(rule: ThrottleRule, after: string | null): SQL {
  const p = ruleParams(rule);
  const expired = sql`t.window_start < now() - ${p.window}`;
  const source = after
    ? sql`select ${p.key}, now(), 1 where exists (select 1 from ${sql.raw(after)})`
    : sql`values (${p.key}, now(), 1)`;
  return sql`insert into throttles as t (key, window_start, hits) ${source}
    on conflict (key) do update set
      hits = case when ${expired} then 1 else t.hits + 1 end,
      window_start = case when ${p.delayed} or ${expired} then now() else t.window_start end
    where ${expired} or t.hits < ${p.limit}
       or (${p.delayed} and t.window_start + ${delayOf(p, sql`t.hits`)} <= now())
    returning 1`;
}

/**
 * Takes one attempt under every rule, all or none: the rules are tried in order in one statement, each
 * only if the ones before it granted; a slot taken before a later refusal is handed back. Refused, it
 * answers how many seconds until the refusing rule would let an attempt through.
 */
export async function reserve(q: Queryable, rules: ThrottleRule[]): Promise<Reservation> {
  const ctes = rules.map((r, i) => sql`${sql.raw(`r${i}`)} as (${reserveSql(r, i === 0 ? null : `r${i - 1}`)})`);
  const [row] = await preparedRows<{ granted: boolean[] }>(
    q,
    `throttle.reserve-${rules.length}`,
    sql`with ${sql.join(ctes, sql`, `)}
        select array[${sql.join(
          rules.map((_, i) => sql`exists (select 1 from ${sql.raw(`r${i}`)})`),
          sql`, `,
        )}] as granted`,
  );
  const granted = row?.granted ?? [];
  const refused = granted.indexOf(false);
  if (refused === -1) return { granted: true };
  if (refused > 0) await release(q, rules.slice(0, refused));
  return { granted: false, retryAfterSeconds: await retryAfter(q, rules[refused]!) };
}

/** Hands back slots taken by `reserve()` for an attempt that did not happen. */
async function release(q: Queryable, rules: ThrottleRule[]): Promise<void> {
  const keys = rules.map((r) => r.key);
  await q.execute(sql`update throttles set hits = greatest(hits - 1, 0)
    where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`);
}

/** Seconds until a refused rule lets an attempt through (at least 1). */
async function retryAfter(q: Queryable, rule: ThrottleRule): Promise<number> {
  const p = ruleParams(rule);
  const [row] = await rows<{ seconds: number | null }>(
    q,
    sql`select ceil(extract(epoch from
          (case when ${p.delayed} then least(t.window_start + ${delayOf(p, sql`t.hits`)}, t.window_start + ${p.window})
                else t.window_start + ${p.window} end) - now()))::int as seconds
        from throttles t where t.key = ${p.key}`,
  );
  return Math.max(1, Number(row?.seconds ?? 1));
}

/** Forgets the attempts counted under these keys (a correct password clears its account's delay). */
export async function forgive(q: Queryable, keys: string[]): Promise<void> {
  await preparedRows(
    q,
    `throttle.forgive-${keys.length}`,
    sql`delete from throttles where key in (${sql.join(
      keys.map((k) => sql`${k}::text`),
      sql`, `,
    )})`,
  );
}

/** "5 seconds", "1 minute", "15 minutes": how long to wait, for a 429's message. */
export function waitPhrase(seconds: number): string {
  return seconds < 60 ? count(seconds, 'second') : count(Math.ceil(seconds / 60), 'minute');
}

/**
 * The one throttle of every password and PIN check (sign-in, recovery PIN). Per account, a growing delay
 * after a free allowance, so a stranger's guesses slow an account down but never lock its owner out. Per
 * address *and* username, a plain limit, so that a school signing in from behind one address (NAT) is not
 * stopped by a few of its learners mistyping. `kind` names the check (`signin`, `recover`); `account` the
 * account within it (`staff:alice`, `geo-2026:thabo`). The address is `req.ip`, which is the proxy's own
 * address unless TRUST_PROXY is set (then the client address the proxy reports in X-Forwarded-For).
 */
function credentialRules(limits: Config['limits'], kind: string, account: string, address: string): ThrottleRule[] {
  const windowMinutes = limits.signinWindowMinutes;
  return [
    {
      key: `${kind}-fail:account:${account}`,
      limit: limits.signinFailuresPerAccount,
      windowMinutes,
      delay: { baseSeconds: limits.signinDelaySeconds, maxSeconds: limits.signinMaxDelaySeconds },
    },
    { key: `${kind}-fail:address:${address}:${account}`, limit: limits.signinFailuresPerAddress, windowMinutes },
  ];
}

export interface CredentialCheck {
  /** The check: `signin`, `recover`. */
  kind: string;
  /** The account within it: `staff:alice`, `geo-2026:thabo`. */
  account: string;
  /** The request's address (`req.ip`). */
  address: string;
  /** The 429's message, given how long to wait ("5 seconds"). */
  tooMany: (wait: string) => string;
}

/**
 * One credential check under the throttle (decision 024), shared by sign-in and the recovery PIN. The slot is
 * taken before the check runs, side by side with `find` (the account's row), in the same round trip; a
 * refused slot answers 429 with Retry-After. The caller checks the password or PIN; when it is right it
 * calls `passed()` (beside opening the session), which forgets the counted attempts; a failure stays counted.
 */
export async function throttledCredentialCheck<T>(
  q: Queryable,
  limits: Config['limits'],
  check: CredentialCheck,
  find: () => Promise<T>,
): Promise<{ found: T; passed: () => Promise<void> }> {
  const rules = credentialRules(limits, check.kind, check.account, check.address);
  const [reservation, found] = await Promise.all([reserve(q, rules), find()]);
  if (!reservation.granted) {
    throw rateLimited(check.tooMany(waitPhrase(reservation.retryAfterSeconds)), reservation.retryAfterSeconds);
  }
  const keys = rules.map((r) => r.key);
  return { found, passed: () => forgive(q, keys) };
}
