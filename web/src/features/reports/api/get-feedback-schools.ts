import { useQuery } from '@tanstack/react-query';
import { FeedbackSchools } from '#contract/reports';
import { api } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';

/** GET /olympiad/reports/feedback/{id}/schools: the feedback filter's schools (read once per visit). */
export const getFeedbackSchools = (olympiadId: number | undefined, signal?: AbortSignal) =>
  api.get(`/olympiad/reports/feedback/${olympiadId}/schools`, { schema: FeedbackSchools, signal });

export function useFeedbackSchools(olympiadId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.feedbackSchools(olympiadId),
    queryFn: ({ signal }) => getFeedbackSchools(olympiadId, signal),
    enabled: olympiadId !== undefined,
    staleTime: 5 * 60_000,
  });
}
