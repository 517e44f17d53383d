import { clearUser } from '../session/storage.js';
import { apiUrl, authHeaders, type Query } from './client.js';
import { apiEffects } from './effects.js';
import { ApiError } from './errors.js';
import { startLoading, stopLoadingSoon } from './loader.js';
import { DEFAULT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './messages.js';

export type FormFields = Record<string, string | number | boolean | Blob | null | undefined>;

export interface PostFormOptions {
  query?: Query;
  /** Shown when the post succeeds. */
  successMessage?: string;
}

function toFormData(data: FormData | FormFields): FormData {
  if (data instanceof FormData) return data;
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}

function failureText(body: Record<string, unknown>): string {
  for (const key of ['error', 'errorMsg', 'reason'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
  }
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The generic post helper of docs/spec.md §7–8: sends form data, expects `success`. On failure it shows
 * error → errorMsg → reason → "An error occurred" and rejects; on a transport failure it shows the
 * response text; on 401 it signs out and goes to /login. The global loader shows meanwhile and hides
 * 500 ms after the end.
 */
export async function postForm<T extends object = Record<string, unknown>>(
  path: string,
  data: FormData | FormFields,
  options: PostFormOptions = {},
): Promise<T & { success: true }> {
  const { notify } = apiEffects();
  startLoading();
  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, options.query), {
        method: 'POST',
        headers: { Accept: 'application/json', ...authHeaders() },
        body: toFormData(data),
      });
    } catch {
      notify('error', NETWORK_ERROR_MESSAGE);
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
    }
    const text = await response.text();
    if (response.status === 401) {
      clearUser();
      apiEffects().toLogin();
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      const message = text.trim().slice(0, 300) || response.statusText || DEFAULT_ERROR_MESSAGE;
      notify('error', message);
      throw new ApiError(message, response.status, 'transport');
    }
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (record.success !== true) {
      const message = failureText(record);
      if (response.status !== 401) notify('error', message);
      throw new ApiError(message, response.status, typeof record.code === 'string' ? record.code : null);
    }
    if (options.successMessage) notify('success', options.successMessage);
    return record as T & { success: true };
  } finally {
    stopLoadingSoon();
  }
}
