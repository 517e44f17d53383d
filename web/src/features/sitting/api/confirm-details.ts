import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LearnerDetailsBody } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** PUT /api/sitting/{o}/learner-details */
export const confirmDetails = (olympiadName: string, body: z.infer<typeof LearnerDetailsBody>) =>
  api.put(sittingPath(olympiadName, 'learner-details'), { body });

/** The page shows a failure in place. */
export const useConfirmDetails = (olympiadName: string) =>
  useMutation({
    mutationFn: (body: z.infer<typeof LearnerDetailsBody>) => confirmDetails(olympiadName, body),
    meta: { error: false, invalidates: [sittingKeys.state(olympiadName)] },
  });
