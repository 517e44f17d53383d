import { definePolicy } from '../../http/policy.js';

/** A purchase order, or the olympiad whose orders are listed. */
export interface OrderRecord {
  olympiadId: number;
  /** Removed orders cannot be removed again. */
  deletedAt?: Date | string | null;
}

const capabilities = {
  /** The purchase orders of an olympiad: its accountants and funding staff (Payment Portal), its admins. */
  read: ['overlord', 'admin', 'accountant', 'funding'],
  /** Marking an order paid, pre-approved or not paid (a removed one is restored): the accountant, and the admin. */
  setStatus: ['overlord', 'admin', 'accountant'],
  /** Removing a live order: the same people. */
  delete: ['overlord', 'admin', 'accountant'],
} as const;

/**
 * Purchase orders (docs/spec.md §6; decision 020): an olympiad's admins, accountants and funding staff see its
 * orders (the overlord every one); funding staff only read them.
 */
export const financePolicy = definePolicy({
  capabilities,
  rule(_actor, action, order: OrderRecord, holds) {
    if (!holds.olympiad(order.olympiadId)) return false;
    return action !== 'delete' || order.deletedAt == null;
  },
});
