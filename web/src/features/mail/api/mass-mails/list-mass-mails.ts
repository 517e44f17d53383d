import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MassMailRow, listOf } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys, type ScopedListParams } from '../keys.js';

const MassMailList = listOf(MassMailRow);

/** GET emailer/v-rest/?olympiadId (the overlord leaves it out: every mailing) */
export function listMassMails(params: ScopedListParams) {
  return api.get('/emailer/v-rest/', { query: { ...params }, schema: MassMailList });
}

/** `live`: asked again every 2 s while mailings are sent. */
export const useMassMails = (params: ScopedListParams, enabled = true, live = false) =>
  useQuery({
    queryKey: mailKeys.massMails(params),
    queryFn: () => listMassMails(params),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: live ? 2000 : false,
  });
