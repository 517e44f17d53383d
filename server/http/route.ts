import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../contract/roles.js';
import type { Actor } from './actor.js';
import { bearerToken } from './bearer.js';
import { forbidden, invalid, unauthenticated } from './errors.js';
import { audit } from '../platform/audit.js';
import { textProblems } from './text.js';

/**
 * Who may call a route at all. Every API route declares one; record-level rules
 * (which olympiad, which school) are then decided by the feature's policy inside the handler.
 *  - `public`: anyone, signed in or not;
 *  - `signedIn`: any signed-in user;
 *  - a list of roles: a user whose role, or one of whose olympiad grants, is in the list.
 */
export type Access = 'public' | 'signedIn' | readonly Role[];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteContext<P, Q, B, A extends Access> {
  req: FastifyRequest;
  reply: FastifyReply;
  actor: A extends 'public' ? Actor | null : Actor;
  params: P;
  query: Q;
  body: B;
}

export interface RouteSpec<P, Q, B, A extends Access> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  access: A;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Documented response (OpenAPI); what leaves the server is decided by the feature's presenter. */
  response?: z.ZodType;
  /** Override the per-route body limit (bytes). */
  bodyLimit?: number;
  handler: (ctx: RouteContext<P, Q, B, A>) => Promise<unknown>;
  /**
   * Exam day's hottest calls only (decision 019): one statement that authenticates, authorizes and does the
   * work together, tried first when the request carries a token and valid input. It answers the result when
   * every rule holds, or `undefined` having changed nothing; the route then runs the ordinary way
   * (authenticate → access → validate → handler), which answers the precise error. Its rules must imply
   * the ordinary path's: it may only ever say yes where that path would.
   */
  fastPath?: (ctx: FastPathContext<P, Q, B>) => Promise<unknown>;
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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered through `route()`, for the authorization test and the docs. */
    apiRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** The actor of a request from its bearer token (features/auth/authenticate.ts); null when anonymous. */
    authenticate(req: FastifyRequest): Promise<Actor | null>;
  }
}

/** Does an actor pass a route's access rule? */
export function passes(access: Access, actor: Actor | null): boolean {
  if (access === 'public') return true;
  if (!actor) return false;
  if (access === 'signedIn') return true;
  return access.includes(actor.role) || actor.grants.some((g) => access.includes(g.role));
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
  await audit(app.db, actor, {
    action: 'impersonated.read',
    entity: 'request',
    olympiadId,
    ip: req.ip,
    data: { method: req.method, route: url, ids },
  });
}

const jsonSchema = (schema: z.ZodType | undefined, io: 'input' | 'output') =>
  schema ? (z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>) : undefined;

/** Registers one API route: authenticate → authorize the role → validate → handler. */
export function route<P = undefined, Q = undefined, B = undefined, const A extends Access = Access>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B, A>,
): void {
  app.apiRoutes.push({ method: spec.method, url: spec.url, access: spec.access, summary: spec.summary });
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access: spec.access },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(spec.params ? { params: jsonSchema(spec.params, 'input') } : {}),
      ...(spec.query ? { querystring: jsonSchema(spec.query, 'input') } : {}),
      ...(spec.body ? { body: jsonSchema(spec.body, 'input') } : {}),
      ...(spec.response ? { response: { 200: jsonSchema(spec.response, 'output') } } : {}),
    },
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
          if (result !== undefined) return result;
        }
      }
      const actor = await app.authenticate(req);
      if (!passes(spec.access, actor)) throw actor ? forbidden() : unauthenticated();
      if (badText.length) throw invalid(badText, 'Text may not contain NUL characters or unpaired surrogates');
      const ctx = {
        req,
        reply,
        actor,
        params: parse(spec.params, req.params, 'params'),
        query: parse(spec.query, req.query, 'query'),
        body: parse(spec.body, req.body, 'body'),
      } as RouteContext<P, Q, B, A>;
      if (actor?.impersonatorId != null && spec.method === 'GET') {
        await auditImpersonatedRead(app, req, actor, spec.url, ctx.params, ctx.query);
      }
      const result = await spec.handler(ctx);
      return reply.sent ? reply : result;
    },
  });
}
