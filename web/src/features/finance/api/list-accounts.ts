import { useQuery } from '@tanstack/react-query';
import { AccountList } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** GET account/v-rest/ */
export const useAccounts = () =>
  useQuery({ queryKey: financeKeys.accounts(), queryFn: () => api.get('/account/v-rest/', { schema: AccountList }) });
