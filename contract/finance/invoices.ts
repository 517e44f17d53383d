import { z } from 'zod';
import { IdText } from '../ids.js';
import { PageQuery } from '../errors.js';
import { flag } from './fields.js';
import { PurchaseOrder } from './orders.js';

// Invoices and credit notes (the spec does not show their calls: /invoice/api/…). Decision 031.

export const invoiceKinds = ['invoice', 'credit_note'] as const;

export const InvoiceLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});

export const Invoice = z.object({
  id: z.number().int(),
  kind: z.enum(invoiceKinds),
  documentNumber: z.string(),
  purchaseOrderId: z.number().int(),
  schoolParticipantId: z.number().int(),
  olympiadId: z.number().int(),
  schoolName: z.string(),
  issuedAt: z.string(),
  dueOn: z.string().nullable(),
  currency: z.string(),
  learners: z.number().int(),
  freeLearners: z.number().int(),
  feeCents: z.number().int(),
  lines: z.array(InvoiceLine),
  subtotalCents: z.number().int(),
  vatRateBp: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  schoolsPO: z.string().nullable(),
  paymentReference: z.string(),
  /** Where to pay, as printed on the document. */
  payTo: z.object({
    legalName: z.string(),
    bankName: z.string(),
    bankAccountName: z.string(),
    bankAccountNumber: z.string(),
    bankBranchCode: z.string(),
    bankSwift: z.string().nullable(),
  }),
  /** A credit note: the document number of the invoice it cancels. */
  creditsDocumentNumber: z.string().nullable(),
  /** An invoice: when it was credited (replaced); null while it stands. */
  creditedAt: z.string().nullable(),
  mailedAt: z.string().nullable(),
  /** GET this for the PDF. */
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET /invoice/api/?olympiadId&purchaseOrderId (a teacher sees their school's only). */
export const InvoiceListQuery = PageQuery.extend({
  olympiadId: IdText,
  purchaseOrderId: IdText.optional(),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(invoiceKinds).optional()),
  sort: z.enum(['issuedAt', 'documentNumber', 'schoolName', 'totalCents']).optional(),
}).strict();

/** POST /invoice/api/issue/{purchaseOrderId}: issue the order's invoice, or re-issue it when it is out of date. */
export const IssueInvoiceBody = z.strictObject({ mail: z.boolean().default(true) });
export const InvoiceIssued = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: Invoice,
  /** The credit note that cancelled the previous invoice, when one was replaced. */
  creditNote: Invoice.nullable(),
  order: PurchaseOrder,
});

/** POST /invoice/api/issue-all?olympiadId: every order without a current, up-to-date invoice, as a background job. */
export const IssueAllQuery = z.strictObject({ olympiadId: IdText, mail: flag.default(true) });
export const InvoiceJob = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  issued: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
  /** What it did, once done ("40 invoices issued and mailed"); null before, or when it failed. */
  message: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type InvoiceJob = z.infer<typeof InvoiceJob>;
export const InvoiceJobAnswer = z.object({ success: z.literal(true), message: z.string(), job: InvoiceJob });
