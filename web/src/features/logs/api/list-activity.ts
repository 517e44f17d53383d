import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ActivityLogPage, type ActivityLogQuery } from '#contract/logs';
import { api, downloadFile, type Query } from '../../../lib/api/index.js';
import { logsKeys } from './keys.js';

/** GET api/activity-log/?startDate&userId&email&timeWindow (docs/spec.md §7), with the screen's other filters. */
export function listActivity(params: ActivityLogQuery) {
  return api.get('/api/activity-log/', { query: params as Query, schema: ActivityLogPage });
}

export const useActivityLog = (params: ActivityLogQuery) =>
  useQuery({
    queryKey: logsKeys.activity(params),
    queryFn: () => listActivity(params),
    placeholderData: keepPreviousData,
  });

/** The filtered activity log as a csv or xlsx file. */
export const downloadActivity = (params: ActivityLogQuery, format: 'csv' | 'xlsx') =>
  downloadFile('/api/activity-log/', `activity-log.${format}`, { ...params, page: undefined, format } as Query);
