import type { PurchaseOrderState } from '#contract/finance';
import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

/** One page of an olympiad's purchase orders. */
export type PurchaseOrderListParams = ListParams & {
  olympiadId: number | undefined;
  fetchDeleted: boolean;
  state?: PurchaseOrderState | undefined;
};

/** The query keys of the finance feature. */
export const financeKeys = queryKeys('finance', {
  purchaseOrders: (params: PurchaseOrderListParams) => [params],
});
