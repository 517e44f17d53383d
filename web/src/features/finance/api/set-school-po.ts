import { useMutation } from '@tanstack/react-query';
import { type PurchaseOrder, PurchaseOrderSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** PUT purchase-order/api/set-school-po/{id}?schoolsPO (the teacher's own school; finance staff) */
export function setSchoolPO({ order, schoolsPO }: { order: PurchaseOrder; schoolsPO: string }) {
  return api.put(`/purchase-order/api/set-school-po/${order.id}`, {
    query: { schoolsPO },
    schema: PurchaseOrderSaved,
    on401: 'reload',
  });
}

export const useSetSchoolPO = () =>
  useMutation({
    mutationFn: setSchoolPO,
    meta: { success: translate('portal.notice.saved'), error: false, invalidates: [financeKeys.all] },
  });
