import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, rows } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';

/** A teacher an invoice is mailed to (the statements read only teachers with an address). */
const Contact = createSelectSchema(users).pick({ id: true }).extend({ name: z.string(), email: z.string() });
export type Contact = z.infer<typeof Contact>;

const OrderContact = Contact.extend({ orderId: z.number() });

/** The teachers of an order's school who have an address: the invoice goes to them. */
export async function contactsOf(q: Queryable, orderId: number): Promise<Contact[]> {
  return rows(
    q,
    Contact,
    sql`select u.id, btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name, u.email
      from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
      join users u on u.school_id = sp.school_id and u.role = 'teacher' and u.disabled_at is null
      where po.id = ${orderId} and u.email is not null and u.email <> ''
      order by (u.id = sp.entered_by) desc, u.id limit 5`,
  );
}

/**
 * The invoice contacts of many orders in one statement (the issue-all job reads them once for every school):
 * per order the same teachers, in the same order, as `contactsOf`.
 */
export async function contactsOfOrders(q: Queryable, orderIds: number[]): Promise<Map<number, Contact[]>> {
  const found = new Map<number, Contact[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return found;
  const list = await rows(
    q,
    OrderContact,
    sql`select order_id, id, name, email from (
        select po.id as order_id, u.id, btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
          u.email, row_number() over (partition by po.id order by (u.id = sp.entered_by) desc, u.id) as rank
        from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
        join users u on u.school_id = sp.school_id and u.role = 'teacher' and u.disabled_at is null
        where po.id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and u.email is not null and u.email <> '') c
      where rank <= 5 order by order_id, rank`,
  );
  for (const c of list) found.get(c.orderId)?.push({ id: c.id, name: c.name, email: c.email });
  return found;
}
