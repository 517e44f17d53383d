import { apiUrl, authHeaders, handleUnauthorized, type Query } from './client.js';
import { ApiError } from './errors.js';
import { NETWORK_ERROR_MESSAGE } from './messages.js';

/**
 * Downloads a file from the API (PDF, CSV, xlsx) with the bearer of the stored user and saves it
 * under `filename`. Errors reject like the fetch-based calls (docs/spec.md §8): the body's message or the status.
 */
export async function downloadFile(path: string, filename: string, query?: Query): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers: { ...authHeaders() } });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized('sign-out');
    let message = response.statusText || `Request failed (${response.status})`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON
    }
    throw new ApiError(message, response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
