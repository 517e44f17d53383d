import type { z } from 'zod';
import { clearUser, getToken } from '../session/storage.js';
import { apiEffects } from './effects.js';
import { ApiError } from './errors.js';
import { NETWORK_ERROR_MESSAGE } from './messages.js';

/** The configured API address (docs/spec.md §7); the server answers at its own root by default. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

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

/**
 * The fetch-based call of docs/spec.md §7–8: JSON in and out, bearer from the stored user; a non-OK answer
 * rejects with the body's `message` or the status text, and a 401 removes the stored user.
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { query, body, schema, on401 = 'sign-out', signal } = options;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      // JSON content type whenever there is a body (an empty body declared as JSON is refused by the server).
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
        ...authHeaders(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
  }
  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(on401);
    const message = field(data, 'message');
    const code = field(data, 'code');
    const details = field(data, 'details');
    throw new ApiError(
      typeof message === 'string' && message ? message : response.statusText || `Request failed (${response.status})`,
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
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};
