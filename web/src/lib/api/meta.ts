import type { QueryKey } from '@tanstack/react-query';

/**
 * What a mutation declares instead of raising notifications itself. The app shell's one MutationCache
 * (app/query-client.ts) reads it after every write:
 *  - `success`: shown when the write succeeds; the answer's own `message`, when it has one, is shown instead
 *    (the server's words win). Leave it out for a write whose success the screen shows by itself.
 *  - `error`: the heading of the failure notification (default "Something went wrong"); its text is the
 *    spec's failure text (docs/spec.md §8). `false` only when the screen shows the failure in place
 *    (a form's alert and its fields, a dialog that stays open).
 *  - `started`: for a write that starts a background job, instead of `success`: a neutral note headed "Started"
 *    (the answer's own `message` wins), never a green "Done" while the work has only begun. The job's end is told
 *    by the page that shows it (components/JobProgress.tsx), from the job's own result or error.
 *  - `invalidates`: query keys (from the feature's key factory) refetched after success, before the
 *    mutation resolves.
 */
export interface ApiMutationMeta extends Record<string, unknown> {
  success?: string;
  started?: string;
  error?: string | false;
  invalidates?: readonly QueryKey[];
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ApiMutationMeta;
  }
}

/** The answer's message, else the declared text; null when nothing is declared. */
function answerOr(declared: string | undefined, data: unknown): string | null {
  if (!declared) return null;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : declared;
}

/** The notification a succeeded write raises: the answer's message, else the declared text; null for none. */
export function successText(meta: ApiMutationMeta | undefined, data: unknown): string | null {
  return answerOr(meta?.success, data);
}

/** The neutral note of a write that started a background job: the answer's message, else `started`; null for none. */
export function startedText(meta: ApiMutationMeta | undefined, data: unknown): string | null {
  return answerOr(meta?.started, data);
}
