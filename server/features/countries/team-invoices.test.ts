import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceIssued } from '#contract/finance';
import { createUser, enterCountry } from '../../seed/factories.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type TestServer, startTestServer } from '../../test/harness.js';
import { overlappingText, pdfDocumentText, pdfTextBoxes } from '../../test/pdf.js';

/**
 * A country's team is invoiced through the school paths (decisions 031 and 039): igeo-demo invoices from its own
 * account; Germany's team admin reads the team's order, issues its invoice and reads it and its PDF, which names
 * the team and its country; Brazil's team admin reaches none of it (404, rows unchanged).
 */
let server: TestServer;
let igeo: number;
let germany: { orderId: number; teamId: number };
let brazil: { orderId: number };
let teamAdmin: Client;
let brAdmin: Client;

const invoiceRows = 'select * from invoices order by id';
const orderRows = 'select * from purchase_orders order by id';
const orderOf = async (teamId: number) => {
  const [r] = await server.query<{ id: number }>`
    select po.id from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
    where sp.olympiad_id = ${igeo} and sp.school_id = ${teamId} and po.deleted_at is null`;
  return r!.id;
};
const issue = (orderId: number) => (c: Client) => c.post(`/invoice/api/issue/${orderId}`, { body: { mail: false } });
async function pdfOf(client: Client, id: number) {
  const res = await fetch(`${server.url}/invoice/api/${id}/pdf`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  const [o] = await server.query<{ id: number }>`select id from olympiads where var_name = 'igeo-demo'`;
  igeo = o!.id;
  const [de] = await server.query<{ team: number }>`
    select s.id as team from schools s join countries c on c.id = s.country_id where c.code = 'DE'`;
  germany = { teamId: de!.team, orderId: await orderOf(de!.team) };
  const [br] = await server.query<{ id: number }>`select id from countries where code = 'BR'`;
  const entered = await enterCountry(server.db, igeo, { id: br!.id, name: 'Brazil' });
  await createUser(server.db, {
    role: 'learner',
    username: 'br-member',
    olympiadId: igeo,
    schoolId: entered.team.id,
  });
  await createUser(server.db, {
    role: 'teacher',
    username: 'br-inv-admin',
    password: 'password-123',
    schoolId: entered.team.id,
  });
  brazil = { orderId: await orderOf(entered.team.id) };
  [teamAdmin, brAdmin] = await Promise.all([
    server.as('teamadmin'),
    server.as('br-inv-admin', { password: 'password-123' }),
  ]);
});
afterAll(() => server?.close());

describe('GET /purchase-order/api/{id} for a country’s team', () => {
  const read = (id: number) => (c: Client) => c.get(`/purchase-order/api/${id}`);

  it('401 without a token, 403 for a learner of the team', async () => {
    await unauthenticated(server, read(germany.orderId));
    await forbiddenFor(server, ['teamlearner', 'learner1'], read(germany.orderId));
  });

  it('404 for another country’s order, the rows unchanged', async () => {
    await notFoundUnchanged(server, orderRows, teamAdmin, read(brazil.orderId));
    await notFoundUnchanged(server, orderRows, brAdmin, read(germany.orderId));
  });

  it('the team admin reads the team’s order with its quote: team members × the fee per member', async () => {
    const res = await read(germany.orderId)(teamAdmin);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ schoolName: 'Team Germany', learners: 1 });
    expect(res.body.order.can.issueInvoice).toBe(true);
  });
});

describe('POST /invoice/api/issue/{id} for a country’s team', () => {
  it('401 without a token, 403 for funding staff and the team’s learner', async () => {
    await unauthenticated(server, issue(germany.orderId));
    await forbiddenFor(server, ['funding', 'teamlearner'], issue(germany.orderId));
  });

  it('404 for another country’s order and for a school olympiad’s teacher, nothing issued', async () => {
    await notFoundUnchanged(server, invoiceRows, teamAdmin, issue(brazil.orderId));
    await notFoundUnchanged(server, invoiceRows, brAdmin, issue(germany.orderId));
    await notFoundUnchanged(server, invoiceRows, await server.as('teacher'), issue(germany.orderId));
  });

  it('the team admin issues the team’s invoice from igeo-demo’s account, billed to the team and its country', async () => {
    const res = await teamAdmin.post(`/invoice/api/issue/${germany.orderId}`, {
      body: { mail: false },
      schema: InvoiceIssued,
    });
    expect(res.status).toBe(200);
    const inv = res.body.invoice;
    expect(inv.documentNumber).toBe(`IGEO-${new Date().getUTCFullYear()}-00001`);
    expect(inv.learners).toBe(1);
    expect(inv.subtotalCents).toBe(25000);
    const [row] = await server.query<{
      bill_to: { schoolName: string; countryName: string };
      seller: { legalName: string };
      lines: Array<{ description: string }>;
    }>`select bill_to, seller, lines from invoices where id = ${inv.id}`;
    expect(row!.bill_to).toMatchObject({ schoolName: 'Team Germany', countryName: 'Germany' });
    expect(row!.seller.legalName).toBe('International Geography Olympiad South Africa NPC');
    expect(row!.lines[0]!.description).toBe('International Geography Olympiad (demo): entry fee per team member');
  });
});

describe('GET /invoice/api/ and the invoice’s PDF for a country’s team', () => {
  it('the team admin lists only the team’s invoice; another country’s admin lists none of it', async () => {
    const mine = await teamAdmin.get('/invoice/api/', { query: { olympiadId: igeo } });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((i: { schoolName: string }) => i.schoolName)).toEqual(['Team Germany']);
    const theirs = await brAdmin.get('/invoice/api/', { query: { olympiadId: igeo } });
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
  });

  it('404 for another country’s invoice and its PDF; 401 without a token', async () => {
    const [inv] = await server.query<{
      id: number;
    }>`select id from invoices where purchase_order_id = ${germany.orderId}`;
    await unauthenticated(server, (c) => c.get(`/invoice/api/${inv!.id}`));
    await notFoundUnchanged(server, invoiceRows, brAdmin, (c) => c.get(`/invoice/api/${inv!.id}`));
    expect((await pdfOf(brAdmin, inv!.id)).status).toBe(404);
  });

  it('the PDF names the team and its country, per team member', async () => {
    const [inv] = await server.query<{
      id: number;
    }>`select id from invoices where purchase_order_id = ${germany.orderId}`;
    const pdf = await pdfOf(teamAdmin, inv!.id);
    expect(pdf.status).toBe(200);
    const text = await pdfDocumentText(pdf.bytes);
    expect(text).toContain('Team Germany');
    expect(text).toContain('Country: Germany');
    // The line's description wraps: "…: entry fee per team" then, under it, "member".
    expect(text).toContain('entry fee per team\n');
    expect(text).toContain('\nmember\n');
    expect(text).toContain("so that it reaches your team's account");
    expect(text).not.toMatch(/school/i);
  });

  it('the PDF prints no text over other text: the long legal name wraps beside TAX INVOICE', async () => {
    const [inv] = await server.query<{
      id: number;
    }>`select id from invoices where purchase_order_id = ${germany.orderId}`;
    const [boxes] = await pdfTextBoxes((await pdfOf(teamAdmin, inv!.id)).bytes);
    expect(overlappingText(boxes!)).toEqual([]);
    const title = boxes!.find((b) => b.text === 'TAX INVOICE')!;
    // "International Geography Olympiad South Africa NPC" stands beside the title (in Source Sans 3, one line at
    // most two), and every line of it ends before the title begins.
    const name = boxes!.filter((b) => b.y1 > title.y0 - 30 && b.x0 < title.x0 && b.font.startsWith('SourceSans3-Bold'));
    expect(name.map((b) => b.text).join(' ')).toBe('International Geography Olympiad South Africa NPC');
    expect(name.length).toBeLessThanOrEqual(2);
    for (const line of name) expect(line.x1).toBeLessThan(title.x0);
  });

  it('the PDF says why a team from abroad pays South African VAT', async () => {
    const [inv] = await server.query<{
      id: number;
    }>`select id from invoices where purchase_order_id = ${germany.orderId}`;
    const text = (await pdfDocumentText((await pdfOf(teamAdmin, inv!.id)).bytes)).replace(/\n/g, ' ');
    expect(text).toContain('VAT 15 %');
    expect(text).toContain(
      'South African VAT at 15 % is charged because the entry is a service supplied in South Africa by ' +
        "International Geography Olympiad South Africa NPC: every team's entry is taxed alike, whatever its " +
        'country (it is not zero-rated as an export).',
    );
  });
});
