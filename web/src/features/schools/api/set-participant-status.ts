import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { participantKeys } from './keys.js';
import { ParticipantBody } from './participant-body.js';

/** PUT school-participant/v-rest/{id}: withdraw an entry, or enter it again. */
export const setParticipantStatus = ({ id, status }: { id: number; status: string }) =>
  api.put(`/school-participant/v-rest/${id}`, { body: { status }, schema: ParticipantBody });

/** The list shows the new status itself. */
export const useSetParticipantStatus = () =>
  useMutation({ mutationFn: setParticipantStatus, meta: { invalidates: [participantKeys.all] } });
