import { useMutation } from '@tanstack/react-query';
import { CountryParticipantBody, type EnterCountryBody } from '#contract/countries';
import { api } from '../../../lib/api/index.js';
import { countryKeys, countryParticipantKeys } from './keys.js';

/** POST igeo-country-participant/v-rest/: the admin enters a country, with its team admin. */
export const enterCountry = (body: EnterCountryBody) =>
  api.post('/igeo-country-participant/v-rest/', { body, schema: CountryParticipantBody });

/** The form shows a failure on its fields; the server's message (the link is on its way) wins on success. */
export const useEnterCountry = () =>
  useMutation({
    mutationFn: enterCountry,
    meta: { success: 'Entered', error: false, invalidates: [countryParticipantKeys.all, countryKeys.all] },
  });
