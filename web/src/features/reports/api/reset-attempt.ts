import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { sittingCountKeys } from '../../../components/live-counts/api.js';
import { api } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';

/** GET participant/reset/{olympiadId}/{learnerId}: the learner's attempt is deleted (audited) and may start again. */
export async function resetAttempt({
  olympiadId,
  learnerId,
  name,
}: {
  olympiadId: number;
  learnerId: number;
  name: string;
}) {
  const result = await api.get(`/participant/reset/${olympiadId}/${learnerId}`, { schema: Ok });
  return { ...result, message: result.message ?? `The attempt of ${name} was reset.` };
}

/** The confirmation shows a failure in place. */
export const useResetAttempt = () =>
  useMutation({
    mutationFn: resetAttempt,
    meta: { success: 'The attempt was reset.', error: false, invalidates: [reportKeys.all, sittingCountKeys.all] },
  });
