import { useMutation } from '@tanstack/react-query';
import { InvoiceIssued } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** POST invoice/api/issue/{purchaseOrderId}: issue, or credit and re-issue when the order changed */
export function issueInvoice({ orderId, mail }: { orderId: number; mail: boolean }) {
  return api.post(`/invoice/api/issue/${orderId}`, { body: { mail }, schema: InvoiceIssued, on401: 'reload' });
}
export const useIssueInvoice = () =>
  useMutation({
    mutationFn: issueInvoice,
    meta: { success: translate('portal.notice.issued'), invalidates: [financeKeys.all] },
  });
