import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PurchaseOrderSaved } from '#contract/finance';
import { createOlympiad, createSchool, enterSchool } from '../../seed/factories.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The purchase-order calls of docs/spec.md §7 beyond the list and the status change (finance.test.ts): one
 * order, the school's PO number, free learners with a comment, comments, opening and removing an order.
 */
let server: TestServer;
let demo: DemoIds;
let accountant: Client;
let teacher: Client;
let waterkloof: { id: number; participantId: number };
let rondebosch: { id: number; participantId: number };
let other: { orderId: number; participantId: number };

const orderRows = 'select * from purchase_orders order by id';
const orderOf = async (schoolId: number, olympiadId: number) => {
  const [r] = await server.query<{ id: number; school_participant_id: number }>`
    select po.id, po.school_participant_id from purchase_orders po
    join school_participants sp on sp.id = po.school_participant_id
    where sp.olympiad_id = ${olympiadId} and sp.school_id = ${schoolId} and po.deleted_at is null`;
  return { id: r!.id, participantId: r!.school_participant_id };
};
const stored = async (id: number) =>
  (
    await server.query<{
      schools_po: string | null;
      free_learners: number;
      comments: { by: string; text: string }[];
      deleted_at: Date | null;
    }>`
      select schools_po, free_learners, comments, deleted_at from purchase_orders where id = ${id}`
  )[0]!;
const audited = async (action: string, id: number) =>
  server.query<{
    data: Record<string, unknown>;
  }>`select data from audit_log where action = ${action} and entity_id = ${String(id)}`;

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  [accountant, teacher] = await Promise.all([server.as('accountant'), server.as('teacher')]);
  waterkloof = await orderOf(demo.school1, demo.geoDemo);
  rondebosch = await orderOf(demo.school2, demo.geoDemo);
  const olympiad = await createOlympiad(server.db, { varName: 'orders-other' });
  const school = await createSchool(server.db, { name: 'Other High' });
  await enterSchool(server.db, olympiad.id, school.id);
  const theirs = await orderOf(school.id, olympiad.id);
  other = { orderId: theirs.id, participantId: theirs.participantId };
});
afterAll(() => server?.close());

describe('GET /purchase-order/api/{id}', () => {
  it('401 without a token, 403 for a learner', async () => {
    await unauthenticated(server, (c) => c.get(`/purchase-order/api/${waterkloof.id}`));
    await forbiddenFor(server, ['learner1'], (c) => c.get(`/purchase-order/api/${waterkloof.id}`));
  });

  it('404 for another school’s order (teacher) and another olympiad’s (accountant)', async () => {
    expect((await teacher.get(`/purchase-order/api/${rondebosch.id}`)).status).toBe(404);
    expect((await accountant.get(`/purchase-order/api/${other.orderId}`)).status).toBe(404);
  });

  it('answers the order with its quote; finance staff see comments, a teacher does not', async () => {
    const mine = await teacher.get(`/purchase-order/api/${waterkloof.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.order).toMatchObject({
      id: waterkloof.id,
      comments: null,
      currentInvoice: null,
      invoiceOutOfDate: false,
    });
    expect(mine.body.order.quote.totalCents).toBe(mine.body.order.quote.subtotalCents + mine.body.order.quote.vatCents);
    const theirs = await (await server.as('funding')).get(`/purchase-order/api/${waterkloof.id}`);
    expect(Array.isArray(theirs.body.order.comments)).toBe(true);
  });
});

describe('PUT /purchase-order/api/set-school-po/{id}?schoolsPO', () => {
  const setPo =
    (id: number, schoolsPO = 'WK-2026-77') =>
    (c: Client) =>
      c.put(`/purchase-order/api/set-school-po/${id}`, { query: { schoolsPO } });

  it('401, 403 for funding staff and a learner', async () => {
    await unauthenticated(server, setPo(waterkloof.id));
    await forbiddenFor(server, ['funding', 'learner1'], setPo(waterkloof.id));
  });

  it('404 for another school’s order, the rows unchanged', async () => {
    await notFoundUnchanged(server, orderRows, teacher, setPo(rondebosch.id));
    await notFoundUnchanged(server, orderRows, accountant, setPo(other.orderId));
  });

  it('refuses markup and an over-long number in the one error shape', async () => {
    const res = await setPo(waterkloof.id, '<b>x</b>')(teacher);
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('query.schoolsPO');
    expect((await setPo(waterkloof.id, 'x'.repeat(61))(teacher)).status).toBe(400);
  });

  it('the teacher sets their school’s number; it is stored and audited', async () => {
    const res = await teacher.put(`/purchase-order/api/set-school-po/${waterkloof.id}`, {
      query: { schoolsPO: ' WK-2026-77 ' },
      schema: PurchaseOrderSaved,
    });
    expect(res.status).toBe(200);
    expect(res.body.order.schoolsPO).toBe('WK-2026-77');
    expect((await stored(waterkloof.id)).schools_po).toBe('WK-2026-77');
    const [audit] = await audited('purchase-order.school-po', waterkloof.id);
    expect(audit!.data).toMatchObject({ to: 'WK-2026-77' });
  });
});

describe('PUT /purchase-order/api/set-num-learners-discount/{id}?freeLearners&comment', () => {
  const grant =
    (id: number, freeLearners: number | string = 10, comment = 'Rural schools bursary') =>
    (c: Client) =>
      c.put(`/purchase-order/api/set-num-learners-discount/${id}`, { query: { freeLearners, comment } });

  it('401, 403 for a teacher and a learner', async () => {
    await unauthenticated(server, grant(waterkloof.id));
    await forbiddenFor(server, ['teacher', 'learner1'], grant(waterkloof.id));
  });

  it('404 for another olympiad’s order, the rows unchanged', async () => {
    await notFoundUnchanged(server, orderRows, await server.as('funding'), grant(other.orderId));
  });

  it('refuses a negative number and a missing comment', async () => {
    const funding = await server.as('funding');
    expect((await grant(waterkloof.id, -1)(funding)).status).toBe(400);
    expect((await grant(waterkloof.id, 2, '')(funding)).status).toBe(400);
    expect((await grant(waterkloof.id, 'ten')(funding)).status).toBe(400);
  });

  it('the funding partner grants free learners; the comment is kept with its author', async () => {
    const res = await grant(waterkloof.id, 10)(await server.as('funding'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Hoërskool Waterkloof: 10 free learners');
    const row = await stored(waterkloof.id);
    expect(row.free_learners).toBe(10);
    expect(row.comments.at(-1)).toMatchObject({
      by: 'Fatima Patel',
      text: 'Free learners 0 → 10: Rural schools bursary',
    });
  });
});

describe('POST /purchase-order/api/comment/{id}', () => {
  const comment = (id: number) => (c: Client) =>
    c.post(`/purchase-order/api/comment/${id}`, { body: { comment: 'Called the bursar' } });

  it('401, 403 for a teacher and a learner; 404 for another olympiad’s order', async () => {
    await unauthenticated(server, comment(waterkloof.id));
    await forbiddenFor(server, ['teacher', 'learner1'], comment(waterkloof.id));
    await notFoundUnchanged(server, orderRows, accountant, comment(other.orderId));
  });

  it('adds the comment with its author and time', async () => {
    const res = await comment(waterkloof.id)(accountant);
    expect(res.status).toBe(200);
    expect((await stored(waterkloof.id)).comments.at(-1)).toMatchObject({
      by: 'Sipho Nkosi',
      text: 'Called the bursar',
    });
  });
});

describe('DELETE /purchase-order/api/{id}?schoolParticipantId and POST /purchase-order/api/', () => {
  const remove = (id: number, schoolParticipantId: number) => (c: Client) =>
    c.delete(`/purchase-order/api/${id}`, { query: { schoolParticipantId } });
  const open = (schoolParticipantId: number) => (c: Client) =>
    c.post('/purchase-order/api/', { query: { schoolParticipantId, schoolsPO: 'RB-1', comment: 'Reopened' } });

  it('401, 403 for funding staff, a teacher and a learner', async () => {
    await unauthenticated(server, remove(rondebosch.id, rondebosch.participantId));
    await forbiddenFor(server, ['funding', 'teacher', 'learner1'], remove(rondebosch.id, rondebosch.participantId));
    await unauthenticated(server, open(rondebosch.participantId));
    await forbiddenFor(server, ['funding', 'teacher', 'learner1'], open(rondebosch.participantId));
  });

  it('404 for another olympiad’s order and participant, the rows unchanged', async () => {
    await notFoundUnchanged(server, orderRows, accountant, remove(other.orderId, other.participantId));
    await notFoundUnchanged(server, orderRows, accountant, open(other.participantId));
  });

  it('409 when the participant named is not the order’s', async () => {
    const res = await remove(rondebosch.id, waterkloof.participantId)(accountant);
    expect(res.status).toBe(409);
  });

  it('removes the order (kept, marked); a new one can then be opened, and only one', async () => {
    const removed = await remove(rondebosch.id, rondebosch.participantId)(accountant);
    expect(removed.status).toBe(200);
    expect((await stored(rondebosch.id)).deleted_at).not.toBeNull();
    const opened = await open(rondebosch.participantId)(accountant);
    expect(opened.status).toBe(201);
    expect(opened.body.order).toMatchObject({ schoolsPO: 'RB-1', state: 'unpaid' });
    expect((await stored(opened.body.order.id)).comments[0]).toMatchObject({ text: 'Reopened' });
    const twice = await open(rondebosch.participantId)(accountant);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/has a purchase order already/);
  });
});
