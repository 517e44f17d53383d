import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiDocument, documentedAnswers, strictAjv } from './isolation/documented.js';
import type { Access } from './policy.js';
import { type TestServer, startTestServer } from '../test/harness.js';

/**
 * The API document (served at /api/docs/json, drawn by @fastify/swagger from the routes' zod schemas) is one a
 * client generator or a linter can take as it is: valid OpenAPI (swagger-parser), clean by redocly's recommended
 * rules, every schema one ajv compiles in strict mode, every operation named, every refusal in the one error shape,
 * every upload described. The walks check real answers by it (isolation/documented.ts).
 */

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const trim = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

let server: TestServer;
let document: Document;
let operations: Array<{ key: string; method: string; path: string; operation: Operation; access: Access }>;

beforeAll(async () => {
  server = await startTestServer({ seed: 'none' });
  const res = await server.api('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  document = res.body as Document;
  const access = new Map<string, Access>(
    server.app.apiRoutes.map((r) => [`${r.method} ${trim(r.url.replace(/:(\w+)/g, '{$1}'))}`, r.access]),
  );
  operations = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${trim(path)}`;
      operations.push({ key, method, path, operation, access: access.get(key)! });
    }
  }
});

afterAll(async () => {
  await server?.close();
});

/** Every schema object in the document, with where it is (for the failure message). */
function* schemasIn(value: unknown, where: string): Generator<[Schema, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* schemasIn(item, `${where}/${i}`);
  } else if (value && typeof value === 'object') {
    yield [value as Schema, where];
    for (const [key, item] of Object.entries(value)) yield* schemasIn(item, `${where}/${key}`);
  }
}

describe('The OpenAPI document', () => {
  it('is a valid OpenAPI document (swagger-parser)', async () => {
    expect(operations.length).toBeGreaterThan(200);
    // validate() dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('passes redocly lint with its recommended rules: no error, and only the warnings we keep', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'olympus-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const { totals, problems } = await redocly(file);
      const said = (p: LintReport['problems'][number]) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`;
      expect(problems.filter((p) => p.severity === 'error').map(said), 'redocly lint errors').toEqual([]);
      expect(totals.errors).toBe(0);
      const unexpected = problems.filter((p) => p.severity !== 'error' && !(p.ruleId in keptWarnings));
      expect(unexpected.map(said), 'redocly lint warnings not in keptWarnings').toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has only schemas ajv compiles in strict mode (JSON Schema 2020-12)', () => {
    const ajv = strictAjv();
    const refused: string[] = [];
    const compile = (schema: Schema | undefined, where: string) => {
      if (!schema || '$ref' in schema) return;
      try {
        ajv.compile(schema);
      } catch (error) {
        refused.push(`${where}: ${(error as Error).message}`);
      }
    };
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) compile(schema, name);
    for (const { key, operation } of operations) {
      for (const parameter of operation.parameters ?? []) compile(parameter.schema, `${key} ${parameter.name}`);
      for (const [type, body] of Object.entries(operation.requestBody?.content ?? {}))
        compile(body.schema, `${key} body ${type}`);
      for (const [status, answer] of Object.entries(operation.responses ?? {}))
        for (const [type, body] of Object.entries(answer.content ?? {}))
          compile(body.schema, `${key} ${status} ${type}`);
    }
    expect(refused).toEqual([]);
  });

  it('checks answers by it: a JSON 200 by its operation’s schema, a refusal by the error shape', async () => {
    const documented = documentedAnswers(document as unknown as ApiDocument);
    const health = { method: 'GET', url: '/api/health' };
    const answer = await server.anonymous().get('/api/health');
    expect(answer.status).toBe(200);
    expect(documented.problem(health, answer)).toBeNull();
    const drifted = { ...answer, body: { ...answer.body, database: 'sqlite' } };
    expect(documented.problem(health, drifted)).toMatch(/unlike its documented schema: \/database must be equal to/);
    const me = { method: 'GET', url: '/api/auth/me' };
    const refused = await server.anonymous().get('/api/auth/me');
    expect(refused.status).toBe(401);
    expect(documented.problem(me, refused)).toBeNull();
    expect(documented.problem(me, { ...refused, body: { success: false } })).toMatch(/must have required property/);
    expect(documented.problem(me, { ...refused, status: 418 })).toMatch(/does not document/);
  });

  it('names every operation with its own operationId', () => {
    const missing = operations.filter((o) => !o.operation.operationId).map((o) => o.key);
    expect(missing, 'operations without an operationId').toEqual([]);
    const ids = operations.map((o) => o.operation.operationId);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated, 'operationIds used twice').toEqual([]);
  });

  it('documents the refusals in the one error shape', () => {
    const error = document.components?.schemas?.Error as
      { properties?: Record<string, unknown>; required?: string[] } | undefined;
    expect(Object.keys(error?.properties ?? {}).sort()).toEqual(['code', 'details', 'error', 'message', 'success']);
    expect(error?.required?.sort()).toEqual(['code', 'error', 'message', 'success']);

    const undocumented: string[] = [];
    for (const { key, operation, access } of operations) {
      expect(access, `${key} is a registered route`).toBeDefined();
      const statuses = access === 'public' ? ['400', '404', '429'] : ['400', '401', '403', '404', '409', '429'];
      for (const status of statuses) {
        const schema = operation.responses?.[status]?.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/Error') undocumented.push(`${key} ${status}`);
      }
    }
    expect(undocumented, 'error answers not documented as the Error schema').toEqual([]);
  });

  it('uses no keyword its OpenAPI version does not know, and lets every nullable enum be null', () => {
    const wrong: string[] = [];
    const openapi30 = document.openapi.startsWith('3.0');
    for (const [schema, where] of schemasIn(document, '#')) {
      if (openapi30 && 'propertyNames' in schema) wrong.push(`${where}: propertyNames`);
      if (openapi30 && typeof schema.exclusiveMinimum === 'number') wrong.push(`${where}: numeric exclusiveMinimum`);
      if (openapi30 && typeof schema.exclusiveMaximum === 'number') wrong.push(`${where}: numeric exclusiveMaximum`);
      if (!openapi30 && 'nullable' in schema) wrong.push(`${where}: nullable (3.0 only)`);
      const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
      if (nullable && Array.isArray(schema.enum) && !schema.enum.includes(null))
        wrong.push(`${where}: enum without null`);
    }
    expect(wrong).toEqual([]);
  });

  it('describes every upload as a multipart form with its file', () => {
    const uploads = server.app.apiRoutes.filter((r) => r.upload);
    // Every route that calls readUpload declares it (readUpload refuses otherwise): these are all of them.
    expect(uploads.length).toBeGreaterThanOrEqual(12);
    const undescribed: string[] = [];
    for (const route of uploads) {
      const key = `${route.method} ${trim(route.url.replace(/:(\w+)/g, '{$1}'))}`;
      const found = operations.find((o) => o.key === key);
      const form = found?.operation.requestBody?.content?.['multipart/form-data']?.schema as
        { properties?: Record<string, Schema>; required?: string[] } | undefined;
      const file = form?.properties?.[route.upload!];
      if (!file || file.type !== 'string' || file.format !== 'binary' || !form?.required?.includes(route.upload!))
        undescribed.push(key);
    }
    expect(undescribed, 'upload routes whose multipart body is not described').toEqual([]);
  });

  it('still serves the Swagger UI', async () => {
    const res = await server.anonymous().get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});

/**
 * The recommended rules' warnings the document keeps, and why. Every other warning fails the test, as an error does.
 */
const keptWarnings: Record<string, string> = {
  'no-ambiguous-paths':
    'a few paths have a fixed segment where another has a parameter (`/invoice/api/issue/{id}` beside ' +
    '`/invoice/api/{id}/pdf`); the router prefers the fixed segment, and the paths are what clients call',
  'info-license': 'the API is not published under a licence',
};

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

/** `redocly lint` (its recommended rules) on one file, read from its JSON report; it exits 1 when it finds an error. */
async function redocly(file: string): Promise<LintReport> {
  const bin = path.resolve('node_modules/@redocly/cli/bin/cli.js');
  const args = [bin, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '10000'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const result = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 64 << 20 }).catch(
    (error: { stdout?: string; code?: number }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw error;
    },
  );
  return JSON.parse(result.stdout) as LintReport;
}
