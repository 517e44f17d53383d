import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { jobRunning } from './generate-certificates.js';
import { certificatesKeys } from './keys.js';
import { JobStarted, SendStatus } from './shapes.js';

/** POST certificates/send?olympiadId: one mail per school not yet mailed (never twice), as a background job. */
export function sendCertificates({ olympiadId }: { olympiadId: number }) {
  return api.post('/certificates/send', { query: { olympiadId }, schema: JobStarted });
}
export const useSendCertificates = () =>
  useMutation({
    mutationFn: sendCertificates,
    meta: {
      success: 'Sending the certificates',
      error: 'The certificates could not be sent',
      invalidates: [certificatesKeys.sending.prefix],
    },
  });

/** GET certificates/get-send-status?olympiadId, every 1.5 s while the job runs or mail waits in the queue. */
export const useSendStatus = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: certificatesKeys.sending(olympiadId),
    queryFn: () => api.get('/certificates/get-send-status', { query: { olympiadId }, schema: SendStatus }),
    enabled: olympiadId != null,
    refetchInterval: (query) => {
      const data = query.state.data;
      return jobRunning(data?.job) || (data?.counts.queued ?? 0) > 0 ? 1500 : false;
    },
  });
