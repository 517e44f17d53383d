import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** DELETE account/v-rest/{id} */
export const deleteAccount = (id: number) =>
  api.delete(`/account/v-rest/${id}`, { schema: z.object({ success: z.literal(true), message: z.string() }) });
export const useDeleteAccount = () =>
  useMutation({ mutationFn: deleteAccount, meta: { success: 'Removed', invalidates: [financeKeys.accounts.prefix] } });
