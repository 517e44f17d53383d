import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { CreatedLearner, type NewLearnerBody } from '#contract/learners';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';

const LearnerAdded = z.object({ success: z.literal(true), message: z.string(), learner: CreatedLearner });

/** POST learner/v-rest/: one learner; the answer carries the username and password made for them. */
export function addLearner(body: z.input<typeof NewLearnerBody>) {
  return api.post('/learner/v-rest/', { body, schema: LearnerAdded });
}

/** The form shows the new sign-in (or a failure) itself. */
export const useAddLearner = () =>
  useMutation({
    mutationFn: addLearner,
    meta: { error: false, invalidates: [learnersKeys.list.prefix, learnersKeys.team.prefix] },
  });
