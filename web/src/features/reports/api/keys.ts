import { queryKeys } from '../../../lib/api/index.js';
import type { FeedbackParams, StartTimesParams } from './params.js';

/** The reports' query keys: `reportKeys.all` refetches start times, submitted data, graph data and feedback. */
export const reportKeys = queryKeys('reports', {
  startTimes: (olympiadId: number | undefined, params: StartTimesParams) => [olympiadId, params],
  submittedData: (learnerId: number | null) => [learnerId],
  graphData: (olympiadId: number | undefined, examDay: string | null) => [olympiadId, examDay],
  feedback: (olympiadId: number | undefined, params: FeedbackParams) => [olympiadId, params],
  feedbackSchools: (olympiadId: number | undefined) => [olympiadId],
  waitingRoom: (olympiadId: number | undefined) => [olympiadId],
});
