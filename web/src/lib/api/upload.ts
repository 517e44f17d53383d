import type { z } from 'zod';
import { type Query, apiUrl, authHeaders, failureText, handleUnauthorized } from './client.js';
import { ApiError } from './errors.js';
import { startLoading, stopLoadingSoon } from './loader.js';
import { networkErrorMessage } from './messages.js';

/** How far an upload is: bytes sent of the total (the file and the form around it). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The raw answer of an upload: status, text, and whether the server was reached at all. */
function send(
  url: string,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
): Promise<{ status: number; statusText: string; text: string }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress, and a long upload shows a progress bar.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    }
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(networkErrorMessage(), 0, 'network'));
    xhr.onabort = () => reject(new ApiError(networkErrorMessage(), 0, 'network'));
    xhr.send(form);
  });
}

/**
 * A file upload (multipart/form-data, one field named `file`) with the same semantics as a write of
 * `apiRequest`: bearer from the stored user, the global loader meanwhile, the spec's failure text, a 401
 * signs out. `onProgress` follows the bytes on their way to the server.
 */
export async function apiUpload<T>(
  path: string,
  file: File,
  options: { query?: Query; schema: z.ZodType<T>; onProgress?: (p: UploadProgress) => void },
): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  startLoading();
  let response: Awaited<ReturnType<typeof send>>;
  try {
    response = await send(apiUrl(path, options.query), form, options.onProgress);
  } finally {
    stopLoadingSoon();
  }
  let data: unknown = null;
  try {
    data = response.text ? (JSON.parse(response.text) as unknown) : null;
  } catch {
    data = response.text;
  }
  if (response.status < 200 || response.status >= 300) {
    if (response.status === 401) handleUnauthorized('sign-out');
    const body = (typeof data === 'object' && data ? data : {}) as { code?: unknown; details?: unknown };
    throw new ApiError(
      typeof data === 'string' && data.trim() ? data.trim().slice(0, 300) : failureText(data),
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
