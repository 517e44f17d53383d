import { useQuery } from '@tanstack/react-query';
import { ConsentCount } from '#contract/learners';
import { api } from '../../../lib/api/index.js';
import { learnersKeys, type LearnerScope } from './keys.js';

/** GET learner/v-rest/consent-count: how many of the learners in scope have a parent's or guardian's consent recorded. */
export function consentCount(scope: LearnerScope) {
  return api.get('/learner/v-rest/consent-count', { query: { ...scope }, schema: ConsentCount });
}

// Under the list's key prefix: adding or importing learners refreshes the count with the list.
export const useConsentCount = (scope: LearnerScope) =>
  useQuery({ queryKey: [...learnersKeys.list.prefix, 'consent-count', scope], queryFn: () => consentCount(scope) });
