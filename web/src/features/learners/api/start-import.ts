import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportJobResult } from '#contract/learners';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/**
 * POST learner/v-rest/import/{id}/start: the checked rows are loaded in the background, all or none, with the
 * teacher's confirmation that the school holds consent for each learner (the card asks for it first).
 */
export async function startImport(importId: number) {
  const { job } = await api.post(`/learner/v-rest/import/${importId}/start`, {
    body: { consentConfirmed: true },
    schema: ImportJobResult,
  });
  return job;
}

/**
 * The upload card shows a failure beside the button. A start is only a start: a neutral note, and the job as the
 * start answered it (queued) is what the card's progress sees first, so that it sees the job end however fast.
 */
export const useStartImport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    meta: { started: translate('portal.notice.importStarted'), error: false },
    onSuccess: (job) => client.setQueryData(learnersKeys.importJob(job.id), job),
  });
};
