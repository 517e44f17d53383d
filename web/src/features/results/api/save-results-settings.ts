import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResultsSettingsBody } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { resultsKeys } from './keys.js';

/** PUT /olympiad/results/{olympiadId}: the award rule and top-schools N. */
export function saveResultsSettings({ olympiadId, values }: { olympiadId: number; values: ResultsSettingsBody }) {
  return api.put(`/olympiad/results/${olympiadId}`, {
    body: values,
    schema: z.object({ success: z.literal(true), message: z.string() }),
  });
}
export const useSaveResultsSettings = () =>
  useMutation({
    mutationFn: saveResultsSettings,
    meta: { success: 'The award rule is saved', error: false, invalidates: [resultsKeys.all] },
  });
