import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { jobActive, JobList } from '#contract/jobs';
import { api } from '../../../lib/api/index.js';
import { type JobListParams, jobsKeys } from './keys.js';

/** GET olympiad/jobs/{olympiadId}?page&pageSize&search&sort&order&status&kind */
export function listJobs({ olympiadId, ...query }: JobListParams) {
  return api.get(`/olympiad/jobs/${olympiadId}`, { query, schema: JobList });
}

/** The olympiad's jobs, read again every 2 s while one on the page is still to finish. */
export const useJobs = (params: JobListParams) =>
  useQuery({
    queryKey: jobsKeys.list(params),
    queryFn: () => listJobs(params),
    enabled: params.olympiadId != null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(jobActive) ? 2000 : false),
  });
