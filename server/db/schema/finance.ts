import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { olympiads } from './content.js';
import { schoolParticipants } from './schools.js';
import { users } from './users.js';

/** One comment on a purchase order (docs/spec.md §3: comments, a list), newest last. */
export interface PurchaseOrderComment {
  at: string;
  by: string;
  text: string;
}

/**
 * A school's purchase order in one olympiad (docs/spec.md §3): one live order per school participant, opened when
 * the school is entered. `paid` and `preApproved` are set by the accountant (docs/spec.md §4: status paid or pre);
 * a removed order is kept (deleted_at) so that `fetchDeleted` can still show it. Decision 020.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    schoolParticipantId: integer('school_participant_id')
      .notNull()
      .references(() => schoolParticipants.id, { onDelete: 'cascade' }),
    paid: boolean('paid').notNull().default(false),
    preApproved: boolean('pre_approved').notNull().default(false),
    /** The school's own purchase-order number (set by its teacher). */
    schoolsPO: text('schools_po'),
    /** Learners the school does not pay for (a discount granted by the organisers). */
    freeLearners: integer('free_learners').notNull().default(0),
    comments: jsonb('comments').$type<PurchaseOrderComment[]>().notNull().default([]),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_live_uq')
      .on(t.schoolParticipantId)
      .where(sql`${t.deletedAt} is null`),
    index('purchase_orders_participant_idx').on(t.schoolParticipantId),
    check('purchase_orders_free_ck', sql`${t.freeLearners} >= 0`),
    check('purchase_orders_state_ck', sql`not (${t.paid} and ${t.preApproved})`),
  ],
);

/** One line of an invoice or credit note, in integer cents. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** Who an invoice is addressed to, as it was when it was issued. */
export interface InvoiceBillTo {
  schoolName: string;
  /** A country's team (decision 039): its country, printed under the team's name; absent for a school. */
  countryName?: string | null;
  emisNumber: string | null;
  address: string | null;
  town: string | null;
  province: string | null;
  contactName: string | null;
  contactEmail: string | null;
}

/** The issuing account as it was when the invoice was issued (an invoice never changes afterwards). */
export interface InvoiceSeller {
  legalName: string;
  registrationNumber: string | null;
  vatNumber: string | null;
  address: string;
  email: string | null;
  phone: string | null;
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
  bankBranchCode: string;
  bankSwift: string | null;
  footer: string;
}

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * The last number used per account, year and kind: taken with `update … returning` inside the issuing
 * transaction, so numbers run without gaps (a rolled-back issue gives its number back). Decision 031.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.year, t.kind] })],
);

/**
 * An issued invoice or credit note (decision 031). Immutable once issued: a change to the order (learners,
 * free learners, PO number, fee) issues a credit note for the current invoice and a new invoice. Amounts are
 * integer cents; a credit note's amounts are negative, so an order's balance is the sum of its documents
 * less its payments.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: invoiceKinds }).notNull().default('invoice'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** As printed: GEO-2026-00042, or GEO-CN-2026-00003 for a credit note. */
    documentNumber: text('document_number').notNull(),
    /** A credit note: the invoice it cancels. */
    creditsInvoiceId: integer('credits_invoice_id'),
    /** An invoice: when a credit note cancelled it (it is then no longer current). */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /**
     * An invoice issued in place of a credited one: the invoice it replaces (issued with that one's credit note),
     * so the credit note can name its replacement; null for an order's first invoice.
     */
    replacesInvoiceId: integer('replaces_invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueOn: date('due_on', { mode: 'string' }),
    currency: text('currency').notNull(),
    learners: integer('learners').notNull(),
    freeLearners: integer('free_learners').notNull(),
    feeCents: integer('fee_cents').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    schoolsPO: text('schools_po'),
    billTo: jsonb('bill_to').$type<InvoiceBillTo>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    /** What the school quotes when it pays; stable for an order across re-issued invoices. */
    paymentReference: text('payment_reference').notNull(),
    /** The queued mail that carried it to the teacher, when it was mailed. */
    emailId: integer('email_id'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.accountId, t.kind, t.year, t.number),
    uniqueIndex('invoices_credits_uq')
      .on(t.creditsInvoiceId)
      .where(sql`${t.creditsInvoiceId} is not null`),
    uniqueIndex('invoices_replaces_uq')
      .on(t.replacesInvoiceId)
      .where(sql`${t.replacesInvoiceId} is not null`),
    uniqueIndex('invoices_current_uq')
      .on(t.purchaseOrderId)
      .where(sql`${t.kind} = 'invoice' and ${t.creditedAt} is null`),
    index('invoices_order_idx').on(t.purchaseOrderId, t.issuedAt),
    index('invoices_olympiad_idx').on(t.olympiadId, t.issuedAt),
    index('invoices_reference_idx').on(sql`upper(${t.paymentReference})`),
    check('invoices_kind_ck', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'invoices_sign_ck',
      sql`(${t.kind} = 'invoice' and ${t.totalCents} >= 0) or (${t.kind} = 'credit_note' and ${t.totalCents} <= 0)`,
    ),
  ],
);

export const paymentMethods = ['eft', 'deposit', 'card', 'cash', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Money received for an order (decision 031): recorded by hand or from a bank statement line. Never deleted: a
 * mistake is reversed (reversed_at, with a reason). An order is paid when its live payments cover its documents.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** The bank statement line it came from, when it was imported or matched by hand. */
    statementLineId: integer('statement_line_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reverseReason: text('reverse_reason'),
  },
  (t) => [
    index('payments_order_idx').on(t.purchaseOrderId),
    index('payments_olympiad_idx').on(t.olympiadId, t.receivedOn),
    uniqueIndex('payments_line_uq')
      .on(t.statementLineId)
      .where(sql`${t.statementLineId} is not null and ${t.reversedAt} is null`),
    check('payments_amount_ck', sql`${t.amountCents} <> 0`),
    check('payments_method_ck', sql`${t.method} in ('eft', 'deposit', 'card', 'cash', 'other')`),
  ],
);

/** A bank statement imported for an olympiad (decision 031). */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: serial('id').primaryKey(),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id),
    filename: text('filename').notNull(),
    /** Which export format it was read as (one of the common South African banks', or generic). */
    format: text('format').notNull(),
    lines: integer('lines').notNull(),
    matched: integer('matched').notNull(),
    unmatched: integer('unmatched').notNull(),
    duplicates: integer('duplicates').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('statement_imports_olympiad_idx').on(t.olympiadId, t.createdAt)],
);

export const statementLineStatuses = ['matched', 'unmatched', 'ignored'] as const;
export type StatementLineStatus = (typeof statementLineStatuses)[number];

/**
 * One credit line of an imported statement. `fingerprint` (date, amount, reference, description and the
 * occurrence of that combination in its file) makes a line imported twice a duplicate, not a second payment.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'cascade' }),
    olympiadId: integer('olympiad_id')
      .notNull()
      .references(() => olympiads.id),
    lineNo: integer('line_no').notNull(),
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull().default(''),
    description: text('description').notNull().default(''),
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: statementLineStatuses }).notNull(),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    matchedBy: integer('matched_by').references(() => users.id, { onDelete: 'set null' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('statement_lines_fingerprint_uq').on(t.olympiadId, t.fingerprint),
    index('statement_lines_status_idx').on(t.olympiadId, t.status),
    check('statement_lines_status_ck', sql`${t.status} in ('matched', 'unmatched', 'ignored')`),
  ],
);
