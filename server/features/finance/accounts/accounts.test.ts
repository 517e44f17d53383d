import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountList, AccountSaved } from '#contract/finance';
import { createAccount, createOlympiad, createUser, grant } from '../../../seed/factories.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../../test/harness.js';

/** Invoicing accounts (docs/spec.md §7 `GET /account/v-rest/?olympiadId`; decision 031). */
let server: TestServer;
let demo: DemoIds;
let overlord: Client;
let demoAccount: number;
let igeoAccount: number;
let otherAccount: number;
let otherOlympiad: number;

const accountRows = 'select * from accounts order by id';
const input = (over: Record<string, unknown> = {}) => ({
  name: 'History Olympiad Trust',
  legalName: 'SA History Olympiad NPC',
  registrationNumber: '2016/000111/08',
  vatNumber: '',
  vatRateBp: 1500,
  address: '3 Library Lane, Cape Town, 8001',
  email: 'money@history.example.org',
  phone: '',
  bankName: 'Standard Bank',
  bankAccountName: 'SA History Olympiad NPC',
  bankAccountNumber: '07 123 456 7',
  bankBranchCode: '051001',
  bankSwift: '',
  invoicePrefix: 'his',
  referenceRule: '{prefix}{order}',
  paymentTermsDays: 14,
  footer: 'Thank you.',
  olympiadIds: [],
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  overlord = await server.as('overlord');
  demoAccount = (
    await server.query<{ account_id: number }>`select account_id from olympiads where id = ${demo.geoDemo}`
  )[0]!.account_id;
  igeoAccount = (
    await server.query<{ account_id: number }>`select account_id from olympiads where var_name = 'igeo-demo'`
  )[0]!.account_id;
  otherOlympiad = (await createOlympiad(server.db, { varName: 'acc-other' })).id;
  otherAccount = (await createAccount(server.db)).id;
  await server.query`update olympiads set account_id = ${otherAccount} where id = ${otherOlympiad}`;
  const otherAdmin = await createUser(server.db, { role: 'admin', username: 'acc-admin', password: 'olympus-demo' });
  await grant(server.db, otherAdmin.id, otherOlympiad, 'admin');
});
afterAll(() => server?.close());

describe('GET /account/v-rest/?olympiadId', () => {
  it('401 without a token, 403 for a teacher and a learner', async () => {
    await unauthenticated(server, (c) => c.get('/account/v-rest/'));
    await forbiddenFor(server, ['teacher', 'learner1'], (c) => c.get('/account/v-rest/'));
  });

  it('the overlord sees every account; an olympiad’s accountant only its own', async () => {
    const all = await overlord.get('/account/v-rest/', { schema: AccountList });
    // The demo's two (geo-demo's and igeo-demo's, decision 039) and the one made here.
    expect(all.body.items.map((a) => a.id).sort()).toEqual([demoAccount, igeoAccount, otherAccount].sort());
    const mine = await (
      await server.as('accountant')
    ).get('/account/v-rest/', { query: { olympiadId: demo.geoDemo }, schema: AccountList });
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({
      id: demoAccount,
      invoicePrefix: 'GEO',
      can: { update: false, delete: false },
    });
    const unscoped = await (await server.as('accountant')).get('/account/v-rest/', { schema: AccountList });
    expect(unscoped.body.items.map((a) => a.id)).toEqual([demoAccount]);
    expect(
      (await (await server.as('accountant')).get('/account/v-rest/', { query: { olympiadId: otherOlympiad } })).status,
    ).toBe(404);
    expect((await (await server.as('accountant')).get(`/account/v-rest/${otherAccount}`)).status).toBe(404);
  });
});

describe('POST /account/v-rest/', () => {
  it('401, 403 for every role but the overlord', async () => {
    const call = (c: Client) => c.post('/account/v-rest/', { body: input() });
    await unauthenticated(server, call);
    await forbiddenFor(server, ['admin', 'accountant', 'funding', 'teacher', 'learner1'], call);
  });

  it('refuses bad bank details and a reference rule without {order}, nothing stored', async () => {
    await expectRowsUnchanged(server, accountRows, async () => {
      const res = await overlord.post('/account/v-rest/', {
        body: input({ bankBranchCode: 'abc', referenceRule: '{prefix}', vatRateBp: 20000 }),
      });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
        'body.bankBranchCode',
        'body.referenceRule',
        'body.vatRateBp',
      ]);
      expect((await overlord.post('/account/v-rest/', { body: input({ olympiadIds: [999999] }) })).status).toBe(400);
    });
  });

  it('creates the account and moves the olympiads named onto it; a prefix is taken once', async () => {
    const history = (await server.query<{ id: number }>`select id from olympiads where var_name like 'history-%'`)[0]!
      .id;
    const res = await overlord.post('/account/v-rest/', {
      body: input({ olympiadIds: [history] }),
      schema: AccountSaved,
    });
    expect(res.status).toBe(201);
    expect(res.body.account).toMatchObject({ invoicePrefix: 'HIS', vatNumber: null, olympiads: [{ id: history }] });
    expect(
      (await server.query<{ account_id: number }>`select account_id from olympiads where id = ${history}`)[0]!
        .account_id,
    ).toBe(res.body.account.id);
    const [audit] =
      await server.query`select 1 from audit_log where action = 'account.create' and entity_id = ${String(res.body.account.id)}`;
    expect(audit).toBeDefined();
    const again = await overlord.post('/account/v-rest/', { body: input({ name: 'Another' }) });
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual([expect.objectContaining({ path: 'body.invoicePrefix' })]);
  });
});

describe('PUT and DELETE /account/v-rest/{id}', () => {
  it('401, 403 for an admin', async () => {
    await unauthenticated(server, (c) =>
      c.put(`/account/v-rest/${otherAccount}`, { body: input({ invoicePrefix: 'OTH' }) }),
    );
    await forbiddenFor(server, ['admin', 'accountant'], (c) =>
      c.put(`/account/v-rest/${otherAccount}`, { body: input({ invoicePrefix: 'OTH' }) }),
    );
    await forbiddenFor(server, ['admin'], (c) => c.delete(`/account/v-rest/${otherAccount}`));
  });

  it('404 for an account that does not exist, the rows unchanged', async () => {
    await notFoundUnchanged(server, accountRows, overlord, (c) =>
      c.put('/account/v-rest/999999', { body: input({ invoicePrefix: 'ZZZ' }) }),
    );
  });

  it('changes the account; an account with issued documents cannot be removed (409), one without can', async () => {
    const res = await overlord.put(`/account/v-rest/${otherAccount}`, {
      body: input({ name: 'Renamed', invoicePrefix: 'OTH', olympiadIds: [otherOlympiad] }),
      schema: AccountSaved,
    });
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ name: 'Renamed', invoicePrefix: 'OTH' });
    const [order] = await server.query<{ id: number }>`select po.id from purchase_orders po
      join school_participants sp on sp.id = po.school_participant_id where sp.olympiad_id = ${demo.geoDemo} limit 1`;
    expect(
      (await (await server.as('accountant')).post(`/invoice/api/issue/${order!.id}`, { body: { mail: false } })).status,
    ).toBe(200);
    const kept = await overlord.delete(`/account/v-rest/${demoAccount}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toMatch(/kept for the record/);
    const removed = await overlord.delete(`/account/v-rest/${otherAccount}`);
    expect(removed.status).toBe(200);
    expect(
      (
        await server.query<{ account_id: number | null }>`select account_id from olympiads where id = ${otherOlympiad}`
      )[0]!.account_id,
    ).toBeNull();
  });
});
