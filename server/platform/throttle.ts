import { randomBytes } from 'node:crypto';
import { sign, unsign } from '@fastify/cookie';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import { NoRow, type Queryable, preparedRows, rows } from '../db/client.js';
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
 *   previous one, doubling from `delay.baseSeconds` per attempt up to `delay.maxSeconds`, and at most
 *   `delay.cap` attempts in all. The count is forgotten after `windowMinutes` without an attempt
 *   (`window_start` holds the time of the latest attempt for these).
 */
export interface ThrottleRule {
  /** What is counted, e.g. `signin-fail:address:203.0.113.9:staff:alice`. */
  key: string;
  limit: number;
  windowMinutes: number;
  delay?: { baseSeconds: number; maxSeconds: number; cap?: number };
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
  cap: sql`${r.delay?.cap ?? INT4_MAX}::int`,
});

const INT4_MAX = 2_147_483_647;

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
       or (${p.delayed} and t.hits < ${p.cap} and t.window_start + ${delayOf(p, sql`t.hits`)} <= now())
    returning 1`;
}

/** Which rules granted the attempt, in order. */
const Granted = z.object({ granted: z.array(z.boolean()) });

/**
 * Takes one attempt under every rule, all or none: the rules are tried in order in one statement, each
 * only if the ones before it granted; a slot taken before a later refusal is handed back. Refused, it
 * answers how many seconds until the refusing rule would let an attempt through.
 */
export async function reserve(q: Queryable, rules: ThrottleRule[]): Promise<Reservation> {
  const ctes = rules.map((r, i) => sql`${sql.raw(`r${i}`)} as (${reserveSql(r, i === 0 ? null : `r${i - 1}`)})`);
  const [row] = await preparedRows(
    q,
    `throttle.reserve-${rules.length}`,
    Granted,
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
  const [row] = await rows(
    q,
    z.object({ seconds: z.number().nullable() }),
    sql`select ceil(extract(epoch from
          (case when ${p.delayed} and t.hits < ${p.cap}
                then least(t.window_start + ${delayOf(p, sql`t.hits`)}, t.window_start + ${p.window})
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
    NoRow,
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
 * The one throttle of every password and PIN check (sign-in, recovery PIN), after OWASP's guidance on lock-outs
 * and device cookies (decision 064). Nobody can lock an owner out: a stranger's guesses spend budgets the owner
 * does not draw on.
 *
 * - A **known device** (a browser carrying the signed device cookie of an earlier sign-in to this account) has a
 *   budget of its own: `signinFailuresPerAccount` free failures, then a doubling delay, at most
 *   `signinFailuresPerAddress` in the window. No other rule applies to it, so neither a stranger on the same
 *   address nor a stranger elsewhere can keep the owner's own browser out.
 * - Any other attempt draws on its **address and account**: the same free failures, delay and ceiling, counted
 *   for this address alone. A stranger's failures slow and then stop the stranger's address, not the owner's
 *   (a school behind one address is not stopped by other learners' mistakes either).
 * - and on the **account from every unknown device**: at most `signinFailuresAcrossAddresses` attempts in the
 *   window (far more than one address may make), which bounds guesses spread over many addresses. Reaching it
 *   turns away new browsers only; the owner's known browsers still get in.
 *
 * `kind` names the check (`signin`, `recover`); `account` the account within it (`staff:alice`,
 * `geo-2026:thabo`). The address is `req.ip`, which is the proxy's own address unless TRUST_PROXY is set (then
 * the client address the proxy reports in X-Forwarded-For).
 */
function credentialRules(limits: Config['limits'], check: CredentialCheck): ThrottleRule[] {
  const { kind, account, address, device } = check;
  const windowMinutes = limits.signinWindowMinutes;
  const delay = {
    baseSeconds: limits.signinDelaySeconds,
    maxSeconds: limits.signinMaxDelaySeconds,
    cap: limits.signinFailuresPerAddress,
  };
  const free = limits.signinFailuresPerAccount;
  if (device) return [{ key: `${kind}-fail:device:${account}:${device}`, limit: free, windowMinutes, delay }];
  return [
    { key: `${kind}-fail:address:${address}:${account}`, limit: free, windowMinutes, delay },
    { key: `${kind}-fail:account:${account}`, limit: limits.signinFailuresAcrossAddresses, windowMinutes },
  ];
}

export interface CredentialCheck {
  /** The check: `signin`, `recover`. */
  kind: string;
  /** The account within it: `staff:alice`, `geo-2026:thabo`. */
  account: string;
  /** The request's address (`req.ip`). */
  address: string;
  /** The device of a signed device cookie that names this account (`knownDevice()`); none for any other browser. */
  device?: string | null;
  /** The 429's message, given how long to wait ("5 seconds"). */
  tooMany: (wait: string) => string;
}

/**
 * One credential check under the throttle (decisions 024, 064), shared by sign-in and the recovery PIN. The slot
 * is taken before the check runs, side by side with `find` (the account's row), in the same round trip; a
 * refused slot answers 429 with Retry-After. The caller checks the password or PIN; when it is right it calls
 * `passed()` (beside opening the session), which forgets this address's or device's failures and hands back the
 * account-wide slot, in one statement; a failure stays counted.
 */
export async function throttledCredentialCheck<T>(
  q: Queryable,
  limits: Config['limits'],
  check: CredentialCheck,
  find: () => Promise<T>,
): Promise<{ found: T; passed: () => Promise<void> }> {
  const rules = credentialRules(limits, check);
  const [reservation, found] = await Promise.all([reserve(q, rules), find()]);
  if (!reservation.granted) {
    throw rateLimited(check.tooMany(waitPhrase(reservation.retryAfterSeconds)), reservation.retryAfterSeconds);
  }
  const [own, ...shared] = rules.map((r) => r.key);
  return { found, passed: () => settle(q, own!, shared) };
}

/** A passed check: its own budget (address and account, or device) forgotten, its shared slots handed back. */
async function settle(q: Queryable, forgiven: string, handedBack: string[]): Promise<void> {
  if (handedBack.length === 0) return forgive(q, [forgiven]);
  await preparedRows(
    q,
    `throttle.settle-${handedBack.length}`,
    NoRow,
    sql`with forgiven as (delete from throttles where key = ${forgiven}::text)
        update throttles set hits = greatest(hits - 1, 0) where key in (${sql.join(
          handedBack.map((k) => sql`${k}::text`),
          sql`, `,
        )})`,
  );
}

/**
 * The device cookie (decision 064): a browser that has signed in to an account carries a random device id and the
 * account's name, signed with APP_SECRET. It proves nothing but that this browser once knew the password, and
 * gives it a failure budget of its own (`credentialRules`).
 */
const DEVICE_COOKIE = 'olympus_device';
const DEVICE_DAYS = 180;

/** The device id of a valid device cookie that names `account`, else null (no cookie, forged, another account). */
export function knownDevice(req: FastifyRequest, secret: string, account: string): string | null {
  const raw = req.cookies?.[DEVICE_COOKIE];
  if (!raw) return null;
  const { valid, value } = unsign(raw, secret);
  if (!valid || !value) return null;
  const [tag, device, ...named] = value.split('|');
  return tag === 'd1' && device && named.join('|') === account ? device : null;
}

/**
 * Gives this browser the device cookie of `account` after a correct password: the id it already had for the
 * account, or a new one. HttpOnly and SameSite=Lax; Secure when the request came over https.
 */
export function rememberDevice(
  req: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  account: string,
  device: string | null,
): void {
  const id = device ?? randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, sign(`d1|${id}|${account}`, secret), {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  });
}
