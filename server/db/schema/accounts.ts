import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An invoicing account (docs/spec.md §7 "GET /account/v-rest/"; decision 031): the legal identity that issues an
 * olympiad's invoices and the bank account schools pay into. One per olympiad (`olympiads.account_id`); several
 * olympiads may share one. Invoice numbers run per account and year.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    /** What staff call it, e.g. "SA Geography Olympiad NPC". */
    name: text('name').notNull(),
    legalName: text('legal_name').notNull(),
    registrationNumber: text('registration_number'),
    /** Null when the account is not registered for VAT: its invoices carry no VAT. */
    vatNumber: text('vat_number'),
    /** VAT in basis points (1500 = 15 %). */
    vatRateBp: integer('vat_rate_bp').notNull().default(1500),
    address: text('address').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    bankName: text('bank_name').notNull().default(''),
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    bankBranchCode: text('bank_branch_code').notNull().default(''),
    bankSwift: text('bank_swift'),
    /** Starts every invoice number and payment reference, e.g. "GEO" → GEO-2026-00042. */
    invoicePrefix: text('invoice_prefix').notNull(),
    /**
     * The payment reference a school quotes, as a template: {prefix}, {year}, {order} (the purchase order's id,
     * stable across re-issued invoices), {emis}. Default "{prefix}{order}".
     */
    referenceRule: text('reference_rule').notNull().default('{prefix}{order}'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** Printed at the foot of every invoice. */
    footer: text('footer').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_prefix_uq').on(sql`upper(${t.invoicePrefix})`),
    check('accounts_vat_ck', sql`${t.vatRateBp} between 0 and 10000`),
    check('accounts_terms_ck', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);
