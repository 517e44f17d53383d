import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { Invoice } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** POST invoice/api/{id}/mail */
export function mailInvoice(invoice: Invoice) {
  return api.post(`/invoice/api/${invoice.id}/mail`, {
    schema: z.object({ success: z.literal(true), message: z.string() }),
    on401: 'reload',
  });
}
export const useMailInvoice = () =>
  useMutation({
    mutationFn: mailInvoice,
    meta: { success: translate('portal.notice.sent'), invalidates: [financeKeys.invoices.prefix] },
  });
