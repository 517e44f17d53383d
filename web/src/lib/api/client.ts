import type { z } from 'zod';
import { activeLocale } from '../i18n/locale.js';
import { clearUser, getToken } from '../session/storage.js';
import { apiEffects } from './effects.js';
import { ApiError } from './errors.js';
import { startLoading, stopLoadingSoon } from './loader.js';
import { DEFAULT_ERROR_MESSAGE, networkErrorMessage } from './messages.js';

/** The configured API address (docs/spec.md §7); the server answers at its own root by default. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * How a request leaves: the browser's fetch. The server's render of the public pages (web/src/public-site/server.tsx,
 * decision 047) passes its own, which answers from the server's routes without a network hop.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** What a 401 does: sign out and go to /login (docs/spec.md §8), reload the page (purchase orders), or nothing. */
export type On401 = 'sign-out' | 'reload' | 'ignore';

export interface RequestOptions<T> {
  query?: Query;
  body?: unknown;
  /** Checks the answer; a mismatch rejects instead of passing bad data on. */
  schema?: z.ZodType<T>;
  on401?: On401;
  signal?: AbortSignal;
  /**
   * A write the person did not start (a heartbeat, an answer saved in the background): no global loader.
   * Every other write shows it (docs/spec.md §4, §9).
   */
  background?: boolean;
}

export function apiUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** The bearer of the stored user; no header at all without one (docs/spec.md §6). */
export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export function handleUnauthorized(on401: On401) {
  if (on401 === 'ignore') return;
  if (on401 === 'reload') {
    window.location.reload();
    return;
  }
  clearUser();
  apiEffects().toLogin();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** A write's failure text (docs/spec.md §8): error, else errorMsg, else reason, else the error shape's message. */
export function failureText(body: unknown): string {
  for (const name of ['error', 'errorMsg', 'reason', 'message'] as const) {
    const value = field(body, name);
    if (typeof value === 'string' && value) return value;
  }
  return DEFAULT_ERROR_MESSAGE;
}

/** A read's failure text (docs/spec.md §8): the body's message, else the status text. */
function readFailureText(body: unknown, response: Response): string {
  const message = field(body, 'message');
  if (typeof message === 'string' && message) return message;
  return response.statusText || `Request failed (${response.status})`;
}

/**
 * The one call of the web app (docs/spec.md §7–8): JSON in and out, bearer from the stored user.
 *  - A read (GET) that fails rejects with the body's `message` or the status text.
 *  - A write (any other method) is the spec's post: the global loader shows when it starts and hides
 *    500 ms after it ends; a failure rejects with error, else errorMsg, else reason, else
 *    "An error occurred"; an answer that is not JSON rejects with its text. Notifications are not
 *    raised here: the app shell's MutationCache raises them from the mutation's `meta` (lib/api/README.md).
 *  - A 401 does what `on401` says (sign out and go to /login by default).
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const write = method.toUpperCase() !== 'GET';
  const loader = write && !options.background;
  if (loader) startLoading();
  try {
    return await send(method, path, options, write);
  } finally {
    if (loader) stopLoadingSoon();
  }
}

async function send<T>(method: string, path: string, options: RequestOptions<T>, write: boolean): Promise<T> {
  const { query, body, schema, on401 = 'sign-out', signal } = options;
  let response: Response;
  try {
    response = await transport(apiUrl(path, query), {
      method,
      // JSON content type whenever there is a body (an empty body declared as JSON is refused by the server).
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
        // The page's language: the server words its messages, and the mail it sends for the request, in it.
        'Accept-Language': activeLocale(),
        ...authHeaders(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(networkErrorMessage(), 0, 'network');
  }
  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(on401);
    const code = field(data, 'code');
    const details = field(data, 'details');
    let message: string;
    if (!write) message = readFailureText(data, response);
    else if (typeof data === 'string') message = data.trim().slice(0, 300) || DEFAULT_ERROR_MESSAGE;
    else message = failureText(data);
    throw new ApiError(
      message,
      response.status,
      typeof code === 'string' ? code : null,
      Array.isArray(details) ? details : [],
    );
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError('The server sent an answer this page does not understand.', response.status, 'bad_response');
  return parsed.data;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body' | 'background'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};
