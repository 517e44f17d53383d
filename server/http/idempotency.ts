import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, rows } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { badRequest, conflict, HttpError } from './errors.js';

/**
 * Idempotency keys (decision 066): a write that moves money or queues mail may be sent with an `Idempotency-Key`
 * header, and a repeat of it (a double click, a client retrying after a lost answer) gets the first answer, same
 * status and body, without the work being done again.
 *
 * The key is claimed inside the route's transaction, before its load and handler, by one insert on the primary key
 * (user, route, key); the answer is written to the same row before the transaction commits. So:
 * - a repeat after the first committed finds the row and replays its answer;
 * - a repeat while the first is still running waits on the row's unique index until the first ends, then replays
 *   it (or, if the first failed and rolled back, does the work itself): the work is never done twice;
 * - a failure (any 4xx or 5xx) rolls the claim back with the rest, so it is not remembered: the request may be
 *   sent again with the same key once its cause is fixed;
 * - the same key with another request (other params, query or body) is refused with 422, nothing done.
 * A key is scoped to its user and route and kept 24 hours; after that it is free again.
 */

/** The header, as Node lower-cases it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's answer is kept. */
export const IDEMPOTENCY_HOURS = 24;
/** Visible ASCII, 1 to 255 characters: a UUID, a ULID or any client-made token. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** For the OpenAPI document: the header of every route that takes it. */
export const idempotencyHeaderSchema = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        `Optional. A token the client makes once per intended action (a UUID). A repeat with the same key by the same ` +
        `user on this route within ${IDEMPOTENCY_HOURS} hours answers the first answer (status and body, with ` +
        `Idempotent-Replayed: true) without doing the work again; the same key with a different request answers 422 ` +
        `idempotency_key_reused. Failed requests are not remembered.`,
    },
  },
} as const;

export interface IdempotencyClaim {
  userId: number;
  route: string;
  key: string;
  requestHash: string;
}

/** The request's key, or null when it has none; a malformed one is refused (400). */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(key)) {
    throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters', [
      { path: `headers.${IDEMPOTENCY_HEADER}`, message: 'Use 1 to 255 visible ASCII characters, e.g. a UUID' },
    ]);
  }
  return key;
}

/** JSON with object keys in sorted order, so the same request always has the same digest. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The digest of what a request asks for: its validated params, query and body. */
export function requestHash(input: { params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(canonical({ params: input.params, query: input.query, body: input.body }))
    .digest('hex');
}

export const keyReused = () =>
  new HttpError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was used for a different request: make a new key for each new action',
  );

export type ClaimResult = { owned: true } | { owned: false; status: number; body: string };

/**
 * Claims the key in the transaction `tx`: answers `owned` when this request is the first (it then does the work
 * and calls `rememberAnswer` in the same transaction), or the stored answer to replay. Waits while another
 * transaction holds the same key. A key older than 24 hours is taken over as new.
 */
export async function claimKey(tx: Queryable, c: IdempotencyClaim): Promise<ClaimResult> {
  // Expired rows of this user, except any another request is handling now: they stay small without a sweeper.
  await tx.execute(sql`delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys
      where user_id = ${c.userId} and created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
      for update skip locked)`);
  const [mine] = await rows(
    tx,
    z.object({ claimed: z.number() }),
    sql`insert into idempotency_keys as k (user_id, route, key, request_hash)
      values (${c.userId}, ${c.route}, ${c.key}, ${c.requestHash})
      on conflict (user_id, route, key) do update
        set request_hash = excluded.request_hash, status = null, body = null, created_at = now()
        where k.created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
      returning 1 as claimed`,
  );
  if (mine) return { owned: true };
  const [kept] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.route, c.route), eq(idempotencyKeys.key, c.key)),
    );
  // Gone between the two statements: it expired and was removed by another request. Rare; the client retries.
  if (!kept) throw conflict('This Idempotency-Key was just reused by another request: send it again');
  if (kept.requestHash !== c.requestHash) throw keyReused();
  if (kept.status == null || kept.body == null)
    throw conflict('A request with this Idempotency-Key left no answer to repeat: send it with a new key');
  return { owned: false, status: kept.status, body: kept.body };
}

/** Keeps the first answer with its claim, in the same transaction as the work. */
export async function rememberAnswer(tx: Queryable, c: IdempotencyClaim, status: number, body: unknown) {
  await tx.execute(sql`update idempotency_keys set status = ${status}, body = ${JSON.stringify(body) ?? 'null'}
    where user_id = ${c.userId} and route = ${c.route} and key = ${c.key}`);
}

/** Replays a kept answer: its status, its body, and a header that says it is a repeat. */
export function replay(reply: FastifyReply, kept: { status: number; body: string }): FastifyReply {
  return reply.status(kept.status).header('idempotent-replayed', 'true').send(JSON.parse(kept.body));
}
