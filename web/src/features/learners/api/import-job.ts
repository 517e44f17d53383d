import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ImportJob, ImportJobResult } from '#contract/learners';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';

const finished = (job: ImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/** GET learner/v-rest/import/{id} */
export async function getImportJob(importId: number) {
  const { job } = await api.get(`/learner/v-rest/import/${importId}`, { schema: ImportJobResult });
  return job;
}

/** The import's job, polled every half second until it is done or failed; done refreshes the learner lists. */
export function useImportJob(importId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: learnersKeys.importJob(importId),
    queryFn: async () => {
      const job = await getImportJob(importId!);
      if (job.status === 'done') await client.invalidateQueries({ queryKey: learnersKeys.list.prefix });
      return job;
    },
    enabled: importId != null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 500),
  });
}
