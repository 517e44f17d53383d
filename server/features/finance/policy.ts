import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad } from '../../http/actor.js';

/** Who may call each finance operation at all (plain data, docs/spec.md §6; decision 020); record rules below. */
export const financeAccess = {
  /** The purchase orders of an olympiad: its accountants and funding staff (Payment Portal), its admins. */
  listOrders: ['overlord', 'admin', 'accountant', 'funding'],
  /** Marking an order paid, pre-approved or not paid, and removing it: the accountant, and the admin. */
  setOrderStatus: ['overlord', 'admin', 'accountant'],
} as const satisfies Record<string, 'public' | readonly Role[]>;

export const financePolicy = {
  /** An olympiad's orders are seen by its admins, accountants and funding staff (the overlord: every one). */
  canSeeOrders: (actor: Actor, order: { olympiadId: number }) =>
    holdsOlympiad(actor, order.olympiadId, ['admin', 'accountant', 'funding']),
  /** Funding staff read the orders; the accountant and the admin change them. */
  canSetStatus: (actor: Actor, order: { olympiadId: number }) =>
    holdsOlympiad(actor, order.olympiadId, ['admin', 'accountant']),
};
