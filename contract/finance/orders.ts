import { z } from 'zod';
import { IdText } from '../ids.js';
import { PageQuery } from '../errors.js';
import { flag } from './fields.js';

/**
 * Purchase orders (docs/spec.md §3, §4, §7 "Purchase orders"): one per school participant. Decision 020.
 * The status change is sent as a status value: `paid` (paid, not pre-approved), `pre` (pre-approved, not
 * paid), `unpaid` (neither: undoes a mistake) and `delete` (the order is removed; sent with DELETE).
 */
export const purchaseOrderStatuses = ['paid', 'pre', 'unpaid'] as const;
export const PurchaseOrderStatus = z.enum(purchaseOrderStatuses);
export type PurchaseOrderStatus = z.infer<typeof PurchaseOrderStatus>;

/** Where an order stands, as the screens show it. */
export const purchaseOrderStates = ['paid', 'pre', 'unpaid', 'deleted'] as const;
export type PurchaseOrderState = (typeof purchaseOrderStates)[number];

export const purchaseOrderSorts = ['schoolName', 'state', 'learners', 'amount', 'updatedAt'] as const;

/** GET /purchase-order/api/?olympiadId&fetchDeleted (paged, searchable by school or PO number, sortable). */
export const PurchaseOrderListQuery = PageQuery.extend({
  olympiadId: IdText,
  fetchDeleted: flag.default(false),
  /** Only orders in this state. */
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(purchaseOrderStates).optional()),
  sort: z.enum(purchaseOrderSorts).optional(),
}).strict();

/** PUT /purchase-order/rest/{id}?status&customerParticipantId */
export const PurchaseOrderStatusQuery = z.strictObject({
  status: PurchaseOrderStatus,
  /** The school participant the order belongs to: a screen that is out of date cannot change another order. */
  customerParticipantId: IdText,
});
/** DELETE /purchase-order/rest/{id}?status=delete&customerParticipantId */
export const PurchaseOrderDeleteQuery = z.strictObject({
  status: z.literal('delete').optional(),
  customerParticipantId: IdText,
});

export const PurchaseOrderComment = z.object({ at: z.string(), by: z.string(), text: z.string() });
export type PurchaseOrderComment = z.infer<typeof PurchaseOrderComment>;

/** The order's current invoice in brief (the full document: `GET /invoice/api/{id}`). */
export const InvoiceBrief = z.object({
  id: z.number().int(),
  documentNumber: z.string(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  learners: z.number().int(),
  freeLearners: z.number().int(),
  schoolsPO: z.string().nullable(),
});
export type InvoiceBrief = z.infer<typeof InvoiceBrief>;

export const PurchaseOrder = z.object({
  id: z.number().int(),
  /** The school participant (the spec's customerParticipantId and schoolParticipantId). */
  schoolParticipantId: z.number().int(),
  olympiadId: z.number().int(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  paid: z.boolean(),
  preApproved: z.boolean(),
  state: z.enum(purchaseOrderStates),
  schoolsPO: z.string().nullable(),
  freeLearners: z.number().int(),
  /** Finance staff's notes on the order, newest last; null for those who may not read them (teachers). */
  comments: z.array(PurchaseOrderComment).nullable(),
  learners: z.number().int(),
  /** (learners − free learners) × the olympiad's fee, before VAT, in cents of `currency`. */
  amountCents: z.number().int(),
  currency: z.string(),
  /** The fee per learner, before VAT. */
  feeCents: z.number().int(),
  /** The order as it would be invoiced now: subtotal, VAT (the account's rate; 0 without a VAT number), total. */
  quote: z.object({
    subtotalCents: z.number().int(),
    vatRateBp: z.number().int(),
    vatCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  /** The invoice that stands (not credited), if one was issued. */
  currentInvoice: InvoiceBrief.nullable(),
  /** The current invoice no longer matches the order (learners, free learners, PO number or fee changed). */
  invoiceOutOfDate: z.boolean(),
  /** Sum of the order's invoices and credit notes, i.e. what is owed in total. */
  invoicedCents: z.number().int(),
  /** Sum of the order's payments that stand (not reversed). */
  paidCents: z.number().int(),
  /**
   * What the order owes less paidCents: positive is outstanding, negative an overpayment. It owes invoicedCents once
   * invoiced, and before any invoice the quote's total (a school may pay before its invoice is issued).
   */
  balanceCents: z.number().int(),
  /**
   * Payment before writing (decision 032): the olympiad requires it, and this school's learners cannot start
   * until the order is paid or pre-approved.
   */
  writingBlocked: z.boolean(),
  /** What the school quotes when it pays (stable for the order); null before the olympiad has an account. */
  paymentReference: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** What the caller may do with this order (the server's policy answers). */
  can: z.object({
    setStatus: z.boolean(),
    delete: z.boolean(),
    setSchoolPO: z.boolean(),
    setFreeLearners: z.boolean(),
    comment: z.boolean(),
    issueInvoice: z.boolean(),
    recordPayment: z.boolean(),
  }),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

/** What an order owes and why, as a screen tells it beside the order's state (`settlementOf`). */
export interface Settlement {
  /** What the documents come to (before an invoice, the quote) less the payments that stand; negative: overpaid. */
  outstandingCents: number;
  /** The part of a paid order that no payment covers: finance staff marked it paid by hand. 0 otherwise. */
  markedPaidCents: number;
  /** What is still to pay: 0 once the order is paid, however it was; negative for an overpayment. */
  dueCents: number;
}

/**
 * What an order still owes, told as its state tells it (decision 031). Money decides "paid" once an order is
 * invoiced or paid (before an invoice, against the quote), but finance staff may mark an order paid by hand (money
 * received outside the bank account), and that mark stands until the next money event, with no payment recorded.
 * Such an order owes nothing: the part no payment covers is `markedPaidCents`, so a screen never shows "Paid" beside
 * an amount still to pay.
 */
export function settlementOf(
  o: Pick<PurchaseOrder, 'paid' | 'currentInvoice' | 'balanceCents' | 'quote' | 'paidCents'>,
): Settlement {
  const outstandingCents = o.currentInvoice ? o.balanceCents : o.quote.totalCents - o.paidCents;
  const markedPaidCents = o.paid && outstandingCents > 0 ? outstandingCents : 0;
  return { outstandingCents, markedPaidCents, dueCents: outstandingCents - markedPaidCents };
}

/** Counts by state for the whole olympiad (the list's summary, unaffected by paging and search). */
export const PurchaseOrderSummary = z.object({
  paid: z.number().int(),
  pre: z.number().int(),
  unpaid: z.number().int(),
  deleted: z.number().int(),
});
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummary>;

/** One order's answer to a write: the spec's success, a message for the person, the order as it now stands. */
export const PurchaseOrderSaved = z.object({ success: z.literal(true), message: z.string(), order: PurchaseOrder });
export type PurchaseOrderSaved = z.infer<typeof PurchaseOrderSaved>;

const poNumber = z
  .string()
  .trim()
  .max(60, 'A purchase-order number has at most 60 characters')
  .regex(/^[^<>]*$/, 'A purchase-order number cannot contain < or >');

/** PUT /purchase-order/api/set-school-po/{id}?schoolsPO (empty clears it). */
export const SetSchoolPOQuery = z.strictObject({ schoolsPO: poNumber.default('') });

const commentText = z.string().trim().min(1, 'Write a comment').max(2000, 'A comment has at most 2,000 characters');

/** PUT /purchase-order/api/set-num-learners-discount/{id}?freeLearners&comment */
export const SetFreeLearnersQuery = z.strictObject({
  freeLearners: z.coerce
    .number()
    .int('Free learners is a whole number')
    .min(0, 'Free learners cannot be negative')
    .max(100_000, 'Free learners is at most 100,000'),
  comment: commentText,
});

/** DELETE /purchase-order/api/{id}?schoolParticipantId */
export const PurchaseOrderRemoveQuery = z.strictObject({ schoolParticipantId: IdText });

/** POST /purchase-order/api/?schoolParticipantId&schoolsPO&freeLearners&comment: opens an order for an entered school. */
export const PurchaseOrderCreateQuery = z.strictObject({
  schoolParticipantId: IdText,
  schoolsPO: poNumber.optional(),
  freeLearners: z.coerce.number().int().min(0).max(100_000).optional(),
  comment: commentText.optional(),
});

/** POST /purchase-order/api/comment/{id}: a note for finance staff. */
export const PurchaseOrderCommentBody = z.strictObject({ comment: commentText });
