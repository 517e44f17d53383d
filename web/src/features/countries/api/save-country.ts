import { useMutation } from '@tanstack/react-query';
import { CountryBody, type CountryInput } from '#contract/countries';
import { api } from '../../../lib/api/index.js';
import { countryKeys } from './keys.js';

/** POST igeo-country/v-rest/ or PUT igeo-country/v-rest/{id} */
export function saveCountry({ id, values }: { id: number | null; values: CountryInput }) {
  return id == null
    ? api.post('/igeo-country/v-rest/', { body: values, schema: CountryBody })
    : api.put(`/igeo-country/v-rest/${id}`, { body: values, schema: CountryBody });
}

/** The form shows a failure on its fields; the server's message wins on success. */
export const useSaveCountry = () =>
  useMutation({
    mutationFn: saveCountry,
    meta: { success: 'The country is saved', error: false, invalidates: [countryKeys.all] },
  });
