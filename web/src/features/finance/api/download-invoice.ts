import type { Invoice } from '#contract/finance';
import { downloadFile } from '../../../lib/api/index.js';

/** GET invoice/api/{id}/pdf, saved as the document's file name */
export const downloadInvoice = (invoice: Invoice) =>
  downloadFile(
    invoice.pdfUrl,
    `${invoice.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${invoice.documentNumber}.pdf`,
  );
