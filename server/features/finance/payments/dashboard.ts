import { eq, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PaymentsDashboard, PaymentsDashboardQuery } from '#contract/finance';
import { type Queryable, rows } from '../../../db/client.js';
import { olympiads, purchaseOrders } from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { reach } from '../../../http/reach.js';
import { fileAnswer, route } from '../../../http/route.js';
import { sendXlsx, tableSheet } from '../../../platform/xlsx.js';
import { financePolicy } from '../policy.js';
import { presentOrder } from '../present.js';
import { listOrders, orderSummary } from '../queries.js';

const tags = ['finance'];
const { access } = financePolicy;

/** One live order's figures: its state, its school's province ('Not given' when none), learners, owed and paid. */
const PerOrderRow = createSelectSchema(purchaseOrders)
  .pick({ id: true, paid: true, preApproved: true, freeLearners: true })
  .extend({ province: z.string(), learners: z.number(), owed: z.number(), paidCents: z.number() });

/** One day's invoiced and paid sums (a South African day). */
const DayRow = z.object({ day: z.string(), invoiced: z.number(), paid: z.number() });

/** Per live order: what is owed and paid, the state, the province. */
const perOrder = (
  r: Reach,
) => sql`select po.id, coalesce(nullif(s.province, ''), 'Not given') as province, po.paid, po.pre_approved,
    po.free_learners,
    (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id
      and u.role = 'learner') as learners,
    (select coalesce(sum(total_cents), 0)::int from invoices i where i.purchase_order_id = po.id) as owed,
    (select coalesce(sum(amount_cents), 0)::int from payments p where p.purchase_order_id = po.id
      and p.reversed_at is null) as paid_cents
  from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
  join schools s on s.id = sp.school_id
  where po.deleted_at is null and ${reachSql(r, sql`sp.olympiad_id`)}`;

/** The Payments-Dashboard's figures for one olympiad (decision 032). */
export async function dashboardOf(
  q: Queryable,
  r: Reach,
  olympiadId: number,
): Promise<z.infer<typeof PaymentsDashboard>> {
  const [orders, byState, [olympiad], days] = await Promise.all([
    rows(q, PerOrderRow, perOrder(r)),
    orderSummary(q, r),
    q.select({ currency: olympiads.currency }).from(olympiads).where(eq(olympiads.id, olympiadId)),
    rows(
      q,
      DayRow,
      sql`select day::text as day, sum(invoiced)::int as invoiced, sum(paid)::int as paid from (
          select (i.issued_at at time zone 'Africa/Johannesburg')::date as day, i.total_cents as invoiced, 0 as paid
            from invoices i where i.olympiad_id = ${olympiadId}
          union all
          select p.received_on, 0, p.amount_cents from payments p
            where p.olympiad_id = ${olympiadId} and p.reversed_at is null) t
        group by day order by day`,
    ),
  ]);
  const totals = {
    orders: 0,
    learners: 0,
    freeLearners: 0,
    invoicedCents: 0,
    paidCents: 0,
    outstandingCents: 0,
    preApprovedCents: 0,
    overpaidCents: 0,
  };
  const provinces = new Map<
    string,
    {
      province: string;
      orders: number;
      invoicedCents: number;
      paidCents: number;
      outstandingCents: number;
      preApprovedCents: number;
    }
  >();
  for (const o of orders) {
    const { owed, paidCents: paid } = o;
    const outstanding = Math.max(owed - paid, 0);
    totals.orders++;
    totals.learners += o.learners;
    totals.freeLearners += o.freeLearners;
    totals.invoicedCents += owed;
    totals.paidCents += paid;
    totals.outstandingCents += outstanding;
    totals.overpaidCents += Math.max(paid - owed, 0);
    if (o.preApproved) totals.preApprovedCents += outstanding;
    const p = provinces.get(o.province) ?? {
      province: o.province,
      orders: 0,
      invoicedCents: 0,
      paidCents: 0,
      outstandingCents: 0,
      preApprovedCents: 0,
    };
    p.orders++;
    p.invoicedCents += owed;
    p.paidCents += paid;
    p.outstandingCents += outstanding;
    if (o.preApproved) p.preApprovedCents += outstanding;
    provinces.set(o.province, p);
  }
  let cumulativeInvoicedCents = 0;
  let cumulativePaidCents = 0;
  const overTime = days.map((d) => {
    cumulativeInvoicedCents += d.invoiced;
    cumulativePaidCents += d.paid;
    return {
      day: d.day.slice(0, 10),
      invoicedCents: d.invoiced,
      paidCents: d.paid,
      cumulativeInvoicedCents,
      cumulativePaidCents,
    };
  });
  return {
    success: true,
    currency: olympiad?.currency ?? 'ZAR',
    totals,
    byState,
    byProvince: [...provinces.values()].sort(
      (a, b) => b.invoicedCents - a.invoicedCents || a.province.localeCompare(b.province),
    ),
    overTime,
  };
}

/** The Payments-Dashboard and the exports (xlsx) of an olympiad's orders. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/payment/api/dashboard',
    summary: 'The Payments-Dashboard: invoiced, paid, outstanding and pre-approved totals, by state, province and day',
    tags,
    access: access.dashboard,
    query: PaymentsDashboardQuery,
    response: PaymentsDashboard,
    handler: async ({ db, actor, query }) =>
      dashboardOf(db, reach(actor, access.dashboard, query.olympiadId), query.olympiadId),
  });

  route(app, {
    method: 'GET',
    url: '/payment/api/dashboard.xlsx',
    summary: 'The Payments-Dashboard as a spreadsheet: totals, by province, by day',
    tags,
    access: access.dashboard,
    response: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    query: PaymentsDashboardQuery,
    heavy: true,
    handler: async ({ db, actor, query, reply }) => {
      const d = await dashboardOf(db, reach(actor, access.dashboard, query.olympiadId), query.olympiadId);
      const money = { width: 16, format: 'cents' } as const;
      const totals: Array<[string, number | null, number | null]> = [
        ['Orders', d.totals.orders, null],
        ['Learners', d.totals.learners, null],
        ['Free learners', d.totals.freeLearners, null],
        ['Invoiced', null, d.totals.invoicedCents],
        ['Paid', null, d.totals.paidCents],
        ['Outstanding', null, d.totals.outstandingCents],
        ['Outstanding, pre-approved', null, d.totals.preApprovedCents],
        ['Overpaid', null, d.totals.overpaidCents],
      ];
      return sendXlsx(reply, `payments-dashboard-${query.olympiadId}.xlsx`, [
        tableSheet(
          'Totals',
          [
            { header: 'Figure', width: 28, value: (t) => t[0] },
            { header: 'Count', width: 10, value: (t) => t[1] },
            { header: `Amount (${d.currency})`, width: 18, format: 'cents', value: (t) => t[2] },
          ],
          totals,
        ),
        tableSheet(
          'By province',
          [
            { header: 'Province', width: 22, value: 'province' },
            { header: 'Orders', width: 10, value: 'orders' },
            { header: 'Invoiced', ...money, value: 'invoicedCents' },
            { header: 'Paid', ...money, value: 'paidCents' },
            { header: 'Outstanding', ...money, value: 'outstandingCents' },
            { header: 'Pre-approved', ...money, value: 'preApprovedCents' },
          ],
          d.byProvince,
        ),
        tableSheet(
          'By day',
          [
            { header: 'Day', width: 14, format: 'date', value: 'day' },
            { header: 'Invoiced', ...money, value: 'invoicedCents' },
            { header: 'Paid', ...money, value: 'paidCents' },
            { header: 'Invoiced to date', ...money, width: 18, value: 'cumulativeInvoicedCents' },
            { header: 'Paid to date', ...money, width: 18, value: 'cumulativePaidCents' },
          ],
          d.overTime,
        ),
      ]);
    },
  });

  route(app, {
    method: 'GET',
    url: '/purchase-order/api/export.xlsx',
    summary:
      'Every live purchase order of an olympiad as a spreadsheet: state, learners, free, invoiced, paid, balance, PO, reference',
    tags,
    access: access.dashboard,
    response: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    query: PaymentsDashboardQuery,
    heavy: true,
    handler: async ({ db, actor, query, reply }) => {
      const seen = reach(actor, access.dashboard, query.olympiadId);
      const { items } = await listOrders(
        db,
        seen,
        { fetchDeleted: false },
        { page: 1, pageSize: 100_000, order: 'asc' },
      );
      const money = { width: 14, format: 'cents' } as const;
      const states = { paid: 'Paid', pre: 'Pre-approved', unpaid: 'Not paid', deleted: 'Removed' } as const;
      return sendXlsx(reply, `purchase-orders-${query.olympiadId}.xlsx`, [
        tableSheet(
          'Purchase orders',
          [
            { header: 'School', width: 34, value: 'schoolName' },
            { header: 'Town', width: 16, value: (o) => o.town ?? '' },
            { header: 'Province', width: 16, value: (o) => o.province ?? '' },
            { header: 'State', width: 12, value: (o) => states[o.state] },
            { header: 'Learners', width: 10, value: 'learners' },
            { header: 'Free learners', width: 12, value: 'freeLearners' },
            { header: 'Invoiced', ...money, value: 'invoicedCents' },
            { header: 'Paid', ...money, value: 'paidCents' },
            { header: 'Balance', ...money, value: 'balanceCents' },
            { header: 'School’s PO', width: 18, value: (o) => o.schoolsPO ?? '' },
            { header: 'Payment reference', width: 18, value: (o) => o.paymentReference ?? '' },
            { header: 'Current invoice', width: 18, value: (o) => o.currentInvoice?.documentNumber ?? '' },
          ],
          items.map((row) => presentOrder(actor, row)),
        ),
      ]);
    },
  });
}
