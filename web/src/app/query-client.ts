import { MutationCache, QueryClient } from '@tanstack/react-query';
import { apiEffects, DEFAULT_ERROR_MESSAGE, isApiError, startedText, successText } from '../lib/api/index.js';

/**
 * The query client of both shells (the app and the learner's page), with the ONE place that turns a
 * write's outcome into what the person sees (lib/api/README.md): a mutation declares `meta`
 * (`success`, `error`, `invalidates`) and this cache raises the notification and refetches.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A 4xx answer will not change by asking again; a lost connection may.
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
    mutationCache: new MutationCache({
      onSuccess: async (data, _variables, _context, mutation) => {
        const meta = mutation.meta;
        const text = successText(meta, data);
        if (text) apiEffects().notify('success', text);
        // A background job that has only begun: said neutrally; its page tells how it ended.
        const started = startedText(meta, data);
        if (started) apiEffects().notify('info', started, 'Started');
        if (meta?.invalidates?.length)
          await Promise.all(meta.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
      },
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta;
        // A 401 has already signed out and gone to /login; a screen that shows the failure itself says so.
        if (meta?.error === false || (isApiError(error) && error.status === 401)) return;
        apiEffects().notify('error', error.message || DEFAULT_ERROR_MESSAGE, meta?.error);
      },
    }),
  });
  return client;
}
