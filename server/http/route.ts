import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../db/client.js';
import { audit, type AuditAction, type AuditDetails } from '../platform/audit.js';
import { heavyWorkOf } from '../platform/heavy-work.js';
import type { Actor } from './actor.js';
import { bearerToken } from './bearer.js';
import { isFileAnswer, operationIdOf, operationSchema } from './document.js';
import { forbidden, invalid, unauthenticated } from './errors.js';
import { claimKey, idempotencyKeyOf, rememberAnswer, replay, requestHash } from './idempotency.js';
import { type Access, passes } from './policy.js';
import { textProblems } from './text.js';

/**
 * Who may call a route at all (`public`, `signedIn` or roles). Every API route declares one, taken from its
 * feature's policy (`access: schoolsPolicy.access.update`), never written as a role list beside it; record-level
 * rules (which olympiad, which school) are then decided by that policy's `can` in the scoped load.
 */
export type { Access };
export { passes };
export { fileAnswer } from './document.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

type RouteActor<A extends Access> = A extends 'public' ? Actor | null : Actor;

/** What a route's `load` gets: the validated input and the route's database (its transaction, if it has one). */
export interface LoadContext<P, Q, B, A extends Access> {
  db: Queryable;
  actor: RouteActor<A>;
  params: P;
  query: Q;
  body: B;
}

export interface RouteContext<P, Q, B, A extends Access, R = undefined> extends LoadContext<P, Q, B, A> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The record the route's `load` returned (scoped to the actor by its feature's loader). */
  record: R;
  /**
   * Writes one audit row with the change, in the route's transaction: who (the actor and any impersonator),
   * from where (the request's address), what (a typed action name; platform/audit.ts lists them).
   */
  audit: (action: AuditAction, details?: AuditDetails) => Promise<void>;
}

/**
 * What a handler may return: a value its response schema accepts (so an answer that drifts from the contract is a
 * compile error), or the reply it sent itself (a download, a 304, a redirect).
 */
export type Answer<S extends z.ZodType> = z.input<S> | FastifyReply;

export interface RouteSpec<P, Q, B, A extends Access, R = undefined, S extends z.ZodType = z.ZodType> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  access: A;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /**
   * The answer on success (OpenAPI; checked at run time under test): the handler's return type follows from it. What
   * leaves the server is decided by the feature's presenter.
   */
  response: S;
  /**
   * A public answer that is the same for everyone, read by crowds (the Watch call, decision 048): the bearer token
   * is not looked up (no query per request) and the handler's actor is null. Only for `access: 'public'`.
   */
  anonymous?: A extends 'public' ? true : never;
  /**
   * The route takes one uploaded file (`readUpload`): the form field's name. The document describes the body as
   * `multipart/form-data` with that field as binary.
   */
  upload?: string;
  /** Override the per-route body limit (bytes). */
  bodyLimit?: number;
  /**
   * Run `load` and the handler in one database transaction (`ctx.db` is it): a write and its audit row land
   * together or not at all. Routes that must keep a row even when they fail (a throttle slot) leave it off.
   */
  transaction?: boolean;
  /**
   * Takes an `Idempotency-Key` header (decision 066; server/http/idempotency.ts): a repeat with the same key by the
   * same user answers the first answer without running load and handler again. For writes that move money or
   * queue mail; needs `transaction`, since the key and its answer are kept in the write's own transaction.
   */
  idempotent?: boolean;
  /** May answer 503 while this server process cannot take traffic (the readiness check); documented as such. */
  unavailable?: boolean;
  /** The scoped load: the record the route acts on, through its feature's loader (404/403 outside reach). */
  load?: (ctx: LoadContext<P, Q, B, A>) => Promise<R>;
  handler: (ctx: RouteContext<P, Q, B, A, R>) => Promise<Answer<S>>;
  /**
   * Exam day's hottest calls only (the answer save, decision 019; the arrival's steps, decision 049): one
   * statement that authenticates, authorizes and does the work together, tried first when the request carries a
   * token and valid input. It answers the result when every rule holds, or `undefined` having changed nothing;
   * the route then runs the ordinary way (authenticate → access → validate → handler), which answers the
   * precise error. Its rules must imply the ordinary path's: it may only ever say yes where that path would.
   */
  fastPath?: (ctx: FastPathContext<P, Q, B>) => Promise<Answer<S> | undefined>;
  /**
   * A heavy download (a PDF drawn, an export written; decision 065): the load and the handler run in one of the
   * caller's few places (platform/heavy-work.ts), or the call is refused at once with 429 and Retry-After. A
   * function decides per call (a report is heavy as csv or xlsx, not as json). Only for signed-in routes.
   */
  heavy?: true | ((input: { params: P; query: Q; body: B }) => boolean);
  /** Runs after this route's answer has gone (a measurement: the waiting room's gauge of the arrival's steps). */
  onResponse?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export interface FastPathContext<P, Q, B> {
  req: FastifyRequest;
  token: string;
  params: P;
  query: Q;
  body: B;
}

export interface RegisteredRoute {
  method: Method;
  url: string;
  access: Access;
  summary: string;
  operationId: string;
  /** The form field of the one uploaded file, when the route takes one. */
  upload?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered through `route()`, for the authorization test and the docs. */
    apiRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The form field of the route's one uploaded file (`readUpload` refuses to read on a route without it). */
    upload?: string;
  }
  interface FastifyInstance {
    /** The actor of a request from its bearer token (features/auth/authenticate.ts); null when anonymous. */
    authenticate(req: FastifyRequest): Promise<Actor | null>;
  }
}

function tryParse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): { ok: boolean; data: T } {
  if (!schema) return { ok: true, data: undefined as T };
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  return result.success ? { ok: true, data: result.data } : { ok: false, data: undefined as T };
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  throw invalid(
    result.error.issues.map((issue) => ({
      path: [where, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}

/** The ids a request names (path parameters, and query fields named `id`, `…Id` or `…Ids`), for the audit. */
function idsOf(params: unknown, query: unknown): Record<string, unknown> {
  const ids: Record<string, unknown> = {};
  if (params && typeof params === 'object') Object.assign(ids, params);
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) if (/(^ids?|Ids?)$/.test(key)) ids[key] = value;
  }
  return ids;
}

/**
 * A read made while acting as someone else is audited like a change: who, as whom, what (method, route, ids).
 * One insert per request, only for impersonated sessions; changes write their own audit rows.
 */
async function auditImpersonatedRead(
  app: FastifyInstance,
  req: FastifyRequest,
  actor: Actor,
  url: string,
  params: unknown,
  query: unknown,
) {
  const ids = idsOf(params, query);
  const olympiadId = typeof ids.olympiadId === 'number' ? ids.olympiadId : null;
  await audit(app.db, actor, 'impersonated.read', {
    olympiadId,
    ip: req.ip,
    data: { method: req.method, route: url, ids },
  });
}

/**
 * A handler's answer that does not match the route's declared response schema is a bug: under test
 * (NODE_ENV=test) it fails the request loudly, so every API test checks every answer against the contract.
 */
function checkResponse(
  app: FastifyInstance,
  reply: FastifyReply,
  spec: { method: string; url: string; response: z.ZodType },
  result: unknown,
) {
  if (app.config.env !== 'test' || isFileAnswer(spec.response) || result === undefined) return;
  // Only a successful JSON answer is the declared one (a file or CSV sets its own type; a refusal its own status).
  const type = reply.getHeader('content-type');
  if (reply.statusCode >= 300 || (type !== undefined && !String(type).includes('json'))) return;
  const parsed = spec.response.safeParse(result);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`The answer of ${spec.method} ${spec.url} does not match its response schema: ${issues}`);
  }
}

/**
 * An idempotent route's load and handler behind its key (decision 066): in the route's transaction the key is claimed
 * first (waiting for a concurrent request with the same key), a kept answer is replayed, and otherwise the load and
 * handler run and their answer is kept with the claim before the transaction commits.
 */
function keepingAnswers<P, Q, B, A extends Access, R, S extends z.ZodType>(
  spec: RouteSpec<P, Q, B, A, R, S>,
): RouteSpec<P, Q, B, A, R, S> {
  if (!spec.transaction)
    throw new Error(`${spec.method} ${spec.url}: an idempotent route keeps its key in its transaction`);
  const { load, handler } = spec;
  return {
    ...spec,
    load: undefined,
    handler: async (ctx) => {
      const actor = ctx.actor as Actor | null;
      const key = actor ? idempotencyKeyOf(ctx.req) : null;
      const claim =
        actor && key
          ? { userId: actor.userId, route: `${spec.method} ${spec.url}`, key, requestHash: requestHash(ctx) }
          : null;
      if (claim) {
        const kept = await claimKey(ctx.db, claim);
        if (!kept.owned) return replay(ctx.reply, kept);
      }
      const record = load ? await load(ctx) : ctx.record;
      const answer = await handler({ ...ctx, record });
      if (claim && !ctx.reply.sent) await rememberAnswer(ctx.db, claim, ctx.reply.statusCode, answer);
      return answer;
    },
  };
}

/**
 * Registers one API route: authenticate → role gate (`access`) → text check → validate (zod) → [transaction:
 * scoped `load` → handler with a bound `audit`] → the answer (checked against `response` under test).
 */
export function route<
  P = undefined,
  Q = undefined,
  B = undefined,
  const A extends Access = Access,
  R = undefined,
  S extends z.ZodType = z.ZodType,
>(app: FastifyInstance, given: RouteSpec<P, Q, B, A, R, S>): void {
  const spec = given.idempotent ? keepingAnswers(given) : given;
  const operationId = operationIdOf(spec.method, spec.url);
  const same = app.apiRoutes.find((r) => r.operationId === operationId);
  if (same) throw new Error(`${spec.method} ${spec.url}: operationId ${operationId} is ${same.method} ${same.url}'s`);
  if (spec.upload && spec.body) throw new Error(`${spec.method} ${spec.url}: an upload's body is its multipart form`);
  app.apiRoutes.push({
    method: spec.method,
    url: spec.url,
    access: spec.access,
    summary: spec.summary,
    operationId,
    ...(spec.upload ? { upload: spec.upload } : {}),
  });
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access: spec.access, ...(spec.upload ? { upload: spec.upload } : {}) },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(spec.onResponse ? { onResponse: spec.onResponse } : {}),
    schema: operationSchema(spec),
    handler: async (req, reply) => {
      // Text no column can hold (NUL) or no encoder can write faithfully (a lone surrogate) is refused for
      // every route and every field at once, before any schema, policy or query sees it.
      const badText = [
        ...textProblems(req.params, 'params'),
        ...textProblems(req.query, 'query'),
        ...textProblems(req.body, 'body'),
      ];
      if (spec.fastPath && !badText.length) {
        const token = bearerToken(req);
        const params = tryParse(spec.params, req.params, 'params');
        const query = tryParse(spec.query, req.query, 'query');
        const body = tryParse(spec.body, req.body, 'body');
        if (token && params.ok && query.ok && body.ok) {
          const result = await spec.fastPath({ req, token, params: params.data, query: query.data, body: body.data });
          if (result !== undefined) {
            if (!reply.sent) checkResponse(app, reply, spec, result);
            return result;
          }
        }
      }
      const actor = spec.anonymous ? null : await app.authenticate(req);
      if (!passes(spec.access, actor)) throw actor ? forbidden() : unauthenticated();
      if (badText.length) throw invalid(badText, 'Text may not contain NUL characters or unpaired surrogates');
      const input = {
        actor: actor as RouteActor<A>,
        params: parse(spec.params, req.params, 'params'),
        query: parse(spec.query, req.query, 'query'),
        body: parse(spec.body, req.body, 'body'),
      };
      const heavy = actor && spec.heavy && (spec.heavy === true || spec.heavy(input));
      // The person who clicked holds the place: an admin acting as a teacher spends the admin's own.
      const leave = heavy ? heavyWorkOf(app).enter(actor.impersonatorId ?? actor.userId) : undefined;
      let result: unknown;
      try {
        if (actor?.impersonatorId != null && spec.method === 'GET') {
          await auditImpersonatedRead(app, req, actor, spec.url, input.params, input.query);
        }
        const run = async (db: Queryable) => {
          const record = (spec.load ? await spec.load({ ...input, db }) : undefined) as R;
          return spec.handler({
            ...input,
            db,
            req,
            reply,
            record,
            audit: (action, details) => audit(db, actor, action, { ip: req.ip, ...details }),
          });
        };
        result = spec.transaction ? await app.db.transaction((tx) => run(tx)) : await run(app.db);
      } finally {
        leave?.();
      }
      if (reply.sent) return reply;
      checkResponse(app, reply, spec, result);
      return result;
    },
  });
}
