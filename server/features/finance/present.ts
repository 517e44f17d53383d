import type { PurchaseOrder } from '#contract/finance';
import type { Actor } from '../../http/actor.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { paymentReferenceOf, quoteOf } from './money.js';
import { financePolicy, orderFlags } from './policy.js';
import type { OrderDb } from './queries.js';

/** The record the policy decides on, from an order's row. */
export const orderRecord = (o: OrderDb) => ({
  olympiadId: o.olympiad_id,
  schoolId: o.school_id,
  deletedAt: o.deleted_at,
});

/** A purchase order as it leaves the server, with what the caller may do with it. */
export function presentOrder(actor: Actor, o: OrderDb): PurchaseOrder {
  const learners = Number(o.learners);
  const freeLearners = Number(o.free_learners);
  const feeCents = Number(o.fee_cents);
  const quote = quoteOf({
    learners,
    freeLearners,
    feeCents,
    vatRateBp: Number(o.vat_rate_bp ?? 0),
    vatNumber: o.vat_number,
  });
  const current =
    o.ci_id == null
      ? null
      : {
          id: o.ci_id,
          documentNumber: o.ci_document_number!,
          issuedAt: iso(o.ci_issued_at!),
          totalCents: Number(o.ci_total_cents),
          learners: Number(o.ci_learners),
          freeLearners: Number(o.ci_free_learners),
          schoolsPO: o.ci_schools_po,
        };
  const invoicedCents = Number(o.invoiced_cents);
  const paidCents = Number(o.paid_cents);
  const record = orderRecord(o);
  return {
    id: o.id,
    schoolParticipantId: o.school_participant_id,
    olympiadId: o.olympiad_id,
    schoolId: o.school_id,
    schoolName: o.school_name,
    town: o.town,
    province: o.province,
    paid: o.paid,
    preApproved: o.pre_approved,
    state: o.state,
    schoolsPO: o.schools_po,
    freeLearners,
    comments: financePolicy.can(actor, 'comment', record) ? (o.comments ?? []) : null,
    learners,
    amountCents: Number(o.amount_cents),
    currency: o.currency,
    feeCents,
    quote: {
      subtotalCents: quote.subtotalCents,
      vatRateBp: quote.vatRateBp,
      vatCents: quote.vatCents,
      totalCents: quote.totalCents,
    },
    currentInvoice: current,
    invoiceOutOfDate:
      current != null &&
      (current.learners !== learners ||
        current.freeLearners !== freeLearners ||
        Number(o.ci_fee_cents) !== feeCents ||
        (current.schoolsPO ?? '') !== (o.schools_po ?? '')),
    invoicedCents,
    paidCents,
    balanceCents: invoicedCents - paidCents,
    writingBlocked: o.payment_required && o.deleted_at == null && !o.paid && !o.pre_approved,
    paymentReference:
      o.reference_rule && o.invoice_prefix
        ? paymentReferenceOf(o.reference_rule, {
            prefix: o.invoice_prefix,
            year: Number(o.year),
            orderId: o.id,
            emis: o.emis_number,
          })
        : null,
    statusChangedAt: isoOrNull(o.status_changed_at),
    statusChangedBy: o.status_changed_by,
    deletedAt: isoOrNull(o.deleted_at),
    updatedAt: iso(o.updated_at),
    can: financePolicy.flags(actor, record, orderFlags),
  };
}
