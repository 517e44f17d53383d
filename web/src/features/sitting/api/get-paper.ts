import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paper } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** GET /api/sitting/{o}/paper: the questions (no keys) and the saved answers; the first call starts the timer. */
export function paperQuery(olympiadName: string) {
  return queryOptions({
    queryKey: sittingKeys.paper(olympiadName),
    queryFn: ({ signal }) => api.get<Paper>(sittingPath(olympiadName, 'paper'), { signal }),
    // Loaded once per visit; answers live in the page's own store from then on.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 3,
  });
}

export function usePaper(olympiadName: string, enabled: boolean) {
  return useQuery({ ...paperQuery(olympiadName), enabled });
}
