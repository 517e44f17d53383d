import { useQuery } from '@tanstack/react-query';
import { SubmittedData } from '../../../../../contract/index.js';
import { api } from '../../../lib/api/index.js';

/** GET participant/get-submitted-data/{learnerId}: what the learner submitted, with marks and the key. */
export function useSubmittedData(learnerId: number | null) {
  return useQuery({
    queryKey: ['submitted-data', learnerId],
    queryFn: ({ signal }) => api.get(`/participant/get-submitted-data/${learnerId}`, { schema: SubmittedData, signal }),
    enabled: learnerId !== null,
  });
}
