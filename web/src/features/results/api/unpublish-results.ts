import { useMutation } from '@tanstack/react-query';
import { PublishResult } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { resultsKeys } from './keys.js';

/** POST /olympiad/results/{olympiadId}/unpublish */
export const unpublishResults = (olympiadId: number) =>
  api.post(`/olympiad/results/${olympiadId}/unpublish`, { schema: PublishResult });

export const useUnpublishResults = () =>
  useMutation({
    mutationFn: unpublishResults,
    meta: { success: 'The results are withdrawn', invalidates: [resultsKeys.all] },
  });
