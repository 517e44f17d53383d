import { useQuery } from '@tanstack/react-query';
import { MyResult } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { sittingKeys } from './keys.js';

/** GET /olympiad/results/mine?olympiadId: the learner's own result, once the results are published. */
export const useMyResult = (olympiadId: number) =>
  useQuery({
    queryKey: sittingKeys.myResult(olympiadId),
    queryFn: () => api.get('/olympiad/results/mine', { query: { olympiadId }, schema: MyResult }),
  });
