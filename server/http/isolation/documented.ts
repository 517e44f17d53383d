import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ApiResponse, TestServer } from '../../test/harness.js';

/**
 * Real answers checked against the API document that describes them (/api/docs/json, decision 072), the way a
 * client generated from it would read them: each JSON answer of 200 against its operation's 200 schema, and each
 * refusal (4xx) against the one error shape, on a status the operation documents. The schemas are compiled by ajv
 * in strict mode as JSON Schema 2020-12, the document's dialect, so a schema that says what no validator can check
 * fails too. `route()` checks every answer against its zod schema already; this checks the document itself, which is
 * what clients outside the repository read. Used by the route × role walks (testing.ts, authorization.test.ts).
 */

type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface ApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * An ajv for the document's schemas: 2020-12, strict (no keyword, format or type it does not know), every error
 * reported. `binary` is a format of the OpenAPI format registry (a file's bytes, as uploads and downloads are
 * described) that ajv-formats does not define: it is known here and checks nothing.
 */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

/** A route's path as the document writes it: `{param}` for `:param`, no trailing slash. */
export const documentPath = (url: string) => {
  const path = url.replace(/:(\w+)/g, '{$1}');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

const listed = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map(
    (e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );

export interface DocumentedAnswers {
  /** What is wrong with `res` as an answer of `route` by its document (null when nothing is). */
  problem(route: { method: string; url: string }, res: ApiResponse): string | null;
  /** Compiles every operation's JSON schemas now (a walk of every route would compile them one by one). */
  compileAll(): void;
}

/** The document's checker of answers; each operation's schema is compiled the first time one of its answers comes. */
export function documentedAnswers(document: ApiDocument): DocumentedAnswers {
  const ajv = strictAjv();
  const shared = document.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema => {
    const ref = typeof schema.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref) : null;
    return ref ? (shared[ref[1]!] ?? schema) : schema;
  };
  const compiled = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    const resolved = resolve(schema);
    let validate = compiled.get(resolved);
    if (!validate) compiled.set(resolved, (validate = ajv.compile(resolved)));
    return validate;
  };

  return {
    compileAll() {
      for (const item of Object.values(document.paths))
        for (const operation of Object.values(item))
          for (const answer of Object.values(operation.responses ?? {})) {
            const schema = answer.content?.['application/json']?.schema;
            if (schema) validatorOf(schema);
          }
    },
    problem(route, res) {
      const refusal = res.status >= 400 && res.status < 500;
      const type = res.headers.get('content-type') ?? '';
      if (!(res.status === 200 && type.includes('json')) && !refusal) return null;
      const where = `${route.method} ${documentPath(route.url)}`;
      const operation = document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) return `${where} is no operation of the document`;
      const documented = operation.responses?.[String(res.status)];
      if (!documented) return `${where} answered ${res.status}, which its operation does not document`;
      const schema = documented.content?.['application/json']?.schema;
      if (!schema) return `${where} answered JSON with ${res.status}, documented with no JSON schema`;
      let validate: ValidateFunction;
      try {
        validate = validatorOf(schema);
      } catch (error) {
        return `${where}: its ${res.status} schema does not compile in strict mode: ${(error as Error).message}`;
      }
      if (!validate(res.body))
        return `${where} answered ${res.status} unlike its documented schema: ${listed(validate.errors).join('; ')}`;
      return null;
    },
  };
}

/** The checker of the document the test server serves. */
export async function servedDocumentAnswers(server: TestServer): Promise<DocumentedAnswers> {
  const res = await server.api<ApiDocument>('GET', '/api/docs/json');
  if (res.status !== 200) throw new Error(`/api/docs/json answered ${res.status}`);
  return documentedAnswers(res.body);
}
