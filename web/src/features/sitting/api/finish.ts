import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FeedbackBody, FinishResult } from '../../../../../contract/index.js';
import type { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** POST /api/sitting/{o}/finish */
export function finishSitting(olympiadName: string) {
  return api.post(sittingPath(olympiadName, 'finish'), { schema: FinishResult });
}

/** POST /api/sitting/{o}/feedback (optional, once) */
export function useSendFeedback(olympiadName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof FeedbackBody>) => api.post(sittingPath(olympiadName, 'feedback'), { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sittingKeys.state(olympiadName) }),
  });
}
