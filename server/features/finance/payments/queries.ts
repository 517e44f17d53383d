import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import {
  type PaymentMethod,
  payments,
  schoolParticipants,
  schools,
  statementImports,
  statementLines,
} from '../../../db/schema/index.js';
import { CountRow, IdRow, type Queryable, rows } from '../../../db/client.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

const payment = createSelectSchema(payments).shape;
const line = createSelectSchema(statementLines).shape;
const school = createSelectSchema(schools).shape;

/** A payment with its order's school, the statement line it came from (nulls when by hand) and its recorder. */
const PaymentRow = z.object({
  id: payment.id,
  purchaseOrderId: payment.purchaseOrderId,
  olympiadId: payment.olympiadId,
  schoolId: createSelectSchema(schoolParticipants).shape.schoolId,
  schoolName: school.name,
  amountCents: payment.amountCents,
  receivedOn: payment.receivedOn,
  method: payment.method,
  reference: payment.reference,
  note: payment.note,
  statementLineId: payment.statementLineId,
  importId: line.importId.nullable(),
  lineNo: line.lineNo.nullable(),
  filename: createSelectSchema(statementImports).shape.filename.nullable(),
  /** The recorder's name (null when the account is gone or has no name). */
  createdBy: z.string().nullable(),
  createdAt: payment.createdAt,
  reversedAt: payment.reversedAt,
  reverseReason: payment.reverseReason,
});
export type PaymentRow = z.infer<typeof PaymentRow>;

/** A standing payment like a new one, when it was recorded and by whom. */
const TwinRow = createSelectSchema(payments)
  .pick({ id: true, createdAt: true })
  .extend({ createdByName: z.string().nullable() });

const ReversedRow = createSelectSchema(payments).pick({ statementLineId: true });

const paymentFrom = sql`payments p
  join purchase_orders po on po.id = p.purchase_order_id
  join school_participants sp on sp.id = po.school_participant_id
  join schools s on s.id = sp.school_id
  left join statement_lines sl on sl.id = p.statement_line_id
  left join statement_imports si on si.id = sl.import_id
  left join users cu on cu.id = p.created_by`;

const paymentColumns = sql`p.id, p.purchase_order_id, p.olympiad_id, sp.school_id, s.name as school_name, p.amount_cents,
  p.received_on::text as received_on, p.method, p.reference, p.note, p.statement_line_id, sl.import_id, sl.line_no,
  si.filename, nullif(btrim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') as created_by,
  p.created_at, p.reversed_at, p.reverse_reason`;

export async function listPayments(
  q: Queryable,
  reach: Reach,
  filter: { purchaseOrderId?: number | undefined },
  p: Paging,
) {
  const where: SQL[] = [reachSql(reach, sql`p.olympiad_id`, sql`sp.school_id`)];
  if (filter.purchaseOrderId) where.push(sql`p.purchase_order_id = ${filter.purchaseOrderId}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(s.name) like ${like} or lower(p.reference) like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    { ...p, order: p.sort ? p.order : 'desc' },
    { receivedOn: sql`p.received_on`, amountCents: sql`p.amount_cents`, schoolName: sql`lower(s.name)` },
    'receivedOn',
    sql`p.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(
      q,
      PaymentRow,
      sql`select ${paymentColumns} from ${paymentFrom} where ${cond} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from ${paymentFrom} where ${cond}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findPayment(q: Queryable, id: number) {
  const [row] = await rows(q, PaymentRow, sql`select ${paymentColumns} from ${paymentFrom} where p.id = ${id}`);
  return row ?? null;
}

/** Minutes within which a manual payment identical to another is taken for the same one sent twice. */
export const DUPLICATE_MINUTES = 10;

/**
 * Holds the order's row until the transaction ends, so payments recorded for one order at the same moment are
 * checked and written one after another (the duplicate check below cannot race its own insert).
 */
export async function lockOrderForPayment(q: Queryable, orderId: number): Promise<void> {
  await q.execute(sql`select 1 from purchase_orders where id = ${orderId} for update`);
}

/**
 * A standing payment of the same order, amount, date received and reference (spaces and case aside) recorded in the
 * last ten minutes: the same payment sent twice, most likely. Answers when it was recorded and by whom.
 */
export async function recentTwin(
  q: Queryable,
  v: { purchaseOrderId: number; amountCents: number; receivedOn: string; reference: string },
) {
  const [row] = await rows(
    q,
    TwinRow,
    sql`select p.id, p.created_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by_name
      from payments p left join users u on u.id = p.created_by
      where p.purchase_order_id = ${v.purchaseOrderId} and p.amount_cents = ${v.amountCents}
        and p.received_on = ${v.receivedOn}::date and p.reversed_at is null
        and lower(trim(p.reference)) = lower(trim(${v.reference}))
        and p.created_at > now() - make_interval(mins => ${DUPLICATE_MINUTES})
      order by p.id desc limit 1`,
  );
  return row ?? null;
}
export type Twin = NonNullable<Awaited<ReturnType<typeof recentTwin>>>;

export async function insertPayment(
  q: Queryable,
  v: {
    olympiadId: number;
    purchaseOrderId: number;
    amountCents: number;
    receivedOn: string;
    method: PaymentMethod;
    reference: string;
    note: string;
    statementLineId?: number | null;
    by: number;
  },
) {
  const [row] = await rows(
    q,
    IdRow,
    sql`insert into payments (olympiad_id, purchase_order_id, amount_cents, received_on, method, reference, note,
        statement_line_id, created_by)
      values (${v.olympiadId}, ${v.purchaseOrderId}, ${v.amountCents}, ${v.receivedOn}, ${v.method}, ${v.reference},
        ${v.note}, ${v.statementLineId ?? null}, ${v.by})
      returning id`,
  );
  return row!.id;
}

/** Marks a payment reversed; answers whether it was standing. A statement line it came from waits again. */
export async function reversePayment(q: Queryable, id: number, by: number, reason: string) {
  const done = await rows(
    q,
    ReversedRow,
    sql`update payments set reversed_at = now(), reversed_by = ${by}, reverse_reason = ${reason}
      where id = ${id} and reversed_at is null returning statement_line_id`,
  );
  if (!done.length) return false;
  const lineId = done[0]!.statementLineId;
  if (lineId != null)
    await q.execute(sql`update statement_lines set status = 'unmatched', purchase_order_id = null, matched_by = null,
      matched_at = null where id = ${lineId}`);
  return true;
}
