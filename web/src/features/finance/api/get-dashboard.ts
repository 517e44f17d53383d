import { useQuery } from '@tanstack/react-query';
import { PaymentsDashboard } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** GET payment/api/dashboard?olympiadId */
export const useDashboard = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: financeKeys.dashboard(olympiadId),
    queryFn: () => api.get('/payment/api/dashboard', { query: { olympiadId }, schema: PaymentsDashboard }),
    enabled: olympiadId != null,
  });
