import { useMutation } from '@tanstack/react-query';
import { NewPasswordsResult } from '#contract/learners';
import { api } from '../../../lib/api/index.js';
import { learnersKeys, type LearnerScope } from './keys.js';

export interface NewPasswordsInput {
  scope: LearnerScope;
  /** Every learner of the school, or the chosen ids. */
  learners: 'all' | number[];
}

/** POST /learner/v-rest/new-passwords: new generated passwords; the answer says whose changed and whose did not. */
export function issueNewPasswords({ scope, learners }: NewPasswordsInput) {
  return api.post('/learner/v-rest/new-passwords', {
    body: { olympiadId: scope.olympiadId, schoolId: scope.schoolId, learners },
    schema: NewPasswordsResult,
  });
}

/** The dialog shows the outcome (whose password changed) and a failure in place. */
export const useNewPasswords = () =>
  useMutation({
    mutationFn: issueNewPasswords,
    meta: { error: false, invalidates: [learnersKeys.list.prefix] },
  });
