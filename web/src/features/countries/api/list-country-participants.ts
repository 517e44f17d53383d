import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CountryParticipantPage } from '#contract/countries';
import { api } from '../../../lib/api/index.js';
import { type CountryParticipantListParams, countryParticipantKeys } from './keys.js';

/** GET igeo-country-participant/v-rest/?olympiadId: the countries entered in an olympiad. */
export const listCountryParticipants = (params: CountryParticipantListParams) =>
  api.get('/igeo-country-participant/v-rest/', { query: { ...params }, schema: CountryParticipantPage });

export const useCountryParticipants = (params: CountryParticipantListParams, enabled = true) =>
  useQuery({
    queryKey: countryParticipantKeys.list(params),
    queryFn: () => listCountryParticipants(params),
    placeholderData: keepPreviousData,
    enabled,
  });
