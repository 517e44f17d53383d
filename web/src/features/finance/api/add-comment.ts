import { useMutation } from '@tanstack/react-query';
import { type PurchaseOrder, PurchaseOrderSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** POST purchase-order/api/comment/{id} */
export function addComment({ order, comment }: { order: PurchaseOrder; comment: string }) {
  return api.post(`/purchase-order/api/comment/${order.id}`, {
    body: { comment },
    schema: PurchaseOrderSaved,
    on401: 'reload',
  });
}

export const useAddComment = () =>
  useMutation({ mutationFn: addComment, meta: { success: 'Saved', error: false, invalidates: [financeKeys.all] } });
