import { z } from 'zod';
import { Id, IdText } from '../ids.js';
import { PageQuery } from '../errors.js';
import { PurchaseOrder } from './orders.js';

// Payments (/payment/api/…). Decision 031.

export const paymentMethods = ['eft', 'deposit', 'card', 'cash', 'other'] as const;
export const PaymentMethod = z.enum(paymentMethods);

const isoDay = z.iso.date('Use a date like 2026-03-14');

export const Payment = z.object({
  id: z.number().int(),
  purchaseOrderId: z.number().int(),
  olympiadId: z.number().int(),
  schoolName: z.string(),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  method: PaymentMethod,
  reference: z.string(),
  note: z.string(),
  /** From a bank statement: the import's file name and the line. */
  statementLine: z.object({ importId: z.number().int(), lineNo: z.number().int(), filename: z.string() }).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
  reverseReason: z.string().nullable(),
  can: z.object({ reverse: z.boolean() }),
});
export type Payment = z.infer<typeof Payment>;

/** GET /payment/api/?olympiadId&purchaseOrderId */
export const PaymentListQuery = PageQuery.extend({
  olympiadId: IdText,
  purchaseOrderId: IdText.optional(),
  sort: z.enum(['receivedOn', 'amountCents', 'schoolName']).optional(),
}).strict();

/** POST /payment/api/: a payment recorded by hand. */
export const PaymentInput = z.strictObject({
  purchaseOrderId: Id,
  amountCents: z
    .number()
    .int('Whole cents')
    .refine((v) => v !== 0, 'A payment is not zero')
    .refine((v) => Math.abs(v) <= 1_000_000_000, 'That is more than any order'),
  receivedOn: isoDay,
  method: PaymentMethod,
  reference: z.string().trim().max(120, 'A reference has at most 120 characters').default(''),
  note: z.string().trim().max(1000, 'A note has at most 1,000 characters').default(''),
  /**
   * A payment identical to one recorded for the same order in the last 10 minutes (amount, date received, reference)
   * is refused with 409 `duplicate_payment` (decision 066); true records it all the same, when the school really paid
   * twice.
   */
  confirmDuplicate: z.boolean().default(false),
});
export type PaymentInput = z.input<typeof PaymentInput>;

/** DELETE /payment/api/{id}?reason: the payment is reversed (kept, marked, audited), never erased. */
export const PaymentReverseQuery = z.strictObject({
  reason: z.string().trim().min(3, 'Say why the payment is reversed').max(500),
});

export const PaymentSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: Payment,
  order: PurchaseOrder,
});
