import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, serverErrors, startTestServer } from '../test/harness.js';

/**
 * Property-based fuzzing over the OpenAPI document of the real server: every operation, called by every
 * role (anonymous and each demo account), with malformed values in its path, query and body (ids out of
 * the int4 range, negative and fractional ids, NUL bytes, lone surrogates, wrong types, missing and extra
 * fields, very long strings, odd query values). No answer may be a 5xx.
 *
 * The seed is fixed, so a run is repeatable; RUNS_PER_ROLE bounds the work (operations × roles × runs
 * requests). Calls that end a session (sign-out, impersonation, password changes) are made last for each
 * role, and a role whose token stops working is signed in again.
 */

const SEED = 20_261_123;
const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS ?? 6);
const INT4_MAX = 2_147_483_647;

interface Role {
  name: string;
  username?: string;
  olympiadName?: string;
  /** A token that was never issued. */
  forged?: string;
}

const roles: Role[] = [
  { name: 'anonymous' },
  { name: 'forged token', forged: `${'x'.repeat(40)}.${'é'.repeat(3)}.${'9'.repeat(500)}` },
  { name: 'learner1', username: 'learner1', olympiadName: 'geo-demo' },
  { name: 'teacher', username: 'teacher' },
  { name: 'funding', username: 'funding' },
  { name: 'accountant', username: 'accountant' },
  { name: 'admin', username: 'admin' },
  { name: 'overlord', username: 'overlord' },
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  maxLength?: number;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

// ——— malformed values ———

const badIdTexts = [
  '0',
  '-1',
  '1.5',
  String(INT4_MAX + 1),
  '99999999999999999999',
  '1e309',
  '-2147483649',
  'NaN',
  'Infinity',
  'abc',
  '',
  ' 1',
  '0x10',
  '1;select 1',
];
const okIdTexts = ['1', '2', '3', '5', String(INT4_MAX)];
const nastyStrings = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  'é😀',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'x'.repeat(5_000),
  'y'.repeat(100_000),
  ' ',
  '',
  '../../etc/passwd',
  '%',
  '%00',
  '{}',
  'null',
  'true',
  '-1',
  '1e3',
  '2024-02-30',
  '9999-12-31T99:99:99Z',
  '0001-01-01',
  '275760-09-13T00:00:00.001Z',
  'geo-demo',
  'overlord',
  'a@b.co',
  '\\',
];
const nastyNumbers = [0, -1, 1, 2, 3, 1.5, -0.5, INT4_MAX, INT4_MAX + 1, -INT4_MAX - 2, 2 ** 53, 1e308, -1e308, 1e-9];

const nastyString = fc.constantFrom(...nastyStrings);
const nastyNumber = fc.constantFrom(...nastyNumbers);
const scalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null), fc.string({ maxLength: 8 }));
/** Anything at all: the wrong type for almost every field. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('id', 'a', '__proto__', 'constructor', ''), scalar, { maxKeys: 2 }),
);

function types(schema: Schema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return union ? union.flatMap(types) : [];
}

/** Ordinary values of each kind, so that most requests pass validation and reach the handlers. */
const plainStrings = fc.constantFrom('Fuzz', 'geo-demo', 'teacher', 'Fuzz School', 'ZA', 'en', 'afr', 'x', 'A1');
const plainByFormat: Record<string, fc.Arbitrary<string>> = {
  email: fc.constantFrom('fuzz@example.org', 'teacher@example.org'),
  'date-time': fc.constantFrom('2026-01-01T10:00:00.000Z', '2030-12-31T23:59:59Z'),
  date: fc.constantFrom('2026-01-01', '2030-12-31'),
  uri: fc.constantFrom('https://example.org/a'),
};

function plainNumber(schema: Schema & { minimum?: number; maximum?: number }): fc.Arbitrary<number> {
  const min = schema.minimum ?? 0;
  const max = Math.min(schema.maximum ?? 10, min + 10);
  return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
}

/**
 * A value shaped like the schema: mostly ordinary leaves, some malformed (about one leaf in six), and
 * now and then something of another type entirely.
 */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyValue;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => valueFor(b, depth + 1)));
  if (schema.enum?.length) return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...schema.enum) }, anyValue);
  if (schema.const !== undefined) return fc.oneof({ weight: 5, arbitrary: fc.constant(schema.const) }, anyValue);
  const t = types(schema);
  const plain: fc.Arbitrary<unknown>[] = [];
  const odd: fc.Arbitrary<unknown>[] = [anyValue];
  if (t.includes('object') || schema.properties) plain.push(objectFor(schema, depth + 1));
  if (t.includes('array')) plain.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 }));
  if (t.includes('integer') || t.includes('number')) {
    plain.push(plainNumber(schema));
    odd.push(nastyNumber);
  }
  if (t.includes('string')) {
    plain.push((schema.format && plainByFormat[schema.format]) || plainStrings);
    odd.push(nastyString);
  }
  if (t.includes('boolean')) plain.push(fc.boolean());
  if (t.includes('null')) plain.push(fc.constant(null));
  if (!plain.length) return anyValue;
  return fc.oneof({ weight: 5, arbitrary: fc.oneof(...plain) }, { weight: 1, arbitrary: fc.oneof(...odd) });
}

/** An object whose properties may be missing or malformed, plus now and then an unknown field. */
function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = keys.map((key) =>
    fc
      .option(valueFor(schema.properties![key], depth), { nil: undefined, freq: required.has(key) ? 12 : 2 })
      .map((v) => [key, v] as const),
  );
  return fc.tuple(fc.tuple(...fields), fc.option(anyValue, { nil: undefined, freq: 8 })).map(([pairs, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, v] of pairs) if (v !== undefined) out[key] = v;
    if (extra !== undefined) out.unexpectedField = extra;
    return out;
  });
}

/** Percent-encodes text for a URL, writing a lone surrogate as the invalid UTF-8 it would become. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
  }
  return out;
}

/** Text for a path or query parameter: an id-like value for numeric parameters, odd text for others. */
function textFor(schema: Schema | undefined): fc.Arbitrary<string> {
  const t = schema ? types(schema) : [];
  const numeric = t.includes('integer') || t.includes('number');
  const odd = fc.oneof(nastyString, fc.constantFrom(...badIdTexts));
  const shaped = numeric
    ? fc.constantFrom(...okIdTexts)
    : schema?.enum?.length
      ? fc.constantFrom(...schema.enum.map(String))
      : fc.constantFrom('geo-demo', 'teacher', 'x');
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: odd }).map((s) => s.slice(0, 3_000));
}

interface FuzzRequest {
  url: string;
  body: string | undefined;
}

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = fc
    .tuple(...pathParams.map((p) => textFor(p.schema)))
    .map((values) =>
      pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, encode(values[i]!) || '%20'), op.path),
    );
  const query = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((p) =>
          fc
            .option(fc.oneof(textFor(p.schema), fc.array(textFor(p.schema), { minLength: 2, maxLength: 3 })), {
              nil: undefined,
              freq: 3,
            })
            .map((v) => [p.name, v] as const),
        ),
      ),
      fc.option(fc.constantFrom('extra=1', 'a[b]=1', '__proto__[x]=1', '=', '&&', 'page=-1', 'pageSize=1e9'), {
        nil: undefined,
        freq: 4,
      }),
    )
    .map(([pairs, extra]) => {
      const parts: string[] = [];
      for (const [name, v] of pairs) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(name)}=${encode(one)}`);
      }
      if (extra) parts.push(extra);
      return parts.length ? `?${parts.join('&')}` : '';
    });
  const body: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        { weight: 12, arbitrary: valueFor(op.body).map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: fc.constantFrom('{', '[]', '"x"', 'null', '1', '{"a":1}', '{}') },
      )
    : op.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(fc.constantFrom('{}', '{"x":"\\u0000"}', '[1]'), { nil: undefined, freq: 5 });
  return fc.tuple(path, query, body).map(([p, q, b]) => ({ url: p + q, body: b }));
}

/** Calls that may end the caller's session or change its credentials: made after the others. */
const endsSession = (op: Operation) =>
  op.method === 'DELETE' || /logout|sign-?out|password|impersonat|revoke|session|disable/i.test(op.path);

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops.sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
}

let server: TestServer;
let operations: Operation[];
const fuzzedRoles = roles.filter((r) => !process.env.FUZZ_ROLES || process.env.FUZZ_ROLES.split(',').includes(r.name));
const fiveHundreds: string[] = [];
let requests = 0;
/** Milliseconds spent per operation (FUZZ_PROFILE=1 prints the slowest). */
const spent = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000000',
      FORGOT_MAX_PER_ACCOUNT: '1000000',
      FORGOT_MAX_PER_ADDRESS: '1000000',
      MAIL_SENDER: 'false',
    },
  });
  const docs = await server.api('GET', '/api/docs/json');
  expect(docs.status).toBe(200);
  operations = operationsOf(docs.body);
});

afterAll(async () => {
  if (process.env.FUZZ_PROFILE) {
    const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 20);
    console.log(slowest.map(([op, ms]) => `${Math.round(ms)} ms  ${op}`).join('\n'));
  }
  console.log(
    `fuzz: ${operations?.length ?? 0} operations × ${fuzzedRoles.length} roles × ${RUNS_PER_ROLE} runs = ${requests} requests, ${fiveHundreds.length} answers 5xx`,
  );
  await server?.close();
});

describe('API fuzzing over the OpenAPI document', () => {
  it('covers the API', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const role of roles.filter(
    (r) => !process.env.FUZZ_ROLES || process.env.FUZZ_ROLES.split(',').includes(r.name),
  )) {
    it(`never answers 5xx to ${role.name}`, { timeout: 600_000 }, async () => {
      let token: string | null = role.forged ?? null;
      const signIn = async () => {
        if (!role.username) return;
        const user = await server.signIn(role.username, role.olympiadName ? { olympiadName: role.olympiadName } : {});
        token = user.accessToken.token;
      };
      await signIn();
      const seen: string[] = [];
      for (const [index, op] of operations.entries()) {
        await fc.assert(
          fc.asyncProperty(requestFor(op), async ({ url, body }) => {
            requests++;
            const started = performance.now();
            const res = await server.api(op.method, url, {
              token,
              ...(body === undefined ? {} : { rawBody: body, headers: { 'content-type': 'application/json' } }),
            });
            const key = `${op.method} ${op.path}`;
            spent.set(key, (spent.get(key) ?? 0) + performance.now() - started);
            if (res.status >= 500) {
              seen.push(`${role.name} ${op.method} ${op.path}: ${res.status} (${url.slice(0, 200)})`);
            }
            if (token && res.status === 401 && role.username) await signIn();
          }),
          { seed: SEED + index, numRuns: RUNS_PER_ROLE },
        );
      }
      fiveHundreds.push(...seen);
      const details = serverErrors.map((e) => e.split('\n').slice(0, 3).join(' | '));
      expect(
        seen.map((s, i) => `${s}\n    ${details[i] ?? ''}`),
        'answers 5xx',
      ).toEqual([]);
    });
  }
});
