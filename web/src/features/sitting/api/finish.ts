import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FeedbackBody, FinishResult } from '../../../../../contract/index.js';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** POST /api/sitting/{o}/finish */
export function finishSitting(olympiadName: string) {
  return api.post<z.infer<typeof FinishResult>>(sittingPath(olympiadName, 'finish'));
}

/** POST /api/sitting/{o}/feedback (optional, once) */
export function useSendFeedback(olympiadName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof FeedbackBody>) => api.post(sittingPath(olympiadName, 'feedback'), { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sittingKeys.state(olympiadName) }),
  });
}
