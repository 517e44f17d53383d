import type { z } from 'zod';
import type { SessionUser } from '#contract/auth';
import { demoPassword, type demoUsernames } from '../seed/demo.js';

/** Every demo account a test can act as (all sign in with the demo password; learners into geo-demo). */
export type DemoUsername = (typeof demoUsernames)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the body it expects; assertions (or a schema) check it
export type AnyBody = any;

export interface ApiOptions {
  token?: string | null;
  /** Sent as JSON (content-type application/json). */
  body?: unknown;
  /** Sent as is; set the content type in `headers`. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = AnyBody> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** What a query string may hold; `undefined` and `null` leave the parameter out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<S extends z.ZodType = z.ZodType> {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Checks a 2xx answer's body against this schema (the test fails if it does not match) and types it. */
  schema?: S;
}

/** One file of a multipart upload, sent in the form field `file` unless `field` says otherwise. */
export interface UploadFile {
  bytes: string | Buffer | Uint8Array;
  name: string;
  field?: string;
}

type Send = {
  <S extends z.ZodType>(path: string, options: RequestOptions<S> & { schema: S }): Promise<ApiResponse<z.infer<S>>>;
  <T = AnyBody>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
};

/** A caller of the API: a signed-in user (their bearer on every request) or nobody (`anonymous()`). */
export interface Client {
  /** Who signed in; null for the anonymous client. */
  readonly user: SessionUser | null;
  readonly token: string | null;
  get: Send;
  post: Send;
  put: Send;
  delete: Send;
  /** A multipart POST of one file (a CSV, a spreadsheet, a QTI package, an attachment). */
  upload<T = AnyBody>(path: string, file: UploadFile, options?: { query?: Query }): Promise<ApiResponse<T>>;
}

export type RawApi = <T = AnyBody>(method: string, path: string, options?: ApiOptions) => Promise<ApiResponse<T>>;

/** `path` with `query` appended (after any query the path already has). */
export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.append(key, String(value));
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** Reads a fetch answer as the tests see it: JSON parsed when the server says it is JSON. */
export async function readResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: res.status, body, headers: res.headers, text };
}

/** A client over one server's raw `api` call, carrying `token` (none when null). */
export function makeClient(baseUrl: string, api: RawApi, token: string | null, user: SessionUser | null): Client {
  const send =
    (method: string): Send =>
    async (path: string, options: RequestOptions = {}) => {
      const res = await api(method, withQuery(path, options.query), {
        token,
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(options.rawBody === undefined ? {} : { rawBody: options.rawBody }),
        ...(options.headers ? { headers: options.headers } : {}),
      });
      if (options.schema && res.status >= 200 && res.status < 300) {
        const parsed = options.schema.safeParse(res.body);
        if (!parsed.success)
          throw new Error(`${method} ${path}: the answer does not match its schema: ${parsed.error.message}`);
        return { ...res, body: parsed.data };
      }
      return res;
    };
  return {
    user,
    token,
    get: send('GET'),
    post: send('POST'),
    put: send('PUT'),
    delete: send('DELETE'),
    async upload(path, file, options = {}) {
      const form = new FormData();
      const bytes = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
      form.append(file.field ?? 'file', new Blob([bytes]), file.name);
      const res = await fetch(baseUrl + withQuery(path, options.query), {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return readResponse(res);
    },
  };
}

/** How `as()` signs a user in: the demo password and, for a demo learner, geo-demo (Germany's team: igeo-demo). */
export function demoCredentials(username: string): { password: string; olympiadName?: string } {
  if (username === 'teamlearner') return { password: demoPassword, olympiadName: 'igeo-demo' };
  return username.startsWith('learner')
    ? { password: demoPassword, olympiadName: 'geo-demo' }
    : { password: demoPassword };
}
