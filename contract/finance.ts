/**
 * The finance contract (decisions 020, 031, 032), one file per entity: purchase orders, invoicing accounts,
 * invoices and credit notes, payments, bank statements and the Payments-Dashboard. `#contract/finance` is all of them.
 */
export * from './finance/orders.js';
export * from './finance/accounts.js';
export * from './finance/invoices.js';
export * from './finance/payments.js';
export * from './finance/statements.js';
export * from './finance/dashboard.js';
