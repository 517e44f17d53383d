import type { z } from 'zod';
import { type Query, apiUrl, authHeaders, handleUnauthorized } from './client.js';
import { ApiError } from './errors.js';
import { NETWORK_ERROR_MESSAGE } from './messages.js';

/**
 * A file upload (multipart/form-data, one field named `file`) with the same semantics as `apiRequest`:
 * bearer from the stored user, the error shape's message on failure, a 401 signs out.
 */
export async function apiUpload<T>(
  path: string,
  file: File,
  options: { query?: Query; schema: z.ZodType<T> },
): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: 'POST',
      headers: { Accept: 'application/json', ...authHeaders() },
      body: form,
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized('sign-out');
    const body = (typeof data === 'object' && data ? data : {}) as {
      message?: unknown;
      code?: unknown;
      details?: unknown;
    };
    throw new ApiError(
      typeof body.message === 'string' ? body.message : response.statusText || `Upload failed (${response.status})`,
      response.status,
      typeof body.code === 'string' ? body.code : null,
      Array.isArray(body.details) ? body.details : [],
    );
  }
  const parsed = options.schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError('The server sent an answer this page does not understand.', response.status, 'bad_response');
  return parsed.data;
}

/** A link that downloads a protected file: fetched with the bearer, handed to the browser as a blob. */
export async function apiDownload(path: string, filename: string): Promise<void> {
  const response = await fetch(apiUrl(path), { headers: authHeaders() });
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized('sign-out');
    throw new ApiError(response.statusText || 'The download failed', response.status, null, []);
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
