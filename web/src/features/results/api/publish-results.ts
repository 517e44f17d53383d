import { useMutation } from '@tanstack/react-query';
import { PublishResult } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { resultsKeys } from './keys.js';

/** POST /olympiad/results/{olympiadId}/publish (the answer's message says how many). */
export const publishResults = (olympiadId: number) =>
  api.post(`/olympiad/results/${olympiadId}/publish`, { schema: PublishResult });

export const usePublishResults = () =>
  useMutation({
    mutationFn: publishResults,
    meta: { success: 'The results are published', error: 'Not published', invalidates: [resultsKeys.all] },
  });
