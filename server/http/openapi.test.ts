import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from './policy.js';
import { type TestServer, startTestServer } from '../test/harness.js';

/**
 * The API document (served at /api/docs/json, drawn by @fastify/swagger from the routes' zod schemas) is one a
 * client generator or a linter can take as it is: valid OpenAPI, every operation named, every refusal in the one
 * error shape, every upload described.
 */

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  security?: unknown[];
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
