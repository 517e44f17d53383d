import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import {
  PurchaseOrderComment,
  type PurchaseOrderState,
  purchaseOrderStates,
  type PurchaseOrderStatus,
} from '#contract/finance';
import { CountRow, IdRow, type Queryable, rows } from '../../db/client.js';
import { accounts, invoices, olympiads, purchaseOrders, schoolParticipants, schools } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

const order = createSelectSchema(purchaseOrders).shape;
const participant = createSelectSchema(schoolParticipants).shape;
const school = createSelectSchema(schools).shape;
const olympiad = createSelectSchema(olympiads).shape;
const account = createSelectSchema(accounts).shape;
const invoice = createSelectSchema(invoices).shape;

/**
 * A purchase order with its school and olympiad, its learners and amount, its olympiad's account (null
 * before it has one), its current invoice (`ci…`: the invoice not credited, null when none) and its money.
 */
const OrderRow = z.object({
  id: order.id,
  schoolParticipantId: order.schoolParticipantId,
  olympiadId: participant.olympiadId,
  schoolId: participant.schoolId,
  schoolName: school.name,
  town: school.town,
  province: school.province,
  paid: order.paid,
  preApproved: order.preApproved,
  state: z.enum(purchaseOrderStates),
  schoolsPO: order.schoolsPO,
  freeLearners: order.freeLearners,
  comments: z.array(PurchaseOrderComment),
  learners: z.number(),
  amountCents: z.number(),
  currency: olympiad.currency,
  feeCents: olympiad.feeCents,
  paymentRequired: olympiad.paymentRequired,
  year: olympiad.year,
  emisNumber: school.emisNumber,
  accountId: account.id.nullable(),
  vatNumber: account.vatNumber,
  vatRateBp: account.vatRateBp.nullable(),
  invoicePrefix: account.invoicePrefix.nullable(),
  referenceRule: account.referenceRule.nullable(),
  ciId: invoice.id.nullable(),
  ciDocumentNumber: invoice.documentNumber.nullable(),
  ciIssuedAt: invoice.issuedAt.nullable(),
  ciTotalCents: invoice.totalCents.nullable(),
  ciLearners: invoice.learners.nullable(),
  ciFreeLearners: invoice.freeLearners.nullable(),
  ciFeeCents: invoice.feeCents.nullable(),
  ciSchoolsPO: invoice.schoolsPO,
  invoicedCents: z.number(),
  paidCents: z.number(),
  statusChangedAt: order.statusChangedAt,
  /** The name of whoever set the state by hand (null when the money set it). */
  statusChangedBy: z.string().nullable(),
  deletedAt: order.deletedAt,
  updatedAt: order.updatedAt,
});
export type OrderRow = z.infer<typeof OrderRow>;

/** How many orders are in each state. */
const OrderSummaryRow = z.object({ paid: z.number(), pre: z.number(), unpaid: z.number(), deleted: z.number() });

const NameRow = z.object({ name: z.string() });

const stateSql = sql`(case when po.deleted_at is not null then 'deleted' when po.paid then 'paid'
  when po.pre_approved then 'pre' else 'unpaid' end)`;

const from = sql`purchase_orders po
  join school_participants sp on sp.id = po.school_participant_id
  join schools s on s.id = sp.school_id
  join olympiads o on o.id = sp.olympiad_id
  left join accounts a on a.id = o.account_id
  left join users cu on cu.id = po.status_changed_by
  cross join lateral (select count(*)::int as n from users u
    where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id and u.role = 'learner') l
  left join lateral (select i.id, i.document_number, i.issued_at, i.total_cents, i.learners, i.free_learners,
      i.fee_cents, i.schools_po from invoices i
    where i.purchase_order_id = po.id and i.kind = 'invoice' and i.credited_at is null) ci on true
  cross join lateral (select coalesce(sum(i.total_cents), 0)::int as cents from invoices i
    where i.purchase_order_id = po.id) inv
  cross join lateral (select coalesce(sum(p.amount_cents), 0)::int as cents from payments p
    where p.purchase_order_id = po.id and p.reversed_at is null) pay`;

const columns = sql`po.id, po.school_participant_id, sp.olympiad_id, sp.school_id, s.name as school_name, s.town, s.province,
  po.paid, po.pre_approved, ${stateSql} as state, po.schools_po as "schoolsPO", po.free_learners, po.comments,
  l.n as learners, (greatest(l.n - po.free_learners, 0) * o.fee_cents)::int as amount_cents, o.currency,
  o.fee_cents, o.payment_required, o.year, s.emis_number, a.id as account_id, a.vat_number, a.vat_rate_bp, a.invoice_prefix, a.reference_rule,
  ci.id as ci_id, ci.document_number as ci_document_number, ci.issued_at as ci_issued_at, ci.total_cents as ci_total_cents,
  ci.learners as ci_learners, ci.free_learners as ci_free_learners, ci.fee_cents as ci_fee_cents,
  ci.schools_po as "ciSchoolsPO", inv.cents as invoiced_cents, pay.cents as paid_cents,
  po.status_changed_at, nullif(btrim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') as status_changed_by,
  po.deleted_at, po.updated_at`;

/** The orders within a reach (one olympiad's; live ones, removed ones too with `fetchDeleted`): paged, searched, sorted. */
export async function listOrders(
  q: Queryable,
  reach: Reach,
  filter: { fetchDeleted: boolean; state?: PurchaseOrderState | undefined },
  p: Paging,
) {
  const where: SQL[] = [reachSql(reach, sql`sp.olympiad_id`, sql`sp.school_id`)];
  if (!filter.fetchDeleted && filter.state !== 'deleted') where.push(sql`po.deleted_at is null`);
  if (filter.state) where.push(sql`${stateSql} = ${filter.state}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(s.name) like ${like} or lower(coalesce(s.town, '')) like ${like}
      or lower(coalesce(po.schools_po, '')) like ${like} or s.emis_number like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      schoolName: sql`lower(s.name)`,
      state: stateSql,
      learners: sql`l.n`,
      amount: sql`greatest(l.n - po.free_learners, 0) * o.fee_cents`,
      updatedAt: sql`po.updated_at`,
    },
    'schoolName',
    sql`po.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(
      q,
      OrderRow,
      sql`select ${columns} from ${from} where ${cond} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(
      q,
      CountRow,
      sql`select count(*)::int as n from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
        join schools s on s.id = sp.school_id where ${cond}`,
    ),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

/** How many of the orders within a reach (one olympiad's) are in each state. */
export async function orderSummary(q: Queryable, reach: Reach) {
  const [r] = await rows(
    q,
    OrderSummaryRow,
    sql`select count(*) filter (where po.deleted_at is null and po.paid)::int as paid,
        count(*) filter (where po.deleted_at is null and po.pre_approved)::int as pre,
        count(*) filter (where po.deleted_at is null and not po.paid and not po.pre_approved)::int as unpaid,
        count(*) filter (where po.deleted_at is not null)::int as deleted
      from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
      where ${reachSql(reach, sql`sp.olympiad_id`, sql`sp.school_id`)}`,
  );
  return { paid: r?.paid ?? 0, pre: r?.pre ?? 0, unpaid: r?.unpaid ?? 0, deleted: r?.deleted ?? 0 };
}

export async function findOrder(q: Queryable, id: number) {
  const [row] = await rows(q, OrderRow, sql`select ${columns} from ${from} where po.id = ${id}`);
  return row ?? null;
}

const flags: Record<PurchaseOrderStatus, { paid: boolean; pre: boolean }> = {
  paid: { paid: true, pre: false },
  pre: { paid: false, pre: true },
  unpaid: { paid: false, pre: false },
};

/**
 * Sets an order's state (docs/spec.md §4): one statement, so two people pressing at once leave one of the two answers.
 * A removed order is brought back at the same time, unless its school has another live order. Answers
 * whether a row changed.
 */
export async function setOrderStatus(q: Queryable, id: number, status: PurchaseOrderStatus, by: number) {
  const f = flags[status];
  const done = await rows(
    q,
    IdRow,
    sql`update purchase_orders po set paid = ${f.paid}, pre_approved = ${f.pre}, status_changed_at = now(),
        status_changed_by = ${by}, deleted_at = null, deleted_by = null, updated_at = now()
      where po.id = ${id} and (po.deleted_at is null or not exists (select 1 from purchase_orders other
        where other.school_participant_id = po.school_participant_id and other.deleted_at is null))
      returning po.id`,
  );
  return done.length > 0;
}

/** Removes an order (kept, marked deleted, for `fetchDeleted`). Answers whether it was live. */
export async function deleteOrder(q: Queryable, id: number, by: number) {
  const done = await q
    .update(purchaseOrders)
    .set({ deletedAt: sql`now()`, deletedBy: by, updatedAt: sql`now()` })
    .where(and(eq(purchaseOrders.id, id), isNull(purchaseOrders.deletedAt)))
    .returning({ id: purchaseOrders.id });
  return done.length > 0;
}

/** A school participant an order may be opened for. */
export async function findParticipant(q: Queryable, id: number) {
  const [row] = await q
    .select({
      id: schoolParticipants.id,
      olympiadId: schoolParticipants.olympiadId,
      schoolId: schoolParticipants.schoolId,
      status: schoolParticipants.status,
      schoolName: schools.name,
    })
    .from(schoolParticipants)
    .innerJoin(schools, eq(schools.id, schoolParticipants.schoolId))
    .where(eq(schoolParticipants.id, id));
  return row ?? null;
}

/** How a comment names its author. */
export async function authorName(q: Queryable, userId: number): Promise<string> {
  const [row] = await rows(
    q,
    NameRow,
    sql`select coalesce(nullif(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), username) as name
      from users where id = ${userId}`,
  );
  return row?.name ?? 'Someone';
}

/** Opens an order; null when the participant has a live one already. */
export async function createOrder(
  q: Queryable,
  v: {
    schoolParticipantId: number;
    schoolsPO: string | null;
    freeLearners: number;
    comment: PurchaseOrderComment | null;
  },
): Promise<number | null> {
  const [row] = await rows(
    q,
    IdRow,
    sql`insert into purchase_orders (school_participant_id, schools_po, free_learners, comments)
      values (${v.schoolParticipantId}, ${v.schoolsPO}, ${v.freeLearners}, ${JSON.stringify(v.comment ? [v.comment] : [])}::jsonb)
      on conflict (school_participant_id) where deleted_at is null do nothing returning id`,
  );
  return row?.id ?? null;
}

export async function setSchoolPO(q: Queryable, id: number, value: string | null) {
  await q.execute(sql`update purchase_orders set schools_po = ${value}, updated_at = now() where id = ${id}`);
}

export async function setFreeLearners(q: Queryable, id: number, freeLearners: number, comment: PurchaseOrderComment) {
  await q.execute(sql`update purchase_orders set free_learners = ${freeLearners},
    comments = comments || ${JSON.stringify([comment])}::jsonb, updated_at = now() where id = ${id}`);
}

export async function addComment(q: Queryable, id: number, comment: PurchaseOrderComment) {
  await q.execute(sql`update purchase_orders set comments = comments || ${JSON.stringify([comment])}::jsonb,
    updated_at = now() where id = ${id}`);
}
