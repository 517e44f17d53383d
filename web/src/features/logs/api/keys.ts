import type { ActivityLogQuery, AppLogQuery, LoginActivityQuery } from '#contract/logs';
import { queryKeys } from '../../../lib/api/index.js';

/** The query keys of the logs screens (activity log, app log, learner login activity). */
export const logsKeys = queryKeys('logs', {
  activity: (params: ActivityLogQuery) => [params],
  appLogKeys: () => [],
  appLog: (params: AppLogQuery) => [params],
  loginActivity: (params: LoginActivityQuery) => [params],
});
