import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';

/**
 * GET certificates/regenerate-and-send-to-school?schoolParticipantId (a GET because docs/spec.md says so, though it
 * writes): the school's certificates from the current names, its PDF made again and mailed again on purpose.
 */
export function regenerateSchool({ schoolParticipantId }: { schoolParticipantId: number; schoolName: string }) {
  return api.get('/certificates/regenerate-and-send-to-school', { query: { schoolParticipantId }, schema: Ok });
}
export const useRegenerateSchool = () =>
  useMutation({
    mutationFn: regenerateSchool,
    meta: {
      success: 'The school’s certificates were made again and are on their way',
      error: 'The school’s certificates could not be made again',
      invalidates: [certificatesKeys.all],
    },
  });
