import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * Purchase orders (decision 020): the accountant's list and status change, the audience "teachers of schools
 * not yet paid" that follows from them, on the real server and database. One describe per endpoint: 401, 403
 * by role, 404 with rows unchanged, happy path asserting what is stored.
 */
let server: TestServer;
let demo: DemoIds;
let accountant: Client;
let admin: Client;
let other: { olympiadId: number; orderId: number; participantId: number; admin: Client };
const order: Record<'waterkloof' | 'rondebosch', { id: number; participantId: number }> = {} as never;

interface OrderRow {
  id: number;
  paid: boolean;
  pre_approved: boolean;
  deleted_at: Date | null;
  status_changed_by: number | null;
}
const stored = async (id: number) =>
  (
    await server.query<OrderRow>`select id, paid, pre_approved, deleted_at, status_changed_by
      from purchase_orders where id = ${id}`
  )[0]!;
const orderRows = 'select * from purchase_orders order by id';
const audits = (action: string, id: number) =>
  server.query<{ actor_id: number; data: Record<string, unknown> }>`
    select actor_id, data from audit_log where action = ${action} and entity_id = ${String(id)} order by id`;
const unpaidCount = async () =>
  (
    await admin.post('/emailer/api/audience-count', {
      body: { olympiadId: demo.geoDemo, audience: { kind: 'unpaid-teachers' } },
    })
  ).body.count as number;
const list = (client: Client, query: Record<string, string | number | boolean> = {}) =>
  client.get('/purchase-order/api/', { query: { olympiadId: demo.geoDemo, ...query } });
const setStatus = (client: Client, id: number, status: string, customerParticipantId: number) =>
  client.put(`/purchase-order/rest/${id}`, { query: { status, customerParticipantId } });

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  [accountant, admin] = await Promise.all([server.as('accountant'), server.as('admin')]);
  const rows = await server.query<{ id: number; school_participant_id: number; school_id: number }>`
    select po.id, po.school_participant_id, sp.school_id from purchase_orders po
    join school_participants sp on sp.id = po.school_participant_id where sp.olympiad_id = ${demo.geoDemo}`;
  const of = (schoolId: number) => {
    const r = rows.find((x) => x.school_id === schoolId)!;
    return { id: r.id, participantId: r.school_participant_id };
  };
  order.waterkloof = of(demo.school1);
  order.rondebosch = of(demo.school2);

  // Another olympiad with its own admin and an entered school: its orders are out of geo-demo staff's reach.
  const olympiad = await createOlympiad(server.db, { varName: 'fin-other' });
  const otherAdmin = await createUser(server.db, { role: 'admin', username: 'fin-admin', password: 'olympus-demo' });
  await grant(server.db, otherAdmin.id, olympiad.id, 'admin');
  const entry = await enterSchool(server.db, olympiad.id, (await createSchool(server.db, { name: 'Other High' })).id);
  const [po] = await server.query<{ id: number }>`
    select id from purchase_orders where school_participant_id = ${entry.id}`;
  other = {
    olympiadId: olympiad.id,
    orderId: po!.id,
    participantId: entry.id,
    admin: await server.as('fin-admin', { password: 'olympus-demo' }),
  };
});
afterAll(() => server?.close());

describe('GET /purchase-order/api/?olympiadId&fetchDeleted', () => {
  it('401 without a token, 403 for a learner', async () => {
    await unauthenticated(server, (c) => list(c));
    await forbiddenFor(server, ['learner1'], (c) => list(c));
  });

  it('a teacher sees only their own school’s order, without the finance staff’s comments', async () => {
    const res = await list(await server.as('teacher'));
    expect(res.status).toBe(200);
    expect(res.body.items.map((o: { id: number }) => o.id)).toEqual([order.waterkloof.id]);
    expect(res.body.items[0].comments).toBeNull();
    expect(res.body.items[0].can).toMatchObject({ setStatus: false, setSchoolPO: true, comment: false });
  });

  it('answers 404 for an olympiad the caller does not hold', async () => {
    const res = await accountant.get('/purchase-order/api/', { query: { olympiadId: other.olympiadId } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect((await accountant.get('/purchase-order/api/')).status).toBe(400);
  });

  it('lists the olympiad’s orders with their state, learners, amount and counts by state', async () => {
    for (const who of ['accountant', 'funding', 'admin', 'overlord'] as const) {
      const res = await list(await server.as(who));
      expect(res.status, who).toBe(200);
      expect(res.body.total).toBe(2);
      expect(res.body.summary).toEqual({ paid: 1, pre: 1, unpaid: 0, deleted: 0 });
    }
    const res = await list(accountant, { sort: 'schoolName' });
    const [first, second] = res.body.items;
    expect(first).toMatchObject({
      id: order.waterkloof.id,
      schoolParticipantId: order.waterkloof.participantId,
      schoolName: 'Hoërskool Waterkloof',
      paid: true,
      preApproved: false,
      state: 'paid',
      schoolsPO: 'WK-PO-2026-014',
      currency: 'ZAR',
      can: { setStatus: true, delete: true, recordPayment: true },
    });
    expect(first.amountCents).toBe(first.learners * 3500);
    expect(second).toMatchObject({ id: order.rondebosch.id, state: 'pre', paid: false, preApproved: true });
    // Funding staff read the orders, and are told they may not change them.
    const funding = await list(await server.as('funding'));
    expect(funding.body.items[0].can).toMatchObject({ setStatus: false, delete: false, recordPayment: false });
  });

  it('searches by school or PO number, filters by state, pages', async () => {
    const q = (query: Record<string, string | number>) => list(accountant, query);
    expect((await q({ search: 'RBHS 4471' })).body.items.map((o: { id: number }) => o.id)).toEqual([
      order.rondebosch.id,
    ]);
    expect((await q({ search: 'waterkloof' })).body.total).toBe(1);
    expect((await q({ state: 'pre' })).body.items.map((o: { id: number }) => o.id)).toEqual([order.rondebosch.id]);
    const page = await q({ pageSize: 1, page: 2, sort: 'schoolName', order: 'asc' });
    expect(page.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.body.items[0].id).toBe(order.rondebosch.id);
    expect((await q({ sort: 'nonsense' })).status).toBe(400);
  });
});

describe('PUT (or DELETE when status is delete) /purchase-order/rest/{id}?status&customerParticipantId', () => {
  it('401 without a token, 403 for a teacher and funding staff, the row unchanged', async () => {
    const { id, participantId } = order.rondebosch;
    const paid = (c: Client) => setStatus(c, id, 'paid', participantId);
    await expectRowsUnchanged(server, orderRows, async () => {
      await unauthenticated(server, paid);
      await forbiddenFor(server, ['teacher', 'funding'], paid);
    });
    expect(await stored(id)).toMatchObject({ paid: false, pre_approved: true });
  });

  it('404 for another olympiad’s order (and for one that does not exist), rows unchanged', async () => {
    const { id, participantId } = order.rondebosch;
    await notFoundUnchanged(server, orderRows, accountant, (c) =>
      setStatus(c, other.orderId, 'paid', other.participantId),
    );
    expect((await stored(other.orderId)).paid).toBe(false);
    await notFoundUnchanged(server, orderRows, other.admin, (c) => setStatus(c, id, 'paid', participantId));
    await notFoundUnchanged(server, orderRows, accountant, (c) => setStatus(c, 999_999, 'paid', 1));
  });

  it('lets the accountant mark an order paid, pre-approved or not paid, audited, and counts follow', async () => {
    const { id, participantId } = order.rondebosch;
    expect(await unpaidCount()).toBe(1); // pre-approved is not paid

    const paid = await setStatus(accountant, id, 'paid', participantId);
    expect(paid.status).toBe(200);
    expect(paid.body.order).toMatchObject({ state: 'paid', paid: true, preApproved: false });
    expect(paid.body.order.statusChangedBy).toBe('Sipho Nkosi');
    expect(await stored(id)).toMatchObject({
      paid: true,
      pre_approved: false,
      status_changed_by: demo.users.accountant,
    });
    expect(await audits('purchase-order.status', id)).toEqual([
      { actor_id: demo.users.accountant, data: { schoolParticipantId: participantId, from: 'pre', to: 'paid' } },
    ]);
    expect(await unpaidCount()).toBe(0);

    const pre = await setStatus(admin, id, 'pre', participantId);
    expect(pre.status).toBe(200);
    expect(await stored(id)).toMatchObject({ paid: false, pre_approved: true });
    expect(await unpaidCount()).toBe(1);

    const unpaid = await setStatus(accountant, id, 'unpaid', participantId);
    expect(unpaid.body.order.state).toBe('unpaid');
    expect(await stored(id)).toMatchObject({ paid: false, pre_approved: false });
    expect(await unpaidCount()).toBe(1);
  });

  it('refuses a wrong participant and an unknown status, leaving the row unchanged', async () => {
    const { id } = order.rondebosch;
    const before = await stored(id);
    const wrong = await setStatus(accountant, id, 'paid', order.waterkloof.participantId);
    expect(wrong.status).toBe(409);
    expect(wrong.body.details[0].path).toBe('query.customerParticipantId');
    const bad = await setStatus(accountant, id, 'gold', order.rondebosch.participantId);
    expect(bad.status).toBe(400);
    expect(await stored(id)).toEqual(before);
  });

  it('removes an order with DELETE (kept, listed with fetchDeleted), and a status change restores it', async () => {
    const { id, participantId } = order.rondebosch;
    const remove = (c: Client) =>
      c.delete(`/purchase-order/rest/${id}`, { query: { status: 'delete', customerParticipantId: participantId } });
    await expectRowsUnchanged(server, orderRows, () => forbiddenFor(server, ['funding'], remove));
    const removed = await remove(accountant);
    expect(removed.status).toBe(200);
    expect(removed.body.order).toMatchObject({ state: 'deleted', can: { setStatus: true, delete: false } });
    expect((await stored(id)).deleted_at).not.toBeNull();
    expect(await audits('purchase-order.delete', id)).toHaveLength(1);
    expect((await remove(accountant)).status).toBe(409);

    const live = await list(accountant);
    expect(live.body.items.map((o: { id: number }) => o.id)).toEqual([order.waterkloof.id]);
    expect(live.body.summary).toMatchObject({ deleted: 1 });
    const all = await list(accountant, { fetchDeleted: true });
    expect(all.body.total).toBe(2);
    // A removed order is not paid: its school's teachers stay in the audience.
    expect(await unpaidCount()).toBe(1);

    const restored = await setStatus(accountant, id, 'pre', participantId);
    expect(restored.status).toBe(200);
    expect(restored.body.order.state).toBe('pre');
    expect((await stored(id)).deleted_at).toBeNull();
    expect(await audits('purchase-order.restore', id)).toHaveLength(1);
  });
});

describe('one order per school participant', () => {
  it('opens an order when a school is entered in an olympiad', async () => {
    const school = await createSchool(server.db, { name: 'Newly Entered High' });
    const res = await admin.post('/school-participant/v-rest/', {
      body: { olympiadId: demo.geoDemo, schoolId: school.id },
    });
    expect(res.status).toBe(200);
    const orders = await server.query<{ paid: boolean; pre_approved: boolean }>`
      select paid, pre_approved from purchase_orders where school_participant_id = ${res.body.participant.id}`;
    expect(orders).toEqual([{ paid: false, pre_approved: false }]);
  });
});
