import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CertificateJob, CertificateJobStarted, GenerationStatus } from '#contract/certificates';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';

/** POST certificates/generate?olympiadId: starts the background job (409 before publishing or while one runs). */
export function generateCertificates({ olympiadId }: { olympiadId: number }) {
  return api.post('/certificates/generate', { query: { olympiadId }, schema: CertificateJobStarted });
}
export const useGenerateCertificates = () =>
  useMutation({
    mutationFn: generateCertificates,
    meta: {
      started: 'Generating the certificates',
      error: 'The certificates could not be generated',
      invalidates: [certificatesKeys.generation.prefix],
    },
  });

export const jobRunning = (job: CertificateJob | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/**
 * GET certificates/get-generation-status?olympiadId, every 1.5 s while the job runs; when it ends the list and the
 * send status are read again.
 */
export function useGenerationStatus(olympiadId: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: certificatesKeys.generation(olympiadId),
    queryFn: async () => {
      const previous = client.getQueryData<GenerationStatus>(certificatesKeys.generation(olympiadId));
      const status = await api.get('/certificates/get-generation-status', {
        query: { olympiadId },
        schema: GenerationStatus,
      });
      if (jobRunning(previous?.job) && !jobRunning(status.job)) {
        await Promise.all([
          client.invalidateQueries({ queryKey: certificatesKeys.list.prefix }),
          client.invalidateQueries({ queryKey: certificatesKeys.sending.prefix }),
        ]);
      }
      return status;
    },
    enabled: olympiadId != null,
    refetchInterval: (query) => (jobRunning(query.state.data?.job) ? 1500 : false),
  });
}
