import { useMutation } from '@tanstack/react-query';
import { type PurchaseOrder, PurchaseOrderSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** PUT purchase-order/api/set-num-learners-discount/{id}?freeLearners&comment */
export function setFreeLearners({
  order,
  freeLearners,
  comment,
}: {
  order: PurchaseOrder;
  freeLearners: number;
  comment: string;
}) {
  return api.put(`/purchase-order/api/set-num-learners-discount/${order.id}`, {
    query: { freeLearners, comment },
    schema: PurchaseOrderSaved,
    on401: 'reload',
  });
}

export const useSetFreeLearners = () =>
  useMutation({
    mutationFn: setFreeLearners,
    meta: { success: 'Saved', error: false, invalidates: [financeKeys.all] },
  });
