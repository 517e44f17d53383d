import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * Purchase orders (decision 020): the accountant's list and status change, the audience "teachers of schools
 * not yet paid" that follows from them, on the real server and database.
 */
let server: TestServer;
let demo: DemoIds;
const token: Record<string, string> = {};
let other: { olympiadId: number; orderId: number; participantId: number; adminToken: string };
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
const audits = (action: string, id: number) =>
  server.query<{ actor_id: number; data: Record<string, unknown> }>`
    select actor_id, data from audit_log where action = ${action} and entity_id = ${String(id)} order by id`;
const unpaidCount = async () =>
  (
    await server.api('POST', '/emailer/api/audience-count', {
      token: token.admin,
      body: { olympiadId: demo.geoDemo, audience: { kind: 'unpaid-teachers' } },
    })
  ).body.count as number;
const put = (id: number, query: string, who: string | null | undefined) =>
  server.api('PUT', `/purchase-order/rest/${id}?${query}`, { token: who });

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  for (const u of ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'learner1'])
    token[u] = (await server.signIn(u, u === 'learner1' ? { olympiadName: 'geo-demo' } : {})).accessToken.token;
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
  const admin = await createUser(server.db, { role: 'admin', username: 'fin-admin', password: 'olympus-demo' });
  await grant(server.db, admin.id, olympiad.id, 'admin');
  const entry = await enterSchool(server.db, olympiad.id, (await createSchool(server.db, { name: 'Other High' })).id);
  const [po] = await server.query<{ id: number }>`
    select id from purchase_orders where school_participant_id = ${entry.id}`;
  other = {
    olympiadId: olympiad.id,
    orderId: po!.id,
    participantId: entry.id,
    adminToken: (await server.signIn('fin-admin')).accessToken.token,
  };
});
afterAll(() => server?.close());

describe('GET /purchase-order/api/?olympiadId&fetchDeleted', () => {
  it('lists the olympiad’s orders with their state, learners, amount and counts by state', async () => {
    expect((await server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}`)).status).toBe(401);
    for (const who of ['teacher', 'learner1'])
      expect(
        (await server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}`, { token: token[who] })).status,
      ).toBe(403);
    for (const who of ['accountant', 'funding', 'admin', 'overlord']) {
      const res = await server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}`, { token: token[who] });
      expect(res.status, who).toBe(200);
      expect(res.body.total).toBe(2);
      expect(res.body.summary).toEqual({ paid: 1, pre: 1, unpaid: 0, deleted: 0 });
    }
    const res = await server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}&sort=schoolName`, {
      token: token.accountant,
    });
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
      can: { setStatus: true, delete: true },
    });
    expect(first.amountCents).toBe(first.learners * 3500);
    expect(second).toMatchObject({ id: order.rondebosch.id, state: 'pre', paid: false, preApproved: true });
    // Funding staff read the orders, and are told they may not change them.
    const funding = await server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}`, {
      token: token.funding,
    });
    expect(funding.body.items[0].can).toEqual({ setStatus: false, delete: false });
  });

  it('searches by school or PO number, filters by state, pages', async () => {
    const q = (s: string) =>
      server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}&${s}`, { token: token.accountant });
    expect((await q('search=RBHS%204471')).body.items.map((o: { id: number }) => o.id)).toEqual([order.rondebosch.id]);
    expect((await q('search=waterkloof')).body.total).toBe(1);
    expect((await q('state=pre')).body.items.map((o: { id: number }) => o.id)).toEqual([order.rondebosch.id]);
    const page = await q('pageSize=1&page=2&sort=schoolName&order=asc');
    expect(page.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.body.items[0].id).toBe(order.rondebosch.id);
    expect((await q('sort=nonsense')).status).toBe(400);
  });

  it('answers 404 for an olympiad the caller does not hold', async () => {
    const res = await server.api('GET', `/purchase-order/api/?olympiadId=${other.olympiadId}`, {
      token: token.accountant,
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect((await server.api('GET', '/purchase-order/api/', { token: token.accountant })).status).toBe(400);
  });
});

describe('PUT (or DELETE when status is delete) /purchase-order/rest/{id}?status&customerParticipantId', () => {
  it('lets the accountant mark an order paid, pre-approved or not paid, audited, and counts follow', async () => {
    const { id, participantId } = order.rondebosch;
    expect(await unpaidCount()).toBe(1); // pre-approved is not paid
    expect((await put(id, `status=paid&customerParticipantId=${participantId}`, null)).status).toBe(401);
    for (const who of ['teacher', 'funding']) {
      const res = await put(id, `status=paid&customerParticipantId=${participantId}`, token[who]);
      expect(res.status, who).toBe(403);
    }
    expect(await stored(id)).toMatchObject({ paid: false, pre_approved: true });

    const paid = await put(id, `status=paid&customerParticipantId=${participantId}`, token.accountant);
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

    const pre = await put(id, `status=pre&customerParticipantId=${participantId}`, token.admin);
    expect(pre.status).toBe(200);
    expect(await stored(id)).toMatchObject({ paid: false, pre_approved: true });
    expect(await unpaidCount()).toBe(1);

    const unpaid = await put(id, `status=unpaid&customerParticipantId=${participantId}`, token.accountant);
    expect(unpaid.body.order.state).toBe('unpaid');
    expect(await stored(id)).toMatchObject({ paid: false, pre_approved: false });
    expect(await unpaidCount()).toBe(1);
  });

  it('refuses a wrong participant, an unknown status and another olympiad’s order, leaving the row unchanged', async () => {
    const { id } = order.rondebosch;
    const before = await stored(id);
    const wrong = await put(
      id,
      `status=paid&customerParticipantId=${order.waterkloof.participantId}`,
      token.accountant,
    );
    expect(wrong.status).toBe(409);
    expect(wrong.body.details[0].path).toBe('query.customerParticipantId');
    const bad = await put(id, `status=gold&customerParticipantId=${order.rondebosch.participantId}`, token.accountant);
    expect(bad.status).toBe(400);
    expect(await stored(id)).toEqual(before);

    const elsewhere = await put(
      other.orderId,
      `status=paid&customerParticipantId=${other.participantId}`,
      token.accountant,
    );
    expect(elsewhere.status).toBe(404);
    expect((await stored(other.orderId)).paid).toBe(false);
    const theirs = await put(
      id,
      `status=paid&customerParticipantId=${order.rondebosch.participantId}`,
      other.adminToken,
    );
    expect(theirs.status).toBe(404);
    expect(await stored(id)).toEqual(before);
    expect((await put(999_999, 'status=paid&customerParticipantId=1', token.accountant)).status).toBe(404);
  });

  it('removes an order with DELETE (kept, listed with fetchDeleted), and a status change restores it', async () => {
    const { id, participantId } = order.rondebosch;
    const path = `/purchase-order/rest/${id}?status=delete&customerParticipantId=${participantId}`;
    expect((await server.api('DELETE', path, { token: token.funding })).status).toBe(403);
    const removed = await server.api('DELETE', path, { token: token.accountant });
    expect(removed.status).toBe(200);
    expect(removed.body.order).toMatchObject({ state: 'deleted', can: { setStatus: true, delete: false } });
    expect((await stored(id)).deleted_at).not.toBeNull();
    expect(await audits('purchase-order.delete', id)).toHaveLength(1);
    expect((await server.api('DELETE', path, { token: token.accountant })).status).toBe(409);

    const live = await server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}`, {
      token: token.accountant,
    });
    expect(live.body.items.map((o: { id: number }) => o.id)).toEqual([order.waterkloof.id]);
    expect(live.body.summary).toMatchObject({ deleted: 1 });
    const all = await server.api('GET', `/purchase-order/api/?olympiadId=${demo.geoDemo}&fetchDeleted=true`, {
      token: token.accountant,
    });
    expect(all.body.total).toBe(2);
    // A removed order is not paid: its school's teachers stay in the audience.
    expect(await unpaidCount()).toBe(1);

    const restored = await put(id, `status=pre&customerParticipantId=${participantId}`, token.accountant);
    expect(restored.status).toBe(200);
    expect(restored.body.order.state).toBe('pre');
    expect((await stored(id)).deleted_at).toBeNull();
    expect(await audits('purchase-order.restore', id)).toHaveLength(1);
  });
});

describe('one order per school participant', () => {
  it('opens an order when a school is entered in an olympiad', async () => {
    const school = await createSchool(server.db, { name: 'Newly Entered High' });
    const res = await server.api('POST', '/school-participant/v-rest/', {
      token: token.admin,
      body: { olympiadId: demo.geoDemo, schoolId: school.id },
    });
    expect(res.status).toBe(200);
    const orders = await server.query<{ paid: boolean; pre_approved: boolean }>`
      select paid, pre_approved from purchase_orders where school_participant_id = ${res.body.participant.id}`;
    expect(orders).toEqual([{ paid: false, pre_approved: false }]);
  });
});
