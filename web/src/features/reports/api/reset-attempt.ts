import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';

/** GET participant/reset/{olympiadId}/{learnerId}: the learner's attempt is deleted (audited) and may start again. */
export function useResetAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ olympiadId, learnerId }: { olympiadId: number; learnerId: number }) =>
      api.get<{ success: true; message?: string }>(`/participant/reset/${olympiadId}/${learnerId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['start-times'] }),
        queryClient.invalidateQueries({ queryKey: ['sitting-counts'] }),
        queryClient.invalidateQueries({ queryKey: ['submitted-data'] }),
      ]),
  });
}
