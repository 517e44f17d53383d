import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool } from '../../seed/factories.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * Money and mail happen once (decision 066), on the real server and database: parallel identical payments record one
 * row, an Idempotency-Key replays the first answer, a used key with another request is refused, a payment identical
 * to a recent one needs confirming, and an invoice is mailed on demand at most once in ten minutes.
 */
let server: TestServer;
let demo: DemoIds;
let accountant: Client;
let order: { id: number; invoiceId: number };
let otherOrder: number;

const paymentRows = 'select * from payments order by id';
const orderOf = async (schoolId: number, olympiadId: number) => {
  const [r] = await server.query<{ id: number }>`
    select po.id from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
    where sp.olympiad_id = ${olympiadId} and sp.school_id = ${schoolId} and po.deleted_at is null`;
  return r!.id;
};
const payments = async (reference: string) =>
  server.query<{ id: number; amount_cents: number }>`
    select id, amount_cents from payments where purchase_order_id = ${order.id} and reference = ${reference}`;
const pay = (body: Record<string, unknown>, key?: string) => (c: Client) =>
  c.post('/payment/api/', {
    body: { purchaseOrderId: order.id, receivedOn: '2026-03-02', method: 'eft', ...body },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  accountant = await server.as('accountant');
  for (const [schoolId, tag] of [
    [demo.school1, 'wk'],
    [demo.school2, 'rb'],
  ] as const)
    for (const n of [1, 2])
      await createUser(server.db, { role: 'learner', username: `once-${tag}${n}`, olympiadId: demo.geoDemo, schoolId });
  const id = await orderOf(demo.school1, demo.geoDemo);
  const issued = await accountant.post(`/invoice/api/issue/${id}`, { body: { mail: false } });
  expect(issued.status).toBe(200);
  order = { id, invoiceId: issued.body.invoice.id };
  const olympiad = await createOlympiad(server.db, { varName: 'once-other' });
  const school = await createSchool(server.db, { name: 'Once Other High' });
  await enterSchool(server.db, olympiad.id, school.id);
  otherOrder = await orderOf(school.id, olympiad.id);
});
afterAll(() => server?.close());

describe('POST /payment/api/ (duplicates and Idempotency-Key)', () => {
  it('401 without a token, 403 for roles that do not handle money, 404 for another olympiad’s order, with a key too', async () => {
    const call = pay({ amountCents: 100, reference: 'AUTH' }, randomUUID());
    await unauthenticated(server, call);
    await forbiddenFor(server, ['admin', 'funding', 'teacher', 'learner1'], call);
    await notFoundUnchanged(server, paymentRows, accountant, (c) =>
      c.post('/payment/api/', {
        body: { purchaseOrderId: otherOrder, amountCents: 100, receivedOn: '2026-03-02', method: 'eft' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(await server.query`select * from idempotency_keys`).toEqual([]);
  });

  it('40 identical payments at once record one row: one 201, 39 refused as duplicate_payment', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () => pay({ amountCents: 12_345, reference: 'RACE-1' })(accountant)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({
      success: false,
      code: 'duplicate_payment',
      message: expect.stringMatching(/recorded for this order .* ago.*only if the school really paid twice/s),
    });
    expect(refused.body.error).toBe(refused.body.message);
    expect(await payments('RACE-1')).toHaveLength(1);
  });

  it('40 at once with one Idempotency-Key: every answer is the first (status and body), one row', async () => {
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => pay({ amountCents: 22_222, reference: 'KEYED-1' }, key)(accountant)),
    );
    const first = results.find((r) => r.headers.get('idempotent-replayed') == null)!;
    expect(first.status).toBe(201);
    for (const r of results) {
      expect(r.status).toBe(201);
      expect(r.text).toBe(first.text);
    }
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(39);
    const rows = await payments('KEYED-1');
    expect(rows).toEqual([{ id: first.body.payment.id, amount_cents: 22_222 }]);
    const [kept] = await server.query<{ status: number; route: string }>`
      select status, route from idempotency_keys where key = ${key}`;
    expect(kept).toEqual({ status: 201, route: 'POST /payment/api/' });
  });

  it('a used key with a different body is refused with 422 idempotency_key_reused, nothing written', async () => {
    const key = randomUUID();
    expect((await pay({ amountCents: 5_000, reference: 'KEYED-2' }, key)(accountant)).status).toBe(201);
    const res = await expectRowsUnchanged(server, paymentRows, () =>
      pay({ amountCents: 5_001, reference: 'KEYED-2' }, key)(accountant),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'idempotency_key_reused' });
    expect(await payments('KEYED-2')).toHaveLength(1);
  });

  it('the key is the user’s own: the overlord’s same key is a new request (refused here as a duplicate)', async () => {
    const key = randomUUID();
    expect((await pay({ amountCents: 6_000, reference: 'KEYED-3' }, key)(accountant)).status).toBe(201);
    const overlord = await server.as('overlord');
    const res = await pay({ amountCents: 6_000, reference: 'KEYED-3' }, key)(overlord);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('duplicate_payment');
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a failed request is not remembered: the same key records once the cause is fixed', async () => {
    const key = randomUUID();
    expect((await pay({ amountCents: 7_000, reference: 'KEYED-4' })(accountant)).status).toBe(201);
    const refused = await pay({ amountCents: 7_000, reference: 'KEYED-4' }, key)(accountant);
    expect(refused.status).toBe(409);
    expect(await server.query`select * from idempotency_keys where key = ${key}`).toEqual([]);
    const confirmed = await pay({ amountCents: 7_000, reference: 'KEYED-4', confirmDuplicate: true }, key)(accountant);
    expect(confirmed.status).toBe(201);
  });

  it('a malformed key is refused with 400, nothing written', async () => {
    const res = await expectRowsUnchanged(server, paymentRows, () =>
      pay({ amountCents: 100, reference: 'BAD-KEY' }, 'x'.repeat(256))(accountant),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
  });

  it('the duplicate is refused with 409, then recorded when confirmed: two rows, the audit says so', async () => {
    const body = { amountCents: 31_000, reference: 'Twice paid' };
    expect((await pay(body)(accountant)).status).toBe(201);
    const again = await expectRowsUnchanged(server, paymentRows, () =>
      pay({ ...body, reference: ' twice PAID ' })(accountant),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/R\s?310[.,]00 received on 2026-03-02 with reference “twice PAID”/);
    const confirmed = await pay({ ...body, confirmDuplicate: true })(accountant);
    expect(confirmed.status).toBe(201);
    expect(await payments('Twice paid')).toHaveLength(2);
    const [audit] = await server.query<{ data: { confirmedDuplicate?: boolean } }>`
      select data from audit_log where action = 'payment.record' and entity_id = ${confirmed.body.payment.id}`;
    expect(audit!.data.confirmedDuplicate).toBe(true);
  });

  it('another amount, date or reference is not a duplicate; nor is a reversed payment', async () => {
    expect((await pay({ amountCents: 40_000, reference: 'DIFF' })(accountant)).status).toBe(201);
    expect((await pay({ amountCents: 40_001, reference: 'DIFF' })(accountant)).status).toBe(201);
    expect((await pay({ amountCents: 40_000, reference: 'DIFF', receivedOn: '2026-03-03' })(accountant)).status).toBe(
      201,
    );
    expect((await pay({ amountCents: 40_000, reference: 'DIFF-2' })(accountant)).status).toBe(201);
    const [first] = await payments('DIFF');
    expect((await accountant.delete(`/payment/api/${first!.id}`, { query: { reason: 'typed twice' } })).status).toBe(
      200,
    );
    expect((await pay({ amountCents: 40_000, reference: 'DIFF' })(accountant)).status).toBe(201);
  });
});

describe('POST /invoice/api/issue/{id} with an Idempotency-Key', () => {
  it('a repeat answers the first issue instead of 409 "up to date"; one invoice', async () => {
    const id = await orderOf(demo.school2, demo.geoDemo);
    const key = randomUUID();
    const issue = () =>
      accountant.post(`/invoice/api/issue/${id}`, { body: { mail: false }, headers: { 'idempotency-key': key } });
    const [a, b] = await Promise.all([issue(), issue()]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(await server.query`select id from invoices where purchase_order_id = ${id}`).toHaveLength(1);
    const plain = await accountant.post(`/invoice/api/issue/${id}`, { body: { mail: false } });
    expect(plain.status).toBe(409);
  });
});

describe('POST /invoice/api/{id}/mail (at most once in ten minutes)', () => {
  const mail = (id: number) => (c: Client) => c.post(`/invoice/api/${id}/mail`);
  const invoiceMails = async () => (await server.query`select id from emails where kind = 'invoice'`).length;

  it('401 without a token, 403 for finance readers and learners, 404 for another school’s, nothing queued', async () => {
    const before = await invoiceMails();
    await unauthenticated(server, mail(order.invoiceId));
    await forbiddenFor(server, ['funding', 'learner1'], mail(order.invoiceId));
    await notFoundUnchanged(
      server,
      'select id from emails order by id',
      await server.as('teacher2'),
      mail(order.invoiceId),
    );
    expect(await invoiceMails()).toBe(before);
    expect(await server.query`select key from throttles where key like 'mail-on-demand:%'`).toEqual([]);
  });

  it('20 at once by the teacher queue one mail; the others answer 429 with Retry-After', async () => {
    const teacher = await server.as('teacher');
    const before = await invoiceMails();
    const results = await Promise.all(Array.from({ length: 20 }, () => mail(order.invoiceId)(teacher)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.body).toMatchObject({ success: false, code: 'rate_limited' });
      expect(r.body.message).toMatch(/^Mailed less than 10 minutes ago: .+ can be mailed again in (9|10) minutes$/);
      const retry = Number(r.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(500);
      expect(retry).toBeLessThanOrEqual(600);
    }
    expect(await invoiceMails()).toBe(before + 1);
    // Another person asking is the same record: still refused, nothing queued.
    expect((await mail(order.invoiceId)(accountant)).status).toBe(429);
    expect(await invoiceMails()).toBe(before + 1);
  });

  it('ten minutes on, it may be mailed again', async () => {
    await server.query`update throttles set window_start = now() - interval '11 minutes'
      where key = ${`mail-on-demand:invoice:${order.invoiceId}`}`;
    const before = await invoiceMails();
    expect((await mail(order.invoiceId)(accountant)).status).toBe(200);
    expect(await invoiceMails()).toBe(before + 1);
  });
});

describe('The OpenAPI document', () => {
  it('documents the Idempotency-Key header on the routes that take it, and only there', async () => {
    const res = await server.anonymous().get('/api/docs/json');
    expect(res.status).toBe(200);
    const header = (path: string, method: string) =>
      (res.body.paths[path]?.[method]?.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
    // The document writes paths without the trailing slash the router ignores (server/http/document.ts).
    for (const [path, method] of [
      ['/payment/api', 'post'],
      ['/invoice/api/issue/{id}', 'post'],
      ['/invoice/api/issue-all', 'post'],
      ['/emailer/api/{id}/queue', 'post'],
      ['/payment/api/statement-lines/{id}/match', 'put'],
    ])
      expect(header(path!, method!), `${method} ${path}`).toMatchObject({ required: false });
    expect(header('/payment/api/{id}', 'delete')).toBeUndefined();
  });
});
