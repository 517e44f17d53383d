import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PaymentsDashboard, PaymentsDashboardQuery } from '#contract/finance';
import { type Queryable, rows } from '../../../db/client.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { reach } from '../../../http/reach.js';
import { route } from '../../../http/route.js';
import { financePolicy } from '../policy.js';
import { presentOrder } from '../present.js';
import { listOrders, orderSummary } from '../queries.js';

const tags = ['finance'];
const { access } = financePolicy;

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
    rows<{
      id: number;
      province: string;
      paid: boolean;
      pre_approved: boolean;
      free_learners: number;
      learners: number;
      owed: number;
      paid_cents: number;
    }>(q, perOrder(r)),
    orderSummary(q, r),
    rows<{ currency: string }>(q, sql`select currency from olympiads where id = ${olympiadId}`),
    rows<{ day: string; invoiced: number; paid: number }>(
      q,
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
    const owed = Number(o.owed);
    const paid = Number(o.paid_cents);
    const outstanding = Math.max(owed - paid, 0);
    totals.orders++;
    totals.learners += Number(o.learners);
    totals.freeLearners += Number(o.free_learners);
    totals.invoicedCents += owed;
    totals.paidCents += paid;
    totals.outstandingCents += outstanding;
    totals.overpaidCents += Math.max(paid - owed, 0);
    if (o.pre_approved) totals.preApprovedCents += outstanding;
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
    if (o.pre_approved) p.preApprovedCents += outstanding;
    provinces.set(o.province, p);
  }
  let cumulativeInvoicedCents = 0;
  let cumulativePaidCents = 0;
  const overTime = days.map((d) => {
    cumulativeInvoicedCents += Number(d.invoiced);
    cumulativePaidCents += Number(d.paid);
    return {
      day: String(d.day).slice(0, 10),
      invoicedCents: Number(d.invoiced),
      paidCents: Number(d.paid),
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

const rands = (cents: number) => cents / 100;
const moneyFormat = '#,##0.00';

async function sendXlsx(reply: FastifyReply, book: ExcelJS.Workbook, name: string) {
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(bytes);
}

function sheet(
  book: ExcelJS.Workbook,
  name: string,
  columns: { header: string; key: string; width: number; money?: boolean }[],
) {
  const ws = book.addWorksheet(name);
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.money ? { style: { numFmt: moneyFormat } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
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
    query: PaymentsDashboardQuery,
    handler: async ({ db, actor, query, reply }) => {
      const d = await dashboardOf(db, reach(actor, access.dashboard, query.olympiadId), query.olympiadId);
      const book = new ExcelJS.Workbook();
      const totals = sheet(book, 'Totals', [
        { header: 'Figure', key: 'k', width: 28 },
        { header: `Value (${d.currency})`, key: 'v', width: 18 },
      ]);
      totals.addRows([
        { k: 'Orders', v: d.totals.orders },
        { k: 'Learners', v: d.totals.learners },
        { k: 'Free learners', v: d.totals.freeLearners },
        { k: 'Invoiced', v: rands(d.totals.invoicedCents) },
        { k: 'Paid', v: rands(d.totals.paidCents) },
        { k: 'Outstanding', v: rands(d.totals.outstandingCents) },
        { k: 'Outstanding, pre-approved', v: rands(d.totals.preApprovedCents) },
        { k: 'Overpaid', v: rands(d.totals.overpaidCents) },
      ]);
      for (let r = 5; r <= 9; r++) totals.getCell(`B${r}`).numFmt = moneyFormat;
      const provinces = sheet(book, 'By province', [
        { header: 'Province', key: 'province', width: 22 },
        { header: 'Orders', key: 'orders', width: 10 },
        { header: 'Invoiced', key: 'invoiced', width: 16, money: true },
        { header: 'Paid', key: 'paid', width: 16, money: true },
        { header: 'Outstanding', key: 'outstanding', width: 16, money: true },
        { header: 'Pre-approved', key: 'pre', width: 16, money: true },
      ]);
      for (const p of d.byProvince)
        provinces.addRow({
          province: p.province,
          orders: p.orders,
          invoiced: rands(p.invoicedCents),
          paid: rands(p.paidCents),
          outstanding: rands(p.outstandingCents),
          pre: rands(p.preApprovedCents),
        });
      const days = sheet(book, 'By day', [
        { header: 'Day', key: 'day', width: 14 },
        { header: 'Invoiced', key: 'invoiced', width: 16, money: true },
        { header: 'Paid', key: 'paid', width: 16, money: true },
        { header: 'Invoiced to date', key: 'ci', width: 18, money: true },
        { header: 'Paid to date', key: 'cp', width: 18, money: true },
      ]);
      for (const t of d.overTime)
        days.addRow({
          day: t.day,
          invoiced: rands(t.invoicedCents),
          paid: rands(t.paidCents),
          ci: rands(t.cumulativeInvoicedCents),
          cp: rands(t.cumulativePaidCents),
        });
      return sendXlsx(reply, book, `payments-dashboard-${query.olympiadId}.xlsx`);
    },
  });

  route(app, {
    method: 'GET',
    url: '/purchase-order/api/export.xlsx',
    summary:
      'Every live purchase order of an olympiad as a spreadsheet: state, learners, free, invoiced, paid, balance, PO, reference',
    tags,
    access: access.dashboard,
    query: PaymentsDashboardQuery,
    handler: async ({ db, actor, query, reply }) => {
      const seen = reach(actor, access.dashboard, query.olympiadId);
      const { items } = await listOrders(
        db,
        seen,
        { fetchDeleted: false },
        { page: 1, pageSize: 100_000, order: 'asc' },
      );
      const book = new ExcelJS.Workbook();
      const ws = sheet(book, 'Purchase orders', [
        { header: 'School', key: 'school', width: 34 },
        { header: 'Town', key: 'town', width: 16 },
        { header: 'Province', key: 'province', width: 16 },
        { header: 'State', key: 'state', width: 12 },
        { header: 'Learners', key: 'learners', width: 10 },
        { header: 'Free learners', key: 'free', width: 12 },
        { header: 'Invoiced', key: 'invoiced', width: 14, money: true },
        { header: 'Paid', key: 'paid', width: 14, money: true },
        { header: 'Balance', key: 'balance', width: 14, money: true },
        { header: 'School’s PO', key: 'po', width: 18 },
        { header: 'Payment reference', key: 'ref', width: 18 },
        { header: 'Current invoice', key: 'invoice', width: 18 },
      ]);
      for (const o of items.map((row) => presentOrder(actor, row)))
        ws.addRow({
          school: o.schoolName,
          town: o.town ?? '',
          province: o.province ?? '',
          state: { paid: 'Paid', pre: 'Pre-approved', unpaid: 'Not paid', deleted: 'Removed' }[o.state],
          learners: o.learners,
          free: o.freeLearners,
          invoiced: rands(o.invoicedCents),
          paid: rands(o.paidCents),
          balance: rands(o.balanceCents),
          po: o.schoolsPO ?? '',
          ref: o.paymentReference ?? '',
          invoice: o.currentInvoice?.documentNumber ?? '',
        });
      return sendXlsx(reply, book, `purchase-orders-${query.olympiadId}.xlsx`);
    },
  });
}
