import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSaved, PaymentsDashboard, StatementReport } from '#contract/finance';
import { createOlympiad, createSchool, createUser, enterSchool } from '../../../seed/factories.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../../test/harness.js';

/**
 * Payments, bank statements, the paid rule, payment before writing and the dashboard (decision 032), on the real
 * server and database.
 */
let server: TestServer;
let demo: DemoIds;
let accountant: Client;
let waterkloof: { id: number; participantId: number; reference: string; total: number };
let rondebosch: { id: number; participantId: number; reference: string; total: number };
let otherOrder: number;

const paymentRows = 'select * from payments order by id';
const orderOf = async (schoolId: number, olympiadId: number) => {
  const [r] = await server.query<{ id: number; school_participant_id: number }>`
    select po.id, po.school_participant_id from purchase_orders po
    join school_participants sp on sp.id = po.school_participant_id
    where sp.olympiad_id = ${olympiadId} and sp.school_id = ${schoolId} and po.deleted_at is null`;
  return { id: r!.id, participantId: r!.school_participant_id };
};
const record =
  (purchaseOrderId: number, amountCents = 1000) =>
  (c: Client) =>
    c.post('/payment/api/', {
      body: { purchaseOrderId, amountCents, receivedOn: '2026-03-02', method: 'eft', reference: 'GEO test' },
    });
const statement = (csv: string, query: Record<string, string | number | boolean> = {}) =>
  accountant.upload(
    '/payment/api/statement',
    { bytes: csv, name: 'statement.csv' },
    {
      query: { olympiadId: demo.geoDemo, ...query },
    },
  );
const orderState = async (id: number) =>
  (
    await server.query<{
      paid: boolean;
      pre_approved: boolean;
    }>`select paid, pre_approved from purchase_orders where id = ${id}`
  )[0]!;

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  accountant = await server.as('accountant');
  for (const [schoolId, tag] of [
    [demo.school1, 'wk'],
    [demo.school2, 'rb'],
  ] as const)
    for (const n of [1, 2, 3])
      await createUser(server.db, { role: 'learner', username: `pay-${tag}${n}`, olympiadId: demo.geoDemo, schoolId });
  const issued = async (schoolId: number) => {
    const o = await orderOf(schoolId, demo.geoDemo);
    // Start from a clean slate: the demo marks neither paid nor pre-approved.
    await server.query`update purchase_orders set paid = false, pre_approved = false where id = ${o.id}`;
    const res = await accountant.post(`/invoice/api/issue/${o.id}`, { body: { mail: false } });
    expect(res.status).toBe(200);
    return {
      ...o,
      reference: res.body.invoice.paymentReference as string,
      total: res.body.invoice.totalCents as number,
    };
  };
  waterkloof = await issued(demo.school1);
  rondebosch = await issued(demo.school2);
  const olympiad = await createOlympiad(server.db, { varName: 'pay-other' });
  const school = await createSchool(server.db, { name: 'Other High' });
  await enterSchool(server.db, olympiad.id, school.id);
  otherOrder = (await orderOf(school.id, olympiad.id)).id;
});
afterAll(() => server?.close());

describe('POST /payment/api/', () => {
  it('401 without a token, 403 for admin, funding, a teacher and a learner', async () => {
    await unauthenticated(server, record(waterkloof.id));
    await forbiddenFor(server, ['admin', 'funding', 'teacher', 'learner1'], record(waterkloof.id));
  });

  it('404 for another olympiad’s order, nothing recorded', async () => {
    await notFoundUnchanged(server, paymentRows, accountant, record(otherOrder));
  });

  it('refuses a zero amount and a bad date in the one error shape', async () => {
    const res = await accountant.post('/payment/api/', {
      body: { purchaseOrderId: waterkloof.id, amountCents: 0, receivedOn: '2026-02-31', method: 'eft' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.amountCents',
      'body.receivedOn',
    ]);
  });

  it('a part payment leaves the order unpaid; the rest makes it paid', async () => {
    const part = await accountant.post('/payment/api/', {
      body: {
        purchaseOrderId: waterkloof.id,
        amountCents: 10000,
        receivedOn: '2026-03-02',
        method: 'eft',
        reference: 'deposit',
      },
      schema: PaymentSaved,
    });
    expect(part.status).toBe(201);
    expect(part.body.order).toMatchObject({ paid: false, paidCents: 10000, balanceCents: waterkloof.total - 10000 });
    const rest = await record(waterkloof.id, waterkloof.total - 10000)(accountant);
    expect(rest.body.order).toMatchObject({ paid: true, state: 'paid', balanceCents: 0 });
    expect(rest.body.message).toMatch(/the order is paid/);
    expect(await orderState(waterkloof.id)).toEqual({ paid: true, pre_approved: false });
    const audits = await server.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'payment.record'`;
    expect(Number(audits[0]!.n)).toBe(2);
  });
});

describe('DELETE /payment/api/{id}?reason', () => {
  it('reverses a payment: kept, marked, and the order is no longer paid', async () => {
    const [p] = await server.query<{
      id: number;
    }>`select id from payments where purchase_order_id = ${waterkloof.id} order by id desc limit 1`;
    await forbiddenFor(server, ['funding', 'teacher'], (c) =>
      c.delete(`/payment/api/${p!.id}`, { query: { reason: 'Bounced' } }),
    );
    const res = await accountant.delete(`/payment/api/${p!.id}`, { query: { reason: 'The EFT bounced' } });
    expect(res.status).toBe(200);
    expect(res.body.payment.reversedAt).not.toBeNull();
    expect(res.body.order.paid).toBe(false);
    const again = await accountant.delete(`/payment/api/${p!.id}`, { query: { reason: 'The EFT bounced' } });
    expect(again.status).toBe(409);
  });
});

describe('GET /payment/api/', () => {
  it('finance staff list the olympiad’s payments; a teacher only their school’s', async () => {
    const all = await (await server.as('funding')).get('/payment/api/', { query: { olympiadId: demo.geoDemo } });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    const teacher2 = await (await server.as('teacher2')).get('/payment/api/', { query: { olympiadId: demo.geoDemo } });
    expect(teacher2.body.total).toBe(0);
    await unauthenticated(server, (c) => c.get('/payment/api/', { query: { olympiadId: demo.geoDemo } }));
  });
});

describe('POST /payment/api/statement', () => {
  const fnb = () =>
    [
      'ACCOUNT TRANSACTION HISTORY',
      'Account,62849173520',
      '',
      'Date,Amount,Balance,Description',
      // Rondebosch pays in full with its reference (spaced and lower case, as people type it).
      `2026/03/10,${(rondebosch.total / 100).toFixed(2)},10000.00,${rondebosch.reference.slice(0, 3).toLowerCase()} ${rondebosch.reference.slice(3)} RBHS`,
      // Waterkloof pays the balance (its earlier payment was reversed): an overpayment of R 10.
      `2026/03/11,${((waterkloof.total - 10000 + 1000) / 100).toFixed(2)},20000.00,FNB OB PMT ${waterkloof.reference}`,
      // No reference at all.
      '2026/03/12,350.00,20350.00,CASH DEPOSIT MOKOENA',
      // Money out is ignored.
      '2026/03/12,-95.00,20255.00,MONTHLY FEE',
    ].join('\n');

  it('401, 403 for admin, funding and a teacher', async () => {
    const call = (c: Client) =>
      c.upload('/payment/api/statement', { bytes: fnb(), name: 's.csv' }, { query: { olympiadId: demo.geoDemo } });
    await unauthenticated(server, call);
    await forbiddenFor(server, ['admin', 'funding', 'teacher'], call);
  });

  it('the dry run reports matched, unmatched and ignored lines with balances, and saves nothing', async () => {
    const before = await server.query`select * from payments order by id`;
    const res = await statement(fnb());
    expect(res.status).toBe(200);
    const report = StatementReport.parse(res.body);
    expect(report.dryRun).toBe(true);
    expect(report.format).toBe('fnb');
    expect(report.totals).toMatchObject({ lines: 4, matched: 2, unmatched: 1, ignored: 1, duplicates: 0 });
    const [rb, wk, cash] = report.lines;
    expect(rb).toMatchObject({ outcome: 'matched', match: { purchaseOrderId: rondebosch.id, balanceAfterCents: 0 } });
    expect(wk).toMatchObject({
      outcome: 'matched',
      note: 'Overpaid',
      match: { purchaseOrderId: waterkloof.id, balanceAfterCents: -1000 },
    });
    expect(cash).toMatchObject({ outcome: 'unmatched', amountCents: 35000 });
    expect(await server.query`select * from payments order by id`).toEqual(before);
    expect(await server.query`select * from statement_lines`).toEqual([]);
  });

  it('the import saves payments for the matched lines, and the orders turn paid; a second import is all duplicates', async () => {
    const res = await statement(fnb(), { dryRun: false });
    expect(res.status).toBe(200);
    expect(res.body.importId).toEqual(expect.any(Number));
    expect(await orderState(rondebosch.id)).toEqual({ paid: true, pre_approved: false });
    expect(await orderState(waterkloof.id)).toEqual({ paid: true, pre_approved: false });
    const lines = await server.query<{ status: string }>`select status from statement_lines order by line_no`;
    expect(lines.map((l) => l.status)).toEqual(['matched', 'matched', 'unmatched']);
    // Each saved line is stored whole under the import (matched ones by the accountant, now), each matched one
    // with its payment by transfer pointing back at it.
    const stored = await server.query<Record<string, unknown>>`
      select sl.import_id, sl.line_no, sl.posted_on::text as posted_on, sl.amount_cents, sl.status,
        sl.purchase_order_id, sl.matched_by, sl.matched_at is not null as matched_now, p.purchase_order_id as paid_to,
        p.amount_cents as paid_cents, p.received_on::text as received_on, p.method, p.reference, p.note, p.created_by
      from statement_lines sl left join payments p on p.statement_line_id = sl.id order by sl.line_no`;
    const by = accountant.user!.id;
    const note = (n: number) => `Bank statement statement.csv, line ${n}`;
    expect(stored).toEqual([
      expect.objectContaining({
        line_no: 5,
        posted_on: '2026-03-10',
        amount_cents: rondebosch.total,
        status: 'matched',
        purchase_order_id: rondebosch.id,
        matched_by: by,
        matched_now: true,
        paid_to: rondebosch.id,
        paid_cents: rondebosch.total,
        received_on: '2026-03-10',
        method: 'eft',
        note: note(5),
        created_by: by,
      }),
      expect.objectContaining({
        line_no: 6,
        status: 'matched',
        purchase_order_id: waterkloof.id,
        matched_by: by,
        paid_to: waterkloof.id,
        paid_cents: waterkloof.total - 9000,
        reference: expect.stringContaining(waterkloof.reference),
        note: note(6),
      }),
      expect.objectContaining({
        line_no: 7,
        amount_cents: 35000,
        status: 'unmatched',
        purchase_order_id: null,
        matched_by: null,
        matched_now: false,
        paid_to: null,
      }),
    ]);
    expect(stored.every((l) => l.import_id === res.body.importId)).toBe(true);
    const again = await statement(fnb());
    expect(again.body.totals).toMatchObject({ matched: 0, unmatched: 0, duplicates: 3, ignored: 1 });
    const refused = await statement(fnb(), { dryRun: false });
    expect(refused.status).toBe(409);
  });

  it('reads a Capitec export (money in and money out columns)', async () => {
    const csv = [
      'Nr,Account,Posting Date,Transaction Date,Description,Original Description,Parent Category,Category,Money In,Money Out,Fee,Balance',
      `1,1234,14/03/2026,14/03/2026,Payment,${rondebosch.reference},Income,Other,"1 050,00",,,500.00`,
    ].join('\n');
    const res = await statement(csv);
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('capitec');
    expect(res.body.lines[0]).toMatchObject({ outcome: 'matched', amountCents: 105000, postedOn: '2026-03-14' });
  });

  it('a file without a date and amount header is refused plainly', async () => {
    const res = await statement('hello,world\n1,2');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/generic format/);
  });
});

describe('the unmatched statement lines', () => {
  it('are listed, matched by hand (a payment is recorded) or set aside', async () => {
    const list = await accountant.get('/payment/api/statement-lines', { query: { olympiadId: demo.geoDemo } });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const line = list.body.items[0];
    await forbiddenFor(server, ['funding', 'admin'], (c) =>
      c.put(`/payment/api/statement-lines/${line.id}/match`, { query: { purchaseOrderId: waterkloof.id } }),
    );
    const wrong = await accountant.put(`/payment/api/statement-lines/${line.id}/match`, {
      query: { purchaseOrderId: otherOrder },
    });
    expect(wrong.status).toBe(404);
    const res = await accountant.put(`/payment/api/statement-lines/${line.id}/match`, {
      query: { purchaseOrderId: waterkloof.id },
      schema: PaymentSaved,
    });
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({ amountCents: 35000, statementLine: { lineNo: 7 } });
    const twice = await accountant.put(`/payment/api/statement-lines/${line.id}/ignore`);
    expect(twice.status).toBe(409);
  });
});

describe('payment before writing', () => {
  it('a learner of a school neither paid nor pre-approved cannot start, and is told why; pre-approval lets them', async () => {
    const admin = await server.as('admin');
    const set = await admin.put(`/olympiad/v-rest/${demo.geoDemo}`, { body: { paymentRequired: true } });
    expect(set.status).toBe(200);
    expect(set.body.olympiad?.paymentRequired ?? set.body.paymentRequired).toBe(true);
    // Rondebosch's payment is reversed: unpaid.
    const [p] = await server.query<{ id: number }>`select id from payments where purchase_order_id = ${rondebosch.id}`;
    await accountant.delete(`/payment/api/${p!.id}`, { query: { reason: 'Test' } });
    const learner2 = await server.as('learner2');
    const state = await learner2.get('/api/sitting/geo-demo/state');
    expect(state.status).toBe(200);
    expect(state.body.window).toMatchObject({ open: false });
    expect(state.body.window.message).toMatch(/not paid/);
    const declaration = await learner2.post('/api/sitting/geo-demo/declaration', { body: { accept: true } });
    expect(declaration.status).toBe(403);
    expect(declaration.body.message).toMatch(/Ask your teacher|tell your teacher/i);
    const verify = await admin.get(`/olympiad/verify/${demo.geoDemo}`);
    expect(verify.body.payment.blockedSchools.map((s: { schoolId: number }) => s.schoolId)).toEqual([demo.school2]);
    const order = (await (await server.as('teacher2')).get(`/purchase-order/api/${rondebosch.id}`)).body.order;
    expect(order.writingBlocked).toBe(true);
    await accountant.put(`/purchase-order/rest/${rondebosch.id}`, {
      query: { status: 'pre', customerParticipantId: rondebosch.participantId },
    });
    expect((await learner2.get('/api/sitting/geo-demo/state')).body.window.open).toBe(true);
    await admin.put(`/olympiad/v-rest/${demo.geoDemo}`, { body: { paymentRequired: false } });
  });
});

describe('GET /payment/api/dashboard and the exports', () => {
  it('401, 403 for a teacher and a learner', async () => {
    const call = (c: Client) => c.get('/payment/api/dashboard', { query: { olympiadId: demo.geoDemo } });
    await unauthenticated(server, call);
    await forbiddenFor(server, ['teacher', 'learner1'], call);
  });

  it('totals what is invoiced, paid, outstanding and pre-approved, by province and day', async () => {
    const res = await (
      await server.as('admin')
    ).get('/payment/api/dashboard', {
      query: { olympiadId: demo.geoDemo },
      schema: PaymentsDashboard,
    });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.totals.invoicedCents).toBe(waterkloof.total + rondebosch.total);
    expect(d.totals.outstandingCents).toBe(rondebosch.total);
    expect(d.totals.preApprovedCents).toBe(rondebosch.total);
    expect(d.totals.overpaidCents).toBe(1000 + 35000);
    expect(d.byProvince.map((p) => p.province).sort()).toEqual(['Gauteng', 'Western Cape']);
    expect(d.overTime.at(-1)!.cumulativeInvoicedCents).toBe(d.totals.invoicedCents);
  });

  it('the dashboard and the orders download as xlsx', async () => {
    const token = (await server.as('funding')).token;
    for (const path of ['/payment/api/dashboard.xlsx', '/purchase-order/api/export.xlsx']) {
      const res = await fetch(`${server.url}${path}?olympiadId=${demo.geoDemo}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      if (path === '/payment/api/dashboard.xlsx') {
        // Each day a real date cell, its money numbers.
        const byDay = book.getWorksheet('By day')!;
        expect(byDay.rowCount).toBeGreaterThan(1);
        expect(byDay.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
        expect(byDay.getCell('A2').numFmt).toBe('yyyy-mm-dd');
        expect((byDay.getCell('A2').value as Date).toISOString()).toMatch(/T00:00:00\.000Z$/);
        expect(byDay.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
      } else {
        const orders = book.worksheets[0]!;
        expect(orders.getCell('E2').type).toBe(ExcelJS.ValueType.Number);
      }
    }
  });
});
