import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '#contract/errors';
import { idempotencyHeaderSchema } from './idempotency.js';
import type { Access } from './policy.js';

/**
 * The API document (decision 072): each route's operation, drawn from the zod schemas its `route()` spec gives, and
 * the options @fastify/swagger draws the whole document with. It is OpenAPI 3.1, its schemas JSON Schema 2020-12,
 * and it passes redocly's recommended rules and ajv's strict mode (server/http/openapi.test.ts).
 */

/** The media types of a file answer, kept on its schema for the document (`fileAnswer`). */
const fileTypes = new WeakMap<z.ZodType, readonly string[]>();

/**
 * The response of a route whose success is a file the handler sends itself on `reply` (a PDF, a spreadsheet, a
 * picture): the document describes it by its media types, and the handler answers the reply it sent.
 */
export function fileAnswer(...types: [string, ...string[]]): z.ZodType<FastifyReply> {
  const schema = z.custom<FastifyReply>(() => true);
  fileTypes.set(schema, types);
  return schema;
}

/** Is this response schema a file answer (so no JSON answer is checked against it)? */
export const isFileAnswer = (schema: z.ZodType) => fileTypes.has(schema);

type Json = Record<string, unknown>;
const isEmptySchema = (schema: unknown) =>
  schema !== null && typeof schema === 'object' && Object.keys(schema).length === 0;

/**
 * Says two of zod's schemas the plain way, with the same meaning, so strict validators and linters take them:
 * - a record keyed by an enum (`z.record(z.enum([...]), V)`) is an object with exactly those properties, not
 *   `propertyNames` beside a `required` naming properties no `properties` defines (ajv's strictRequired refuses
 *   that, and redocly warns that the required properties are undefined);
 * - an `anyOf` one of whose branches is `{}` (`z.unknown().nullable()`) admits anything: it is `{}` itself.
 */
function plainly({ jsonSchema }: { jsonSchema: unknown }) {
  const json = jsonSchema as Json;
  const keys = (json.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  const value = json.additionalProperties;
  if (Array.isArray(keys) && keys.every((k) => typeof k === 'string') && value && typeof value === 'object') {
    json.properties = Object.fromEntries(keys.map((key) => [key, structuredClone(value)]));
    json.additionalProperties = false;
    delete json.propertyNames;
  }
  if (Array.isArray(json.anyOf) && json.anyOf.some(isEmptySchema)) delete json.anyOf;
}

/**
 * A zod schema as JSON Schema 2020-12 (zod's default), the dialect of the OpenAPI 3.1 document (decision 072),
 * so no keyword needs translating. The `$schema` line is left off: the document states its dialect once.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: plainly,
  }) as Json;
  return rest;
}

/**
 * The one error shape (decision 006) as a shared schema: app.ts adds it with `addSchema`, and every operation's
 * refusals point at it, so the document names it once as `components.schemas.Error`.
 */
export const errorSchema = { $id: 'Error', ...jsonSchema(ErrorBody, 'output') };

const refusals = {
  400: 'The input is not valid (details name the fields)',
  401: 'No valid session: sign in',
  403: 'The signed-in user may not do this',
  404: 'The record is not there, or not within reach',
  409: 'The change conflicts with the stored state',
  413: 'The body or the file is too large',
  415: 'The body or the file is not of a type this operation takes',
  422: 'The Idempotency-Key was used before with a different request',
  429: 'Too many requests: try again after Retry-After seconds',
  503: 'The server cannot take traffic now: send it elsewhere and ask again',
} as const;
type Refusal = keyof typeof refusals;

/** What an operation takes and who may call it: what its document entry says. */
export interface OperationSpec {
  method: string;
  url: string;
  summary: string;
  tags: string[];
  access: Access;
  anonymous?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  upload?: string;
  idempotent?: boolean;
  /** May answer 503 while this server process cannot take traffic (readiness). */
  unavailable?: boolean;
  response: z.ZodType;
}

/**
 * The refusals an operation can answer, all in the one error shape: any route may refuse input (400), a missing
 * record (404) or a crowd (429); a route behind a sign-in also refuses the anonymous (401), the wrong role (403)
 * and a conflicting change (409); a route that takes a body or a file one too large (413) or of the wrong type
 * (415); an idempotent route a key used for another request (422); a readiness check a server that cannot take
 * traffic (503).
 */
export function refusalsOf(
  spec: Pick<OperationSpec, 'access' | 'body' | 'upload' | 'idempotent' | 'unavailable'>,
): Refusal[] {
  const signedIn = spec.access !== 'public';
  return [
    400,
    ...(signedIn ? ([401, 403] as const) : []),
    404,
    ...(signedIn ? ([409] as const) : []),
    ...(spec.body || spec.upload ? ([413, 415] as const) : []),
    ...(spec.idempotent ? ([422] as const) : []),
    429,
    ...(spec.unavailable ? ([503] as const) : []),
  ];
}

/**
 * The operation's name in the document, from its method and path (`GET /api/auth/me` → `getApiAuthMe`,
 * `DELETE /payment/api/:id` → `deletePaymentApiById`): the same on every start, so generated clients keep it.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : [segment]))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean));
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * Who may call it, as the document says: a bearer token behind a sign-in; on a public route either nobody or a
 * bearer (a signed-in caller's token is read and may change the answer), and nobody at all on a route that reads
 * no token (`anonymous`).
 */
function securityOf(spec: Pick<OperationSpec, 'access' | 'anonymous'>): Array<Record<string, string[]>> {
  if (spec.access !== 'public') return [{ bearer: [] }];
  return spec.anonymous ? [] : [{}, { bearer: [] }];
}

/** A file answer in the document: its media types, each a binary body. */
const fileResponse = (types: readonly string[]) => ({
  description: 'The file',
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

/** A multipart body with its one file field, as the document shows an upload. */
const uploadBody = (field: string) => ({
  type: 'object',
  properties: { [field]: { type: 'string', format: 'binary' } },
  required: [field],
});

/** The route's entry in the document: fastify's route `schema`, which @fastify/swagger turns into the operation. */
export function operationSchema(spec: OperationSpec) {
  const fileTypesOfAnswer = fileTypes.get(spec.response);
  return {
    summary: spec.summary,
    operationId: operationIdOf(spec.method, spec.url),
    tags: spec.tags,
    security: securityOf(spec),
    ...(spec.params ? { params: jsonSchema(spec.params, 'input') } : {}),
    ...(spec.query ? { querystring: jsonSchema(spec.query, 'input') } : {}),
    ...(spec.body ? { body: jsonSchema(spec.body, 'input') } : {}),
    ...(spec.upload ? { consumes: ['multipart/form-data'], body: uploadBody(spec.upload) } : {}),
    ...(spec.idempotent ? { headers: idempotencyHeaderSchema } : {}),
    response: {
      200: fileTypesOfAnswer ? fileResponse(fileTypesOfAnswer) : jsonSchema(spec.response, 'output'),
      ...Object.fromEntries(
        refusalsOf(spec).map((status) => [status, { description: refusals[status], $ref: 'Error#' }]),
      ),
    },
  };
}

/** A path as the document writes it: the router ignores a trailing slash, so the document has none. */
const withoutTrailingSlash = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);

/** How @fastify/swagger draws the document (app.ts registers it with these). */
export const documentOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Olympus API', version: '1.0.0', description: 'The API of the Olympus olympiad platform.' },
    // The API is at the root of the origin that serves this document.
    servers: [{ url: '/', description: 'This server' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  },
  transform: ({ schema, url }) => ({ schema, url: withoutTrailingSlash(url) }),
  // A shared schema keeps its own name in components.schemas (the one error shape is `Error`).
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
};
