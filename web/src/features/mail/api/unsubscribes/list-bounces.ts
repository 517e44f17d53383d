import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BounceRow, listOf } from '#contract/mail';
import type { ListParams } from '../../../../components/PagedTable.js';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const BounceList = listOf(BounceRow);
type Params = ListParams & { kind?: string | undefined };

/** GET bounce/api/?kind */
export function listBounces(params: Params) {
  return api.get('/bounce/api/', { query: { ...params }, schema: BounceList });
}

export const useBounces = (params: Params) =>
  useQuery({
    queryKey: mailKeys.bounces(params),
    queryFn: () => listBounces(params),
    placeholderData: keepPreviousData,
  });
