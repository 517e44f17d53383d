import { useMutation } from '@tanstack/react-query';
import { type PaymentInput, PaymentSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** POST payment/api/ */
export const recordPayment = (body: PaymentInput) => api.post('/payment/api/', { body, schema: PaymentSaved });
export const useRecordPayment = () =>
  useMutation({
    mutationFn: recordPayment,
    meta: { success: 'Recorded', error: false, invalidates: [financeKeys.all] },
  });
