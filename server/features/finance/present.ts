import type { PurchaseOrder } from '#contract/finance';
import type { Actor } from '../../http/actor.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { paymentReferenceOf, quoteOf } from './money.js';
import { financePolicy, orderFlags } from './policy.js';
import type { OrderRow } from './queries.js';

/** The record the policy decides on, from an order's row. */
export const orderRecord = (o: OrderRow) => ({
  olympiadId: o.olympiadId,
  schoolId: o.schoolId,
  deletedAt: o.deletedAt,
});

/** The order as it would be invoiced now. */
export const orderQuote = (o: OrderRow) =>
  quoteOf({
    learners: o.learners,
    freeLearners: o.freeLearners,
    feeCents: o.feeCents,
    vatRateBp: o.vatRateBp ?? 0,
    vatNumber: o.vatNumber,
  });

/**
 * What the order owes (decision 031): its documents' sum once it is invoiced, and before that the quote's total, so
 * that a school that pays before its invoice is issued is paid, not in credit on an order that owes nothing.
 */
export const owedCentsOf = (o: OrderRow) =>
  o.ciId != null || o.invoicedCents !== 0 ? o.invoicedCents : orderQuote(o).totalCents;

/** A purchase order as it leaves the server, with what the caller may do with it. */
export function presentOrder(actor: Actor, o: OrderRow): PurchaseOrder {
  const { learners, freeLearners, feeCents } = o;
  const quote = orderQuote(o);
  const current =
    o.ciId == null
      ? null
      : {
          id: o.ciId,
          documentNumber: o.ciDocumentNumber!,
          issuedAt: iso(o.ciIssuedAt!),
          totalCents: o.ciTotalCents!,
          learners: o.ciLearners!,
          freeLearners: o.ciFreeLearners!,
          schoolsPO: o.ciSchoolsPO,
        };
  const { invoicedCents, paidCents } = o;
  const record = orderRecord(o);
  return {
    id: o.id,
    schoolParticipantId: o.schoolParticipantId,
    olympiadId: o.olympiadId,
    schoolId: o.schoolId,
    schoolName: o.schoolName,
    town: o.town,
    province: o.province,
    paid: o.paid,
    preApproved: o.preApproved,
    state: o.state,
    schoolsPO: o.schoolsPO,
    freeLearners,
    comments: financePolicy.can(actor, 'comment', record) ? o.comments : null,
    learners,
    amountCents: o.amountCents,
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
        o.ciFeeCents !== feeCents ||
        (current.schoolsPO ?? '') !== (o.schoolsPO ?? '')),
    invoicedCents,
    paidCents,
    balanceCents: owedCentsOf(o) - paidCents,
    writingBlocked: o.paymentRequired && o.deletedAt == null && !o.paid && !o.preApproved,
    paymentReference:
      o.referenceRule && o.invoicePrefix
        ? paymentReferenceOf(o.referenceRule, {
            prefix: o.invoicePrefix,
            year: o.year,
            orderId: o.id,
            emis: o.emisNumber,
          })
        : null,
    statusChangedAt: isoOrNull(o.statusChangedAt),
    statusChangedBy: o.statusChangedBy,
    deletedAt: isoOrNull(o.deletedAt),
    updatedAt: iso(o.updatedAt),
    can: financePolicy.flags(actor, record, orderFlags),
  };
}
