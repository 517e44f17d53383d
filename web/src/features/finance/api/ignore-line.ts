import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** PUT payment/api/statement-lines/{id}/ignore */
export const ignoreLine = (id: number) =>
  api.put(`/payment/api/statement-lines/${id}/ignore`, {
    schema: z.object({ success: z.literal(true), message: z.string() }),
  });
export const useIgnoreLine = () =>
  useMutation({
    mutationFn: ignoreLine,
    meta: { success: 'Set aside', invalidates: [financeKeys.statementLines.prefix] },
  });
