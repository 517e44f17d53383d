import { useMutation } from '@tanstack/react-query';
import { type AccountInput, AccountSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** POST account/v-rest/ or PUT account/v-rest/{id} */
export const saveAccount = ({ id, values }: { id: number | null; values: AccountInput }) =>
  id == null
    ? api.post('/account/v-rest/', { body: values, schema: AccountSaved })
    : api.put(`/account/v-rest/${id}`, { body: values, schema: AccountSaved });
export const useSaveAccount = () =>
  useMutation({
    mutationFn: saveAccount,
    meta: { success: 'Saved', error: false, invalidates: [financeKeys.accounts.prefix] },
  });
