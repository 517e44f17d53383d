import type { JobKind, JobStatus } from '#contract/jobs';
import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

/** A page of an olympiad's jobs (GET olympiad/jobs/{olympiadId}), by state and kind. */
export interface JobListParams extends ListParams {
  olympiadId: number | undefined;
  status?: JobStatus | undefined;
  kind?: JobKind | undefined;
}

/** The query keys of the jobs feature. */
export const jobsKeys = queryKeys('jobs', {
  list: (params: JobListParams) => [params],
});
