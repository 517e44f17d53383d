import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PastOlympiadList } from '#contract/public';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

export const PAST_PAGE_SIZE = 10;

/** GET website/api/past-olympiads/{projectName}: one page of the project's closed olympiads, latest first. */
export const listPastOlympiads = (projectName: string, page: number) =>
  api.get(`/website/api/past-olympiads/${encodeURIComponent(projectName)}`, {
    query: { page, pageSize: PAST_PAGE_SIZE },
    schema: PastOlympiadList,
    on401: 'ignore',
  });

export const usePastOlympiads = (projectName: string, page: number) =>
  useQuery({
    queryKey: publicKeys.pastOlympiads(projectName, page),
    queryFn: () => listPastOlympiads(projectName, page),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
