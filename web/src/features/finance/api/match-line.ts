import { useMutation } from '@tanstack/react-query';
import { PaymentSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** PUT payment/api/statement-lines/{id}/match?purchaseOrderId */
export const matchLine = ({ id, purchaseOrderId }: { id: number; purchaseOrderId: number }) =>
  api.put(`/payment/api/statement-lines/${id}/match`, { query: { purchaseOrderId }, schema: PaymentSaved });
export const useMatchLine = () =>
  useMutation({ mutationFn: matchLine, meta: { success: 'Matched', invalidates: [financeKeys.all] } });
