import { useMutation } from '@tanstack/react-query';
import { ImportJobResult } from '#contract/learners';
import { api } from '../../../lib/api/index.js';

/** POST learner/v-rest/import/{id}/start: the checked rows are loaded in the background, all or none. */
export async function startImport(importId: number) {
  const { job } = await api.post(`/learner/v-rest/import/${importId}/start`, { schema: ImportJobResult });
  return job;
}

/** The upload card shows a failure beside the button. */
export const useStartImport = () => useMutation({ mutationFn: startImport, meta: { error: false } });
