import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Learner } from '#contract/learners';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

const LearnerSaved = z.object({ success: z.literal(true), learner: Learner });

/** PUT learner/v-rest/{id} */
export function updateLearner({
  id,
  values,
}: {
  id: number;
  values: { firstName: string; lastName: string; grade: number; dateOfBirth?: string | null };
}) {
  return api.put(`/learner/v-rest/${id}`, { body: values, schema: LearnerSaved });
}

/** The form shows a failure beside its fields. */
export const useUpdateLearner = () =>
  useMutation({
    mutationFn: updateLearner,
    meta: { success: translate('portal.notice.saved'), error: false, invalidates: [learnersKeys.list.prefix] },
  });
