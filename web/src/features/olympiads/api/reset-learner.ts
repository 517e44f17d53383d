import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** GET participant/reset/{olympiadId}/{learnerId}: the learner's attempt is removed (audited on the server). */
export async function resetLearner({
  olympiadId,
  learnerId,
  username,
}: {
  olympiadId: number;
  learnerId: number;
  username: string;
}) {
  const result = await api.get(`/participant/reset/${olympiadId}/${learnerId}`, { schema: Ok });
  return { ...result, message: `${username} can start again` };
}

export const useResetLearner = () =>
  useMutation({
    mutationFn: resetLearner,
    meta: { success: 'The learner can start again', invalidates: [olympiadKeys.all] },
  });
