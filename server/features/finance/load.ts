import { conflict, forbidden } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { financePolicy } from './policy.js';
import { findInvoice } from './invoices/queries.js';
import { findOrder } from './queries.js';

/** One purchase order: 404 when the actor does not see it, 403 when they may see it but not do this. */
export const orderLoader = defineLoader({
  what: 'This purchase order',
  policy: financePolicy,
  see: 'read',
  find: (q, id: number) => findOrder(q, id),
});

/**
 * An order to change, which must belong to the school participant the screen names (a screen that is out of
 * date cannot change another school's order). 403 for those who only read orders (with the reason).
 */
export async function orderToChange(
  q: Queryable,
  actor: Actor,
  id: number,
  customerParticipantId: number,
  action: 'setStatus' | 'delete' = 'setStatus',
) {
  const order = await orderLoader.load(q, actor, id, 'read');
  if (!financePolicy.can(actor, 'setStatus', order))
    throw forbidden('Only the accountant or an admin changes a purchase order');
  if (action === 'delete' && !financePolicy.can(actor, 'delete', order))
    throw conflict('This purchase order is removed already');
  if (order.schoolParticipantId !== customerParticipantId)
    throw conflict('This purchase order belongs to another school: reload the list', [
      { path: 'query.customerParticipantId', message: 'Not the school of this order' },
    ]);
  return order;
}

/** One invoice or credit note: seen by those who see its order (a teacher their school's). */
export const invoiceLoader = defineLoader({
  what: 'This invoice',
  policy: financePolicy,
  see: 'read',
  find: (q, id: number) => findInvoice(q, id),
});
