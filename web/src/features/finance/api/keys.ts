import type { PurchaseOrderState } from '#contract/finance';
import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

/** One page of an olympiad's purchase orders. */
export type PurchaseOrderListParams = ListParams & {
  olympiadId: number | undefined;
  fetchDeleted: boolean;
  state?: PurchaseOrderState | undefined;
};

export interface ScopedList {
  olympiadId: number | undefined;
  purchaseOrderId?: number | undefined;
  page?: number;
  pageSize?: number;
}

/** The query keys of the finance feature. */
export const financeKeys = queryKeys('finance', {
  purchaseOrders: (params: PurchaseOrderListParams) => [params],
  invoices: (params: ScopedList) => [params],
  payments: (params: ScopedList) => [params],
  statementLines: (olympiadId: number | undefined) => [olympiadId],
  issueAllJob: (jobId: number | null) => [jobId],
  dashboard: (olympiadId: number | undefined) => [olympiadId],
  accounts: (part: 'list' | 'olympiads' = 'list') => [part],
});
