import { definePolicy } from '../../http/policy.js';

/** A purchase order (or the olympiad whose orders are listed: no schoolId, no deletedAt). */
export interface OrderRecord {
  olympiadId: number;
  /** The order's school: its teacher reads the order, sets its PO number and issues its invoice. */
  schoolId?: number | null;
  /** Removed orders cannot be removed again, invoiced, paid or changed except by a status change (restore). */
  deletedAt?: Date | string | null;
}

/** Finance staff of the olympiad; the overlord every olympiad. */
const financeStaff = ['overlord', 'admin', 'accountant', 'funding'] as const;
/** Those who handle money: the accountant (and the overlord). */
const money = ['overlord', 'accountant'] as const;

const capabilities = {
  /** An olympiad's orders (Payment Portal, Payments-Dashboard), and a teacher their own school's (Invoices). */
  read: [...financeStaff, 'teacher'],
  /** Marking an order paid, pre-approved or not paid (a removed one is restored): the accountant, and the admin. */
  setStatus: ['overlord', 'admin', 'accountant'],
  /** Removing a live order: the same people. */
  delete: ['overlord', 'admin', 'accountant'],
  /** Opening an order for an entered school that has none. */
  create: ['overlord', 'admin', 'accountant'],
  /** The school's own purchase-order number: its teacher, or finance staff on the phone with the school. */
  setSchoolPO: ['overlord', 'admin', 'accountant', 'teacher'],
  /** Granting free learners (a discount), with a comment: the funding partner, the accountant, the admin. */
  setFreeLearners: financeStaff,
  /** Finance staff's comments: read and written by them, never shown to teachers. */
  comment: financeStaff,
  /** Issuing (or re-issuing) an order's invoice: finance staff who bill, and the school's teacher for their own. */
  issueInvoice: ['overlord', 'admin', 'accountant', 'teacher'],
  /** Issuing every school's invoice of an olympiad as one background job. */
  issueAll: ['overlord', 'admin', 'accountant'],
  /** Recording, importing, matching and reversing payments. */
  recordPayment: money,
  /** The Payments-Dashboard and the exports. */
  dashboard: financeStaff,
} as const;

/**
 * Purchase orders, invoices and payments (docs/spec.md §6; decisions 020 and 031): an olympiad's admins,
 * accountants and funding staff work with its orders (the overlord every one); a teacher sees their own school's
 * order, sets its PO number and issues its invoice; only the accountant (and the overlord) handles money.
 */
export const financePolicy = definePolicy({
  capabilities,
  rule(actor, action, order: OrderRecord, holds) {
    const mine =
      actor.role === 'teacher' ? holds.school(order.schoolId, order.olympiadId) : holds.olympiad(order.olympiadId);
    if (!mine) return false;
    if (order.deletedAt == null) return true;
    // A removed order is read, and restored by a status change; nothing else.
    return action === 'read' || action === 'setStatus' || action === 'comment';
  },
});

/** The flags a presented order carries (contract `PurchaseOrder.can`). */
export const orderFlags = [
  'setStatus',
  'delete',
  'setSchoolPO',
  'setFreeLearners',
  'comment',
  'issueInvoice',
  'recordPayment',
] as const;

/**
 * Accounts (the invoicing identity and bank details): the overlord keeps them (/overlord/edit/accounts); an
 * olympiad's finance staff read the one of their olympiad.
 */
export interface AccountRecord {
  /** The olympiads the account invoices. */
  olympiadIds: readonly number[];
  /** Invoices and credit notes issued from it: then it cannot be removed. */
  documents?: number;
}

export const accountsPolicy = definePolicy({
  capabilities: {
    read: ['overlord', 'admin', 'accountant', 'funding'],
    create: ['overlord'],
    update: ['overlord'],
    delete: ['overlord'],
  },
  rule(actor, action, account: AccountRecord, holds) {
    if (action === 'delete') return (account.documents ?? 0) === 0 && actor.role === 'overlord';
    return actor.role === 'overlord' || account.olympiadIds.some((id) => holds.olympiad(id));
  },
});
