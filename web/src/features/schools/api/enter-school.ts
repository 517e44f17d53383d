import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { participantKeys } from './keys.js';
import { ParticipantBody } from './participant-body.js';

/** POST school-participant/v-rest/: an admin enters a school in the olympiad. */
export const enterSchool = (body: { olympiadId: number; schoolId: number }) =>
  api.post('/school-participant/v-rest/', { body, schema: ParticipantBody });

export const useEnterSchool = () =>
  useMutation({ mutationFn: enterSchool, meta: { success: 'Entered', invalidates: [participantKeys.all] } });
