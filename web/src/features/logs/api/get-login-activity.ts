import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LoginActivityPage, type LoginActivityQuery } from '#contract/logs';
import { api, downloadFile, type Query } from '../../../lib/api/index.js';
import { logsKeys } from './keys.js';

/** GET api/learner-login-activity/: learner sign-ins and failures over time and per olympiad and school. */
export const getLoginActivity = (params: LoginActivityQuery) =>
  api.get('/api/learner-login-activity/', { query: params as Query, schema: LoginActivityPage });

export const useLoginActivity = (params: LoginActivityQuery) =>
  useQuery({
    queryKey: logsKeys.loginActivity(params),
    queryFn: () => getLoginActivity(params),
    placeholderData: keepPreviousData,
  });

/** The table as a csv or xlsx file. */
export const downloadLoginActivity = (params: LoginActivityQuery, format: 'csv' | 'xlsx') =>
  downloadFile('/api/learner-login-activity/', `learner-login-activity.${format}`, {
    ...params,
    page: undefined,
    pageSize: undefined,
    format,
  } as Query);
