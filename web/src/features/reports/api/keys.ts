import { queryKeys } from '../../../lib/api/index.js';
import type { StartTimesParams } from './list-start-times.js';

/** The reports' query keys: `reportKeys.all` refetches start times and submitted data. */
export const reportKeys = queryKeys('reports', {
  startTimes: (olympiadId: number | undefined, params: StartTimesParams) => [olympiadId, params],
  submittedData: (learnerId: number | null) => [learnerId],
  waitingRoom: (olympiadId: number | undefined) => [olympiadId],
});
