import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSaved, PurchaseOrder, settlementOf } from '#contract/finance';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../../test/harness.js';

/**
 * A school may pay before its invoice is issued (matched from a bank statement, or entered by finance): the order
 * owes its quote until then, and the payment counts for the order's state, its balance and the payment gate, on
 * the real server and database.
 */
let server: TestServer;
let demo: DemoIds;
let accountant: Client;
let admin: Client;
let order: { id: number; participantId: number };

const pay = (amountCents: number) =>
  accountant.post('/payment/api/', {
    body: { purchaseOrderId: order.id, amountCents, receivedOn: '2026-03-02', method: 'eft', reference: 'early' },
    schema: PaymentSaved,
  });

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  accountant = await server.as('accountant');
  admin = await server.as('admin');
  const [r] = await server.query<{ id: number; school_participant_id: number }>`
    select po.id, po.school_participant_id from purchase_orders po
    join school_participants sp on sp.id = po.school_participant_id
    where sp.olympiad_id = ${demo.geoDemo} and sp.school_id = ${demo.school2} and po.deleted_at is null`;
  order = { id: r!.id, participantId: r!.school_participant_id };
  await server.query`update purchase_orders set paid = false, pre_approved = false where id = ${order.id}`;
  const set = await admin.put(`/olympiad/v-rest/${demo.geoDemo}`, { body: { paymentRequired: true } });
  expect(set.status).toBe(200);
});
afterAll(() => server?.close());

describe('a payment recorded before any invoice', () => {
  it('counts for the order: paid once it covers the quote, and its learners pass the payment gate', async () => {
    const invoices = await server.query<{ n: number }>`
      select count(*)::int as n from invoices where purchase_order_id = ${order.id}`;
    expect(Number(invoices[0]!.n)).toBe(0);
    const learner2 = await server.as('learner2');
    expect((await learner2.get('/api/sitting/geo-demo/state')).body.window.open).toBe(false);
    const before = PurchaseOrder.parse((await accountant.get(`/purchase-order/api/${order.id}`)).body.order);
    const total = before.quote.totalCents;
    expect(total).toBeGreaterThan(0);
    expect(before.balanceCents).toBe(total);

    const part = await pay(total - 100);
    expect(part.status).toBe(201);
    expect(part.body.order).toMatchObject({ paid: false, state: 'unpaid', balanceCents: 100, writingBlocked: true });

    const rest = await pay(100);
    expect(rest.status).toBe(201);
    expect(rest.body.message).toMatch(/the order is paid/);
    expect(rest.body.order).toMatchObject({
      paid: true,
      state: 'paid',
      currentInvoice: null,
      paidCents: total,
      balanceCents: 0,
      writingBlocked: false,
    });
    expect(settlementOf(rest.body.order)).toEqual({ outstandingCents: 0, markedPaidCents: 0, dueCents: 0 });
    const [stored] = await server.query<{ paid: boolean; status_changed_by: number | null }>`
      select paid, status_changed_by from purchase_orders where id = ${order.id}`;
    expect(stored).toEqual({ paid: true, status_changed_by: null });

    // The gate, in each place that asks it: the sitting, the olympiad check, the teacher's order.
    expect((await learner2.get('/api/sitting/geo-demo/state')).body.window.open).toBe(true);
    const declaration = await learner2.post('/api/sitting/geo-demo/declaration', { body: { accept: true } });
    expect(declaration.status).not.toBe(403);
    const verify = await admin.get(`/olympiad/verify/${demo.geoDemo}`);
    expect(verify.body.payment.blockedSchools.map((s: { schoolId: number }) => s.schoolId)).not.toContain(demo.school2);
    const teacher = (await (await server.as('teacher2')).get(`/purchase-order/api/${order.id}`)).body.order;
    expect(teacher).toMatchObject({ state: 'paid', writingBlocked: false, balanceCents: 0 });
  });

  it('a reversal before any invoice makes the order unpaid again', async () => {
    const [p] = await server.query<{ id: number }>`
      select id from payments where purchase_order_id = ${order.id} and reversed_at is null order by id desc limit 1`;
    const res = await accountant.delete(`/payment/api/${p!.id}`, { query: { reason: 'The EFT bounced' } });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ paid: false, state: 'unpaid', balanceCents: 100, writingBlocked: true });
  });

  it('an invoice issued after the school paid finds the order paid', async () => {
    expect((await pay(100)).body.order).toMatchObject({ paid: true, state: 'paid' });
    const issued = await accountant.post(`/invoice/api/issue/${order.id}`, { body: { mail: false } });
    expect(issued.status).toBe(200);
    const after = (await accountant.get(`/purchase-order/api/${order.id}`)).body.order;
    expect(after).toMatchObject({ paid: true, state: 'paid', balanceCents: 0, writingBlocked: false });
  });
});
