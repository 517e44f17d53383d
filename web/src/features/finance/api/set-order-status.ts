import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { PurchaseOrder, type PurchaseOrderStatus } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

const OrderChanged = z.object({ success: z.literal(true), message: z.string(), order: PurchaseOrder });

export interface OrderStatusChange {
  order: PurchaseOrder;
  status: PurchaseOrderStatus | 'delete';
}

/** PUT (or DELETE when status is delete) purchase-order/rest/{id}?status&customerParticipantId */
export function setOrderStatus({ order, status }: OrderStatusChange) {
  const options = {
    query: { status, customerParticipantId: order.schoolParticipantId },
    schema: OrderChanged,
    on401: 'reload',
  } as const;
  return status === 'delete'
    ? api.delete(`/purchase-order/rest/${order.id}`, options)
    : api.put(`/purchase-order/rest/${order.id}`, options);
}

export const useSetOrderStatus = () =>
  useMutation({
    mutationFn: setOrderStatus,
    meta: { success: 'The order is updated', invalidates: [financeKeys.all] },
  });
