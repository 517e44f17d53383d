import { activeLocale } from '../i18n/locale.js';
import { apiUrl, authHeaders, handleUnauthorized, type Query } from './client.js';
import { ApiError } from './errors.js';
import { startLoading, stopLoadingSoon } from './loader.js';
import { networkErrorMessage } from './messages.js';

export interface BlobOptions {
  method?: 'GET' | 'POST';
  query?: Query;
  /** A JSON body (a POST that answers a file, e.g. a certificate preview from an unsaved design). */
  body?: unknown;
}

/**
 * A file from the API (PDF, image, CSV, xlsx) with the bearer of the stored user, as a Blob. Errors reject like
 * the fetch-based calls (docs/spec.md §8): the body's message or the status. A POST shows the global loader.
 */
export async function apiBlob(path: string, { method = 'GET', query, body }: BlobOptions = {}): Promise<Blob> {
  const write = method !== 'GET';
  let response: Response;
  if (write) startLoading();
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        'Accept-Language': activeLocale(),
        ...authHeaders(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(networkErrorMessage(), 0, 'network');
  } finally {
    if (write) stopLoadingSoon();
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized('sign-out');
    let message = response.statusText || `Request failed (${response.status})`;
    let code: string | null = null;
    let details: ApiError['details'] = [];
    try {
      const data = (await response.json()) as { message?: string; code?: unknown; details?: unknown };
      if (data.message) message = data.message;
      if (typeof data.code === 'string') code = data.code;
      if (Array.isArray(data.details)) details = data.details as ApiError['details'];
    } catch {
      // not JSON
    }
    throw new ApiError(message, response.status, code, details);
  }
  return response.blob();
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file from the API (PDF, CSV, xlsx) with the bearer of the stored user and saves it
 * under `filename`. Errors reject like the fetch-based calls (docs/spec.md §8): the body's message or the status.
 */
export async function downloadFile(path: string, filename: string, query?: Query): Promise<void> {
  saveBlob(await apiBlob(path, { query }), filename);
}
