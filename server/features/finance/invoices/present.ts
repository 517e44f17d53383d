import type { Invoice } from '#contract/finance';
import { iso, isoOrNull } from '../../../platform/dates.js';
import type { InvoiceRow } from './queries.js';

/** An invoice or credit note as it leaves the server. */
export function presentInvoice(r: InvoiceRow): Invoice {
  return {
    id: r.id,
    kind: r.kind,
    documentNumber: r.documentNumber,
    purchaseOrderId: r.purchaseOrderId,
    schoolParticipantId: r.schoolParticipantId,
    olympiadId: r.olympiadId,
    schoolName: r.schoolName,
    issuedAt: iso(r.issuedAt),
    dueOn: r.dueOn == null ? null : r.dueOn.slice(0, 10),
    currency: r.currency,
    learners: r.learners,
    freeLearners: r.freeLearners,
    feeCents: r.feeCents,
    lines: r.lines,
    subtotalCents: r.subtotalCents,
    vatRateBp: r.vatRateBp,
    vatCents: r.vatCents,
    totalCents: r.totalCents,
    schoolsPO: r.schoolsPO,
    paymentReference: r.paymentReference,
    payTo: {
      legalName: r.seller.legalName,
      bankName: r.seller.bankName,
      bankAccountName: r.seller.bankAccountName,
      bankAccountNumber: r.seller.bankAccountNumber,
      bankBranchCode: r.seller.bankBranchCode,
      bankSwift: r.seller.bankSwift,
    },
    creditsDocumentNumber: r.creditsDocumentNumber,
    creditedAt: isoOrNull(r.creditedAt),
    mailedAt: isoOrNull(r.mailedAt),
    pdfUrl: `/invoice/api/${r.id}/pdf`,
  };
}
