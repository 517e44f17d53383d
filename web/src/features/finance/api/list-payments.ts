import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { Payment } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys, type ScopedList } from './keys.js';

/** GET payment/api/?olympiadId&purchaseOrderId */
export const usePayments = (params: ScopedList) =>
  useQuery({
    queryKey: financeKeys.payments(params),
    queryFn: () => api.get('/payment/api/', { query: { ...params }, schema: pageOf(Payment), on401: 'reload' }),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });
