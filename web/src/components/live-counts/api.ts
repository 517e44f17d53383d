import { useQuery } from '@tanstack/react-query';
import { SittingCounts } from '#contract/index';
import { api } from '../../lib/api/index.js';

/** How often the live counts refresh while the page is visible (paused in a background tab). */
export const LIVE_COUNTS_INTERVAL_MS = 10_000;

/**
 * GET /api/sitting-counts/?olympiadId: learners not started / writing / finished / active now. The server
 * scopes it: an admin sees the olympiad, a teacher their own school.
 */
/** The live counts' query keys: a write that changes an attempt refetches `sittingCountKeys.all`. */
export const sittingCountKeys = {
  all: ['sitting-counts'] as const,
  one: (olympiadId: number | null | undefined) => ['sitting-counts', olympiadId] as const,
};

export function useSittingCounts(olympiadId: number | null | undefined) {
  return useQuery({
    queryKey: sittingCountKeys.one(olympiadId),
    queryFn: ({ signal }) => api.get('/api/sitting-counts/', { query: { olympiadId }, schema: SittingCounts, signal }),
    enabled: olympiadId != null,
    refetchInterval: LIVE_COUNTS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });
}
