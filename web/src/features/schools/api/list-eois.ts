import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { Eoi } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { eoiKeys, type FilteredListParams } from './keys.js';

const EoiPage = pageOf(Eoi);

/** GET expression-of-interest/rest/?olympiadId&status */
export const listEois = (params: FilteredListParams) =>
  api.get('/expression-of-interest/rest/', { query: { ...params }, schema: EoiPage });

export const useEois = (params: FilteredListParams, enabled = true) =>
  useQuery({
    queryKey: eoiKeys.list(params),
    queryFn: () => listEois(params),
    placeholderData: keepPreviousData,
    enabled,
  });
