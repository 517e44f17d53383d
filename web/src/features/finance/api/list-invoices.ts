import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { Invoice } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys, type ScopedList } from './keys.js';

const InvoicePage = pageOf(Invoice);

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
