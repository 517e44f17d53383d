import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchPage, type SearchQuery } from '#contract/logs';
import { api, type Query } from '../../../lib/api/index.js';
import { overlordKeys } from './keys.js';

/** GET api/search/?q&kind&page&pageSize (decision 037): learners, schools, teachers, olympiads, EOIs and mail. */
export const search = (params: SearchQuery) => api.get('/api/search/', { query: params as Query, schema: SearchPage });

export const useSearch = (params: SearchQuery) =>
  useQuery({
    queryKey: overlordKeys.search(params),
    queryFn: () => search(params),
    enabled: params.q.trim().length >= 3,
    placeholderData: keepPreviousData,
  });
