import { z } from 'zod';
import { IdText } from '../ids.js';
import { PurchaseOrderSummary } from './orders.js';

// The Payments-Dashboard (admin/payments): GET /payment/api/dashboard?olympiadId, and .xlsx of the same.

export const PaymentsDashboardQuery = z.strictObject({ olympiadId: IdText });
export const PaymentsDashboard = z.object({
  success: z.literal(true),
  currency: z.string(),
  totals: z.object({
    orders: z.number().int(),
    learners: z.number().int(),
    freeLearners: z.number().int(),
    invoicedCents: z.number().int(),
    paidCents: z.number().int(),
    outstandingCents: z.number().int(),
    /** Outstanding on orders the accountant pre-approved. */
    preApprovedCents: z.number().int(),
    overpaidCents: z.number().int(),
  }),
  byState: PurchaseOrderSummary,
  byProvince: z.array(
    z.object({
      province: z.string(),
      orders: z.number().int(),
      invoicedCents: z.number().int(),
      paidCents: z.number().int(),
      outstandingCents: z.number().int(),
      preApprovedCents: z.number().int(),
    }),
  ),
  /** Per day: invoiced and paid that day, and the running totals. */
  overTime: z.array(
    z.object({
      day: z.string(),
      invoicedCents: z.number().int(),
      paidCents: z.number().int(),
      cumulativeInvoicedCents: z.number().int(),
      cumulativePaidCents: z.number().int(),
    }),
  ),
});
export type PaymentsDashboard = z.infer<typeof PaymentsDashboard>;
