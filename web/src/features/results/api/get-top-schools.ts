import { useQuery } from '@tanstack/react-query';
import { TopSchools } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { resultsKeys } from './keys.js';

/** GET /olympiad/reports/top-school-calcs/{id}: published, or live before publishing (`source`). */
export const useTopSchools = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: resultsKeys.topSchools(olympiadId),
    queryFn: () => api.get(`/olympiad/reports/top-school-calcs/${olympiadId}`, { schema: TopSchools }),
    enabled: olympiadId != null,
  });
