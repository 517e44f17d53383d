import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { participantKeys } from './keys.js';

/** DELETE school-participant/v-rest/{id} */
export const deleteParticipant = (id: number) => api.delete(`/school-participant/v-rest/${id}`, { schema: Ok });

export const useDeleteParticipant = () =>
  useMutation({ mutationFn: deleteParticipant, meta: { success: 'Removed', invalidates: [participantKeys.all] } });
