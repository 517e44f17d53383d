import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { Learner } from '#contract/learners';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';
import { learnersKeys, type LearnerScope } from './keys.js';

const LearnerPage = pageOf(Learner);

/** GET learner/v-rest/?olympiadId&schoolId */
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
