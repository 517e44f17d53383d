import type { AwardRule } from '#contract/results';
import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

/** One page of the ranked learners, with its filters. */
export type LearnerResultsParams = ListParams & {
  olympiadId: number | undefined;
  grade?: number | undefined;
  award?: string | undefined;
};

/** The query keys of the results feature (awards, ranks, top schools, publishing). */
export const resultsKeys = queryKeys('results', {
  overview: (olympiadId: number | undefined) => [olympiadId],
  preview: (olympiadId: number | undefined, rule: AwardRule | null) => [olympiadId, rule],
  learners: (params: LearnerResultsParams) => [params],
  topSchools: (olympiadId: number | undefined) => [olympiadId],
});
