import { useMutation } from '@tanstack/react-query';
import { type PurchaseOrder, PurchaseOrderSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** PUT purchase-order/api/set-school-po/{id}?schoolsPO (the teacher's own school; finance staff) */
export function setSchoolPO({ order, schoolsPO }: { order: PurchaseOrder; schoolsPO: string }) {
  return api.put(`/purchase-order/api/set-school-po/${order.id}`, {
    query: { schoolsPO },
    schema: PurchaseOrderSaved,
    on401: 'reload',
  });
}
export const useSetSchoolPO = () =>
  useMutation({ mutationFn: setSchoolPO, meta: { success: 'Saved', error: false, invalidates: [financeKeys.all] } });

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
