import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AppLogKeys, AppLogPage, type AppLogQuery } from '#contract/logs';
import { api, type Query } from '../../../lib/api/index.js';
import { logsKeys } from './keys.js';

/** GET api/app-log/keys: where warnings and errors come from, with their counts. */
export const listAppLogKeys = () => api.get('/api/app-log/keys', { schema: AppLogKeys });

export const useAppLogKeys = () => useQuery({ queryKey: logsKeys.appLogKeys(), queryFn: listAppLogKeys });

/** GET api/app-log/all?key: one key's entries (or all), newest first. */
export const listAppLog = (params: AppLogQuery) =>
  api.get('/api/app-log/all', { query: params as Query, schema: AppLogPage });

export const useAppLog = (params: AppLogQuery) =>
  useQuery({ queryKey: logsKeys.appLog(params), queryFn: () => listAppLog(params), placeholderData: keepPreviousData });
