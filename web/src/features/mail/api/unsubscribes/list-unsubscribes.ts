import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UnsubscribeList } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys, type ScopedListParams } from '../keys.js';

/** GET unsubscribe/v-rest/?olympiadId */
export function listUnsubscribes(params: ScopedListParams) {
  return api.get('/unsubscribe/v-rest/', { query: { ...params }, schema: UnsubscribeList });
}

export const useUnsubscribes = (params: ScopedListParams, enabled = true) =>
  useQuery({
    queryKey: mailKeys.unsubscribes(params),
    queryFn: () => listUnsubscribes(params),
    placeholderData: keepPreviousData,
    enabled,
  });
