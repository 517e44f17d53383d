import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { type Queryable, rows } from '../../db/client.js';
import { purchaseOrders } from '../../db/schema/index.js';
import { owedCentsOf } from './present.js';
import { findOrder } from './queries.js';

/** The order's paid mark as the money set it. */
const PaidRow = createSelectSchema(purchaseOrders).pick({ paid: true });

/**
 * Money decides whether an order is paid (decision 031): after every issue, payment and reversal, an order that
 * owes more than zero is paid exactly when its standing payments cover what it owes (a paid order is no longer
 * "pre-approved": it needs no exception). It owes its documents' sum once invoiced, and before that the quote's
 * total: a school that pays before any invoice is issued (from the bank statement, by its payment reference) is
 * paid, and the payment gate lets its learners write. An order that owes nothing keeps the accountant's hand-set
 * mark, and a hand-set mark stands until the next money event. Answers the new state.
 */
export async function recomputePaid(q: Queryable, orderId: number): Promise<{ paid: boolean } | null> {
  const order = await findOrder(q, orderId);
  if (!order) return null;
  const owed = owedCentsOf(order);
  if (owed <= 0) return null;
  const [row] = await rows(
    q,
    PaidRow,
    sql`with money as (
        select ${owed}::int as owed,
               (select coalesce(sum(amount_cents), 0) from payments
                 where purchase_order_id = ${orderId} and reversed_at is null) as paid)
      update purchase_orders po
        set paid = (money.paid >= money.owed),
            pre_approved = case when money.paid >= money.owed then false else po.pre_approved end,
            status_changed_at = case when po.paid is distinct from (money.paid >= money.owed) then now() else po.status_changed_at end,
            -- Set by the money, not by a person: the screens say so.
            status_changed_by = case when po.paid is distinct from (money.paid >= money.owed) then null else po.status_changed_by end,
            updated_at = now()
      from money where po.id = ${orderId}
      returning po.paid`,
  );
  return row ?? null;
}
