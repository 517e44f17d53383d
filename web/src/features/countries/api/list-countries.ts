import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CountryPage } from '#contract/countries';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';
import { countryKeys } from './keys.js';

/** GET igeo-country/v-rest/: the countries, paged, searched and sorted. */
export const listCountries = (params: ListParams) =>
  api.get('/igeo-country/v-rest/', { query: { ...params }, schema: CountryPage });

export const useCountries = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: countryKeys.list(params),
    queryFn: () => listCountries(params),
    placeholderData: keepPreviousData,
    enabled,
  });
