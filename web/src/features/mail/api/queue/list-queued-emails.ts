import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmailSummary, listOf } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys, type QueuedEmailListParams } from '../keys.js';

const EmailPage = listOf(EmailSummary);

/** GET queued-email/?status&massMailId&olympiadId (paged, searchable, sortable) */
export function listQueuedEmails(params: QueuedEmailListParams) {
  return api.get('/queued-email/', { query: { ...params }, schema: EmailPage });
}

export const useQueuedEmails = (params: QueuedEmailListParams) =>
  useQuery({
    queryKey: mailKeys.queuedEmails(params),
    queryFn: () => listQueuedEmails(params),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
