import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type AccountInput, AccountList, AccountSaved } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** GET account/v-rest/ */
export const useAccounts = () =>
  useQuery({ queryKey: financeKeys.accounts(), queryFn: () => api.get('/account/v-rest/', { schema: AccountList }) });

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

/** DELETE account/v-rest/{id} */
export const deleteAccount = (id: number) =>
  api.delete(`/account/v-rest/${id}`, { schema: z.object({ success: z.literal(true), message: z.string() }) });
export const useDeleteAccount = () =>
  useMutation({ mutationFn: deleteAccount, meta: { success: 'Removed', invalidates: [financeKeys.accounts.prefix] } });

const OlympiadOption = z.object({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  year: z.number().int(),
});

/** GET olympiad/v-rest/ (every olympiad, to choose the ones an account invoices) */
export const useOlympiadOptions = () =>
  useQuery({
    queryKey: financeKeys.accounts('olympiads'),
    queryFn: () =>
      api.get('/olympiad/v-rest/', {
        query: { pageSize: 500, sort: 'year', order: 'desc' },
        schema: z.object({ items: z.array(OlympiadOption) }),
      }),
  });
