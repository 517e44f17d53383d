import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { countryKeys, countryParticipantKeys } from './keys.js';

/** DELETE igeo-country-participant/v-rest/{id} */
export const deleteCountryParticipant = (id: number) =>
  api.delete(`/igeo-country-participant/v-rest/${id}`, { schema: Ok });

export const useDeleteCountryParticipant = () =>
  useMutation({
    mutationFn: deleteCountryParticipant,
    meta: { success: 'Removed', invalidates: [countryParticipantKeys.all, countryKeys.all] },
  });
