import type { Invoice } from '#contract/finance';
import { iso, isoOrNull } from '../../../platform/dates.js';
import type { InvoiceRow } from './issue.js';

/** An invoice or credit note as it leaves the server. */
export function presentInvoice(r: InvoiceRow): Invoice {
  return {
    id: r.id,
    kind: r.kind,
    documentNumber: r.document_number,
    purchaseOrderId: r.purchase_order_id,
    schoolParticipantId: r.school_participant_id,
    olympiadId: r.olympiad_id,
    schoolName: r.school_name,
    issuedAt: iso(r.issued_at),
    dueOn: r.due_on == null ? null : String(r.due_on).slice(0, 10),
    currency: r.currency,
    learners: Number(r.learners),
    freeLearners: Number(r.free_learners),
    feeCents: Number(r.fee_cents),
    lines: r.lines,
    subtotalCents: Number(r.subtotal_cents),
    vatRateBp: Number(r.vat_rate_bp),
    vatCents: Number(r.vat_cents),
    totalCents: Number(r.total_cents),
    schoolsPO: r.schools_po,
    paymentReference: r.payment_reference,
    payTo: {
      legalName: r.seller.legalName,
      bankName: r.seller.bankName,
      bankAccountName: r.seller.bankAccountName,
      bankAccountNumber: r.seller.bankAccountNumber,
      bankBranchCode: r.seller.bankBranchCode,
      bankSwift: r.seller.bankSwift,
    },
    creditsDocumentNumber: r.credits_document_number,
    creditedAt: isoOrNull(r.credited_at),
    mailedAt: isoOrNull(r.mailed_at),
    pdfUrl: `/invoice/api/${r.id}/pdf`,
  };
}
