import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PastWinnersList } from '#contract/public';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

export const WINNERS_PAGE_SIZE = 5;

/** GET website/api/past-winners/{projectName}: closed olympiads with their published winners, latest first. */
export const listPastWinners = (projectName: string, page: number) =>
  api.get(`/website/api/past-winners/${encodeURIComponent(projectName)}`, {
    query: { page, pageSize: WINNERS_PAGE_SIZE },
    schema: PastWinnersList,
    on401: 'ignore',
  });

export const usePastWinners = (projectName: string, page: number) =>
  useQuery({
    queryKey: publicKeys.pastWinners(projectName, page),
    queryFn: () => listPastWinners(projectName, page),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
