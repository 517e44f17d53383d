import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LearnerPage } from '#contract/learners';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';
import { learnersKeys, type LearnerScope } from './keys.js';

/** GET learner/v-rest/?olympiadId&schoolId: a page of learners, and the address their slips print. */
export function listLearners(scope: LearnerScope | null, params: ListParams) {
  return api.get('/learner/v-rest/', { query: { ...scope, ...params }, schema: LearnerPage });
}

export const useLearners = (scope: LearnerScope | null, params: ListParams) =>
  useQuery({
    queryKey: learnersKeys.list(scope, params),
    queryFn: () => listLearners(scope, params),
    placeholderData: keepPreviousData,
    enabled: scope != null,
  });
