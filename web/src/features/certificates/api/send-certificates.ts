import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { CertificateJobStarted, SendStatus } from '#contract/certificates';
import { api } from '../../../lib/api/index.js';
import { jobRunning } from './generate-certificates.js';
import { certificatesKeys, type SendStatusParams } from './keys.js';

/** POST certificates/send?olympiadId: one mail per school not yet mailed (never twice), as a background job. */
export function sendCertificates({ olympiadId }: { olympiadId: number }) {
  return api.post('/certificates/send', { query: { olympiadId }, schema: CertificateJobStarted });
}
export const useSendCertificates = () =>
  useMutation({
    mutationFn: sendCertificates,
    meta: {
      started: 'Sending the certificates',
      error: 'The certificates could not be sent',
      invalidates: [certificatesKeys.sending.prefix],
    },
  });

/**
 * GET certificates/get-send-status?olympiadId&page&pageSize&search&sort&order&sendState: the send job, the counts
 * and a page of schools; every 1.5 s while the job runs or mail waits in the queue.
 */
export function getSendStatus({ olympiadId, ...query }: SendStatusParams) {
  return api.get('/certificates/get-send-status', { query: { olympiadId, ...query }, schema: SendStatus });
}
export const useSendStatus = (params: SendStatusParams) =>
  useQuery({
    queryKey: certificatesKeys.sending(params),
    queryFn: () => getSendStatus(params),
    enabled: params.olympiadId != null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data;
      return jobRunning(data?.job) || (data?.counts.queued ?? 0) > 0 ? 1500 : false;
    },
  });
