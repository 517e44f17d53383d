import { useQuery } from '@tanstack/react-query';
import { ResultsOverview } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { resultsKeys } from './keys.js';

/** GET /olympiad/results/{olympiadId}: the rule, N, when published, the counts, whether the window is closed. */
export const useResults = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: resultsKeys.overview(olympiadId),
    queryFn: () => api.get(`/olympiad/results/${olympiadId}`, { schema: ResultsOverview }),
    enabled: olympiadId != null,
  });
