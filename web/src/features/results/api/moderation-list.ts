import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ModeratedPage } from '#contract/moderation';
import { api } from '../../../lib/api/index.js';
import { type ModeratedParams, moderationKeys } from './moderation-keys.js';

/** GET participant/api/moderated?olympiadId&state&kind&search&page&pageSize */
export const useModerated = (params: ModeratedParams) =>
  useQuery({
    queryKey: moderationKeys.list(params),
    queryFn: () =>
      api.get('/participant/api/moderated', {
        query: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')),
        schema: ModeratedPage,
        on401: 'reload',
      }),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });
