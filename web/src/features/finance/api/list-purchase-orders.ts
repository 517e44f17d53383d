import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { PurchaseOrder, PurchaseOrderSummary } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys, type PurchaseOrderListParams } from './keys.js';

const OrderPage = pageOf(PurchaseOrder).extend({ summary: PurchaseOrderSummary });

/** GET purchase-order/api/?olympiadId&fetchDeleted (docs/spec.md §8: a 401 here reloads the page) */
export function listPurchaseOrders(params: PurchaseOrderListParams) {
  return api.get('/purchase-order/api/', { query: { ...params }, schema: OrderPage, on401: 'reload' });
}

export const usePurchaseOrders = (params: PurchaseOrderListParams) =>
  useQuery({
    queryKey: financeKeys.purchaseOrders(params),
    queryFn: () => listPurchaseOrders(params),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });
