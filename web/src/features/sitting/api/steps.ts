import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LearnerDetailsBody, RecoveryPinResult } from '../../../../../contract/index.js';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** POST /api/sitting/{o}/declaration {accept: true} */
export function useAcceptDeclaration(olympiadName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(sittingPath(olympiadName, 'declaration'), { body: { accept: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sittingKeys.state(olympiadName) }),
  });
}

/** POST /api/sitting/{o}/recovery-pin: the PIN comes in this answer once, never again. */
export function useIssueRecoveryPin(olympiadName: string) {
  return useMutation({
    mutationFn: async () =>
      (await api.post<z.infer<typeof RecoveryPinResult>>(sittingPath(olympiadName, 'recovery-pin'))).pin,
  });
}

/** PUT /api/sitting/{o}/learner-details */
export function useConfirmDetails(olympiadName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.infer<typeof LearnerDetailsBody>) =>
      api.put(sittingPath(olympiadName, 'learner-details'), { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sittingKeys.state(olympiadName) }),
  });
}
