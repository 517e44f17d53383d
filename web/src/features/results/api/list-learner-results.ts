import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LearnerResultsPage } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { type LearnerResultsParams, resultsKeys } from './keys.js';

/** GET /olympiad/results/{olympiadId}/learners: the published snapshot, ranked, paged and filtered. */
export const useLearnerResults = (params: LearnerResultsParams, enabled = true) =>
  useQuery({
    queryKey: resultsKeys.learners(params),
    queryFn: () => {
      const { olympiadId, ...query } = params;
      return api.get(`/olympiad/results/${olympiadId}/learners`, { query, schema: LearnerResultsPage });
    },
    enabled: enabled && params.olympiadId != null,
    placeholderData: keepPreviousData,
  });
