import { useMutation } from '@tanstack/react-query';
import { PaymentSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** DELETE payment/api/{id}?reason */
export const reversePayment = ({ id, reason }: { id: number; reason: string }) =>
  api.delete(`/payment/api/${id}`, { query: { reason }, schema: PaymentSaved });
export const useReversePayment = () =>
  useMutation({ mutationFn: reversePayment, meta: { success: 'Reversed', invalidates: [financeKeys.all] } });
