import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { countryKeys } from './keys.js';

/** DELETE igeo-country/v-rest/{id} */
export const deleteCountry = (id: number) => api.delete(`/igeo-country/v-rest/${id}`, { schema: Ok });

export const useDeleteCountry = () =>
  useMutation({ mutationFn: deleteCountry, meta: { success: 'Removed', invalidates: [countryKeys.all] } });
