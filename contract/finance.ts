import { z } from 'zod';
import { Id, IdText } from './ids.js';
import { PageQuery } from './errors.js';

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

const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

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
  /** invoicedCents − paidCents: positive is outstanding, negative an overpayment. */
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

// ---------------------------------------------------------------------------------------------------------------
// Accounts (GET /account/v-rest/?olympiadId; /overlord/edit/accounts). Decision 031.

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const AccountInput = z.strictObject({
  name: z.string().trim().min(1, 'Give the account a name').max(120, 'A name has at most 120 characters'),
  legalName: z.string().trim().min(1, 'The legal name is printed on every invoice').max(200, 'At most 200 characters'),
  registrationNumber: optionalText(60, 'A registration number'),
  vatNumber: optionalText(30, 'A VAT number'),
  /** VAT in basis points: 1500 is 15 %. */
  vatRateBp: z.number().int('Whole basis points').min(0, 'VAT cannot be negative').max(10000, 'VAT is at most 100 %'),
  address: z.string().trim().max(500, 'An address has at most 500 characters').default(''),
  email: z
    .email('Enter an email address')
    .max(254)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(40, 'A phone number'),
  bankName: z.string().trim().min(1, 'The bank is printed on every invoice').max(80),
  bankAccountName: z.string().trim().min(1, 'The account holder is printed on every invoice').max(120),
  bankAccountNumber: z
    .string()
    .trim()
    .regex(/^[0-9 ]{6,20}$/, 'An account number is 6 to 20 digits'),
  bankBranchCode: z
    .string()
    .trim()
    .regex(/^[0-9]{4,8}$/, 'A branch code is 4 to 8 digits'),
  bankSwift: optionalText(11, 'A SWIFT code'),
  invoicePrefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,9}$/, 'A prefix is 2 to 10 letters or digits, starting with a letter'),
  referenceRule: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((v) => v.includes('{order}'), 'The reference must contain {order}, so that each order’s is its own')
    .default('{prefix}{order}'),
  paymentTermsDays: z.number().int().min(0, 'At least 0 days').max(365, 'At most 365 days').default(30),
  footer: z.string().trim().max(1000, 'The footer has at most 1,000 characters').default(''),
  /** The olympiads this account invoices (each olympiad has at most one account; this moves them here). */
  olympiadIds: z.array(Id).max(200).default([]),
});
export type AccountInput = z.input<typeof AccountInput>;

export const Account = z.object({
  id: z.number().int(),
  name: z.string(),
  legalName: z.string(),
  registrationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  vatRateBp: z.number().int(),
  address: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  bankBranchCode: z.string(),
  bankSwift: z.string().nullable(),
  invoicePrefix: z.string(),
  referenceRule: z.string(),
  paymentTermsDays: z.number().int(),
  footer: z.string(),
  olympiads: z.array(z.object({ id: z.number().int(), varName: z.string(), title: z.string() })),
  /** How many invoices and credit notes it has issued (an account that has issued any cannot be removed). */
  documents: z.number().int(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Account = z.infer<typeof Account>;

/** GET /account/v-rest/?olympiadId: every account (overlord), or the one of an olympiad. */
export const AccountListQuery = z.strictObject({ olympiadId: IdText.optional() });
export const AccountList = z.object({ success: z.literal(true), items: z.array(Account) });
export const AccountSaved = z.object({ success: z.literal(true), message: z.string(), account: Account });

// ---------------------------------------------------------------------------------------------------------------
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
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type InvoiceJob = z.infer<typeof InvoiceJob>;
export const InvoiceJobAnswer = z.object({ success: z.literal(true), message: z.string(), job: InvoiceJob });

// ---------------------------------------------------------------------------------------------------------------
// Payments and bank statements (/payment/api/…). Decision 031.

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

/** The statement formats read (the common South African banks' exports, and a generic mapping). */
export const statementFormats = ['auto', 'fnb', 'absa', 'standard-bank', 'nedbank', 'capitec', 'generic'] as const;
export const StatementFormat = z.enum(statementFormats);

/**
 * POST /payment/api/statement?olympiadId&format&dryRun (multipart: the csv file). With dryRun=true (the default)
 * nothing is saved: the answer is the report the accountant checks. With dryRun=false the import is saved: matched
 * lines become payments, unmatched lines wait to be matched by hand, duplicates are skipped.
 * The generic format names its columns: dateColumn, amountColumn, referenceColumn, descriptionColumn.
 */
export const StatementImportQuery = z.strictObject({
  olympiadId: IdText,
  format: StatementFormat.default('auto'),
  dryRun: flag.default(true),
  dateColumn: z.string().max(60).optional(),
  amountColumn: z.string().max(60).optional(),
  referenceColumn: z.string().max(60).optional(),
  descriptionColumn: z.string().max(60).optional(),
});

export const statementLineOutcomes = ['matched', 'unmatched', 'duplicate', 'ignored', 'invalid'] as const;

export const StatementReportLine = z.object({
  lineNo: z.number().int(),
  postedOn: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  reference: z.string(),
  description: z.string(),
  outcome: z.enum(statementLineOutcomes),
  /** Why it is unmatched, a duplicate, ignored (a debit) or invalid, in plain words. */
  note: z.string().nullable(),
  match: z
    .object({
      purchaseOrderId: z.number().int(),
      schoolName: z.string(),
      paymentReference: z.string(),
      balanceCents: z.number().int(),
      /** What the order's balance would be after this line: negative is an overpayment. */
      balanceAfterCents: z.number().int(),
    })
    .nullable(),
});
export type StatementReportLine = z.infer<typeof StatementReportLine>;

export const StatementReport = z.object({
  success: z.literal(true),
  message: z.string(),
  dryRun: z.boolean(),
  format: StatementFormat,
  importId: z.number().int().nullable(),
  totals: z.object({
    lines: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    duplicates: z.number().int(),
    ignored: z.number().int(),
    invalid: z.number().int(),
    matchedCents: z.number().int(),
    unmatchedCents: z.number().int(),
  }),
  lines: z.array(StatementReportLine),
});
export type StatementReport = z.infer<typeof StatementReport>;

export const StatementLine = z.object({
  id: z.number().int(),
  importId: z.number().int(),
  filename: z.string(),
  lineNo: z.number().int(),
  postedOn: z.string(),
  amountCents: z.number().int(),
  reference: z.string(),
  description: z.string(),
  status: z.enum(['matched', 'unmatched', 'ignored']),
  purchaseOrderId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;

/** GET /payment/api/statement-lines?olympiadId&status (the unmatched ones, to match by hand). */
export const StatementLineListQuery = PageQuery.extend({
  olympiadId: IdText,
  status: z.enum(['matched', 'unmatched', 'ignored']).default('unmatched'),
}).strict();

/** PUT /payment/api/statement-lines/{id}/match?purchaseOrderId: match a line by hand (a payment is recorded). */
export const StatementLineMatchQuery = z.strictObject({ purchaseOrderId: IdText });

// ---------------------------------------------------------------------------------------------------------------
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
