import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { pageOf } from '#contract/errors';
import { type Invoice, Invoice as InvoiceSchema, InvoiceIssued, InvoiceJob, InvoiceJobAnswer } from '#contract/finance';
import { api, downloadFile } from '../../../lib/api/index.js';
import { financeKeys, type ScopedList } from './keys.js';

const InvoicePage = pageOf(InvoiceSchema);

/** GET invoice/api/?olympiadId&purchaseOrderId (docs/spec.md §8: a failure alerts "Could not get invoices") */
export function listInvoices(params: ScopedList) {
  return api.get('/invoice/api/', { query: { ...params }, schema: InvoicePage, on401: 'reload' });
}
export const useInvoices = (params: ScopedList) =>
  useQuery({
    queryKey: financeKeys.invoices(params),
    queryFn: () => listInvoices(params),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });

/** POST invoice/api/issue/{purchaseOrderId}: issue, or credit and re-issue when the order changed */
export function issueInvoice({ orderId, mail }: { orderId: number; mail: boolean }) {
  return api.post(`/invoice/api/issue/${orderId}`, { body: { mail }, schema: InvoiceIssued, on401: 'reload' });
}
export const useIssueInvoice = () =>
  useMutation({ mutationFn: issueInvoice, meta: { success: 'Issued', invalidates: [financeKeys.all] } });

/** POST invoice/api/{id}/mail */
export function mailInvoice(invoice: Invoice) {
  return api.post(`/invoice/api/${invoice.id}/mail`, {
    schema: z.object({ success: z.literal(true), message: z.string() }),
    on401: 'reload',
  });
}
export const useMailInvoice = () =>
  useMutation({ mutationFn: mailInvoice, meta: { success: 'Sent', invalidates: [financeKeys.invoices.prefix] } });

/** GET invoice/api/{id}/pdf, saved as the document's file name */
export const downloadInvoice = (invoice: Invoice) =>
  downloadFile(
    invoice.pdfUrl,
    `${invoice.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${invoice.documentNumber}.pdf`,
  );

/** POST invoice/api/issue-all?olympiadId&mail */
export function issueAll({ olympiadId, mail }: { olympiadId: number; mail: boolean }) {
  return api.post('/invoice/api/issue-all', { query: { olympiadId, mail }, schema: InvoiceJobAnswer, on401: 'reload' });
}
export const useIssueAll = () => useMutation({ mutationFn: issueAll, meta: { success: 'Started' } });

const finished = (job: InvoiceJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/** GET invoice/api/issue-all/{jobId}, polled until done; done refreshes the finance lists. */
export function useIssueAllJob(jobId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: financeKeys.issueAllJob(jobId),
    queryFn: async () => {
      const { job } = await api.get(`/invoice/api/issue-all/${jobId}`, {
        schema: z.object({ success: z.literal(true), job: InvoiceJob }),
      });
      if (finished(job)) await client.invalidateQueries({ queryKey: financeKeys.purchaseOrders.prefix });
      return job;
    },
    enabled: jobId != null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 700),
  });
}
