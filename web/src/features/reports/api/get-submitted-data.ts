import { useQuery } from '@tanstack/react-query';
import { SubmittedData } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';

/** GET participant/get-submitted-data/{learnerId}: what the learner submitted, with marks and the key. */
export const getSubmittedData = (learnerId: number | null, signal?: AbortSignal) =>
  api.get(`/participant/get-submitted-data/${learnerId}`, { schema: SubmittedData, signal });

export function useSubmittedData(learnerId: number | null) {
  return useQuery({
    queryKey: reportKeys.submittedData(learnerId),
    queryFn: ({ signal }) => getSubmittedData(learnerId, signal),
    enabled: learnerId !== null,
  });
}
