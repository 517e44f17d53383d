import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { pageOf } from '../../../../../contract/errors.js';
import {
  PurchaseOrder,
  type PurchaseOrderState,
  type PurchaseOrderStatus,
  PurchaseOrderSummary,
} from '../../../../../contract/finance.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const OrderPage = pageOf(PurchaseOrder).extend({ summary: PurchaseOrderSummary });
const OrderBody = z.object({ success: z.literal(true), message: z.string(), order: PurchaseOrder });

/** GET purchase-order/api/?olympiadId&fetchDeleted (docs/spec.md §8: a 401 here reloads the page) */
export const usePurchaseOrders = (
  params: ListParams & {
    olympiadId: number | undefined;
    fetchDeleted: boolean;
    state?: PurchaseOrderState | undefined;
  },
) =>
  useQuery({
    queryKey: ['purchase-order', 'list', params],
    queryFn: () => api.get('/purchase-order/api/', { query: { ...params }, schema: OrderPage, on401: 'reload' }),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });

/** PUT (or DELETE when status is delete) purchase-order/rest/{id}?status&customerParticipantId */
export function useSetOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ order, status }: { order: PurchaseOrder; status: PurchaseOrderStatus | 'delete' }) =>
      status === 'delete'
        ? api.delete(`/purchase-order/rest/${order.id}`, {
            query: { status, customerParticipantId: order.schoolParticipantId },
            schema: OrderBody,
            on401: 'reload',
          })
        : api.put(`/purchase-order/rest/${order.id}`, {
            query: { status, customerParticipantId: order.schoolParticipantId },
            schema: OrderBody,
            on401: 'reload',
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['purchase-order'] }),
  });
}
