import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type EmailStatus, EmailSummary, listOf } from '#contract/mail';
import type { ListParams } from '../../../../components/PagedTable.js';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const EmailPage = listOf(EmailSummary);
type Params = ListParams & { status?: EmailStatus | undefined };

/** POST olympiad/reports/email-logs/{olympiadId or 0}/{page} (a read, sent as a post: docs/spec.md §7) */
export function listEmailLogs(olympiadId: number, params: Params) {
  return api.post(`/olympiad/reports/email-logs/${olympiadId}/${params.page}`, {
    body: {
      pageSize: params.pageSize,
      search: params.search,
      sort: params.sort,
      order: params.order,
      status: params.status,
    },
    schema: EmailPage,
    background: true,
  });
}

export const useEmailLogs = (olympiadId: number, params: Params, enabled = true) =>
  useQuery({
    queryKey: mailKeys.emailLogs(olympiadId, params),
    queryFn: () => listEmailLogs(olympiadId, params),
    placeholderData: keepPreviousData,
    enabled,
  });
