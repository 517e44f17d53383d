import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { StartTimesPage } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';
import type { StartTimesParams } from './params.js';

/** GET /olympiad/start-times/?olympiadId&page&pageSize&search&sort&order: who started when. */
export const listStartTimes = (olympiadId: number | undefined, params: StartTimesParams, signal?: AbortSignal) =>
  api.get('/olympiad/start-times/', { query: { olympiadId, ...params }, schema: StartTimesPage, signal });

export function useStartTimes(olympiadId: number | undefined, params: StartTimesParams) {
  return useQuery({
    queryKey: reportKeys.startTimes(olympiadId, params),
    queryFn: ({ signal }) => listStartTimes(olympiadId, params, signal),
    enabled: olympiadId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
