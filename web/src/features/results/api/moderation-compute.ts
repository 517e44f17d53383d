import { useMutation } from '@tanstack/react-query';
import { ModerationComputeAnswer } from '#contract/moderation';
import { api } from '../../../lib/api/index.js';
import { moderationKeys } from './moderation-keys.js';

/** POST /olympiad/moderation/{olympiadId}/compute: the flags computed again, in the background. */
export const computeFlags = (olympiadId: number) =>
  api.post(`/olympiad/moderation/${olympiadId}/compute`, { schema: ModerationComputeAnswer, on401: 'reload' });

export const useComputeFlags = () =>
  useMutation({
    mutationFn: computeFlags,
    meta: { started: 'Computing the flags', error: 'Could not start', invalidates: [moderationKeys.summary.prefix] },
  });
