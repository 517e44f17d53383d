import { queryOptions, useQuery } from '@tanstack/react-query';
import { OlympiadResult } from '#contract/index';
import { api } from '../api/index.js';

/**
 * GET website/api/olympiad/{idOrVarName}: the public face of one olympiad. Without an id it rejects at once,
 * without a request, with `{ success: false }` (docs/spec.md §5).
 */
export function fetchPublicOlympiad(idOrVarName: string | null | undefined) {
  if (!idOrVarName || !String(idOrVarName).trim()) {
    return Promise.reject(Object.assign(new Error('No olympiad id was given'), { success: false as const }));
  }
  return api.get(`/website/api/olympiad/${encodeURIComponent(idOrVarName)}`, { schema: OlympiadResult });
}

export function publicOlympiadQuery(idOrVarName: string) {
  return queryOptions({
    queryKey: ['public', 'olympiad', idOrVarName],
    queryFn: () => fetchPublicOlympiad(idOrVarName),
    select: (data) => data.olympiad,
    staleTime: 5 * 60_000,
    retry: false,
    enabled: idOrVarName.length > 0,
  });
}

export function usePublicOlympiad(idOrVarName: string) {
  return useQuery(publicOlympiadQuery(idOrVarName));
}
