import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { EmailDetail, EmailSummary, type EmailStatus, listOf } from '../../../../../contract/mail.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const EmailPage = listOf(EmailSummary);
const Released = z.object({ success: z.literal(true), released: z.number(), held: z.number() });

/** GET queued-email/?status&massMailId&olympiadId (paged, searchable, sortable) */
export const useQueuedEmails = (
  params: ListParams & {
    status?: EmailStatus | undefined;
    massMailId?: number | undefined;
    olympiadId?: number | undefined;
  },
) =>
  useQuery({
    queryKey: ['queued-email', 'list', params],
    queryFn: () => api.get('/queued-email/', { query: { ...params }, schema: EmailPage }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });

/** GET queued-email/{x}: one message with its bodies and attempts */
export const useQueuedEmail = (id: number | null) =>
  useQuery({
    queryKey: ['queued-email', 'one', id],
    queryFn: () =>
      api.get(`/queued-email/${id}`, { schema: z.object({ success: z.literal(true), email: EmailDetail }) }),
    select: (d) => d.email,
    enabled: id != null,
  });

/** POST queued-email/release/{id} */
export function useReleaseOne() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/queued-email/release/${id}`, { schema: Released }),
    onSuccess: () =>
      client
        .invalidateQueries({ queryKey: ['queued-email'] })
        .then(() => client.invalidateQueries({ queryKey: ['emailer'] })),
  });
}

/** POST queued-email/release-batch/?massMailId&qty */
export function useReleaseBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { massMailId: number; qty: number }) =>
      api.post('/queued-email/release-batch/', { query: v, schema: Released }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['queued-email'] }),
        client.invalidateQueries({ queryKey: ['emailer'] }),
      ]),
  });
}

/** POST olympiad/reports/email-logs/{olympiadId or 0}/{page}, or …/search/{term} */
export const useEmailLogs = (
  olympiadId: number,
  params: ListParams & { status?: EmailStatus | undefined },
  enabled = true,
) =>
  useQuery({
    queryKey: ['email-logs', olympiadId, params],
    queryFn: () =>
      api.post(`/olympiad/reports/email-logs/${olympiadId}/${params.page}`, {
        body: {
          pageSize: params.pageSize,
          search: params.search,
          sort: params.sort,
          order: params.order,
          status: params.status,
        },
        schema: EmailPage,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
