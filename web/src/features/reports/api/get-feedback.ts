import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FeedbackReport } from '#contract/reports';
import { api, downloadFile } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';
import type { FeedbackParams } from './params.js';

/** GET /olympiad/reports/feedback/{id}: ratings, their distribution and the comments, paged. */
export const getFeedback = (olympiadId: number | undefined, params: FeedbackParams, signal?: AbortSignal) =>
  api.get(`/olympiad/reports/feedback/${olympiadId}`, { query: { ...params }, schema: FeedbackReport, signal });

export function useFeedback(olympiadId: number | undefined, params: FeedbackParams) {
  return useQuery({
    queryKey: reportKeys.feedback(olympiadId, params),
    queryFn: ({ signal }) => getFeedback(olympiadId, params, signal),
    enabled: olympiadId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Every row of the feedback (with the filters) as csv or xlsx. */
export const downloadFeedback = (
  olympiadId: number,
  params: Omit<FeedbackParams, 'page' | 'pageSize'>,
  format: 'csv' | 'xlsx',
  name: string,
) => downloadFile(`/olympiad/reports/feedback/${olympiadId}`, `feedback-${name}.${format}`, { ...params, format });
