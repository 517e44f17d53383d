import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invoice, InvoiceIssued } from '#contract/finance';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../../seed/factories.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../../test/harness.js';
import { overlappingText, pdfDocumentText, pdfTextBoxes } from '../../../test/pdf.js';

/**
 * Invoices and credit notes (decision 031) on the real server and database: issuing from an order, the credit
 * note when the order changes, gapless numbers, the PDF read back, the mail with its attachment, issue-all.
 */
let server: TestServer;
let demo: DemoIds;
let accountant: Client;
let teacher: Client;
let waterkloof: { id: number; participantId: number };
let rondebosch: { id: number; participantId: number };
let other: { olympiadId: number; orderId: number };

const invoiceRows = 'select * from invoices order by id';
const orderOf = async (schoolId: number, olympiadId = demo.geoDemo) => {
  const [r] = await server.query<{ id: number; school_participant_id: number }>`
    select po.id, po.school_participant_id from purchase_orders po
    join school_participants sp on sp.id = po.school_participant_id
    where sp.olympiad_id = ${olympiadId} and sp.school_id = ${schoolId} and po.deleted_at is null`;
  return { id: r!.id, participantId: r!.school_participant_id };
};
const issue =
  (id: number, mail = false) =>
  (c: Client) =>
    c.post(`/invoice/api/issue/${id}`, { body: { mail } });
const learnersOf = async (schoolId: number) =>
  Number(
    (
      await server.query<{ n: number }>`select count(*)::int as n from users
        where role = 'learner' and school_id = ${schoolId} and olympiad_id = ${demo.geoDemo}`
    )[0]!.n,
  );
async function pdfOf(client: Client, id: number) {
  const res = await fetch(`${server.url}/invoice/api/${id}/pdf`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  [accountant, teacher] = await Promise.all([server.as('accountant'), server.as('teacher')]);
  waterkloof = await orderOf(demo.school1);
  rondebosch = await orderOf(demo.school2);
  // Each school loads a few more learners than the demo has.
  for (const [schoolId, tag] of [
    [demo.school1, 'wk'],
    [demo.school2, 'rb'],
  ] as const)
    for (const n of [1, 2, 3, 4])
      await createUser(server.db, { role: 'learner', username: `inv-${tag}${n}`, olympiadId: demo.geoDemo, schoolId });
  const olympiad = await createOlympiad(server.db, { varName: 'inv-other' });
  const school = await createSchool(server.db, { name: 'Other High' });
  await enterSchool(server.db, olympiad.id, school.id);
  other = { olympiadId: olympiad.id, orderId: (await orderOf(school.id, olympiad.id)).id };
});
afterAll(() => server?.close());

describe('POST /invoice/api/issue/{purchaseOrderId}', () => {
  it('401 without a token, 403 for funding staff and a learner', async () => {
    await unauthenticated(server, issue(waterkloof.id));
    await forbiddenFor(server, ['funding', 'learner1'], issue(waterkloof.id));
  });

  it('404 for another school’s order (teacher) and another olympiad’s order (accountant), nothing issued', async () => {
    await notFoundUnchanged(server, invoiceRows, teacher, issue(rondebosch.id));
    await notFoundUnchanged(server, invoiceRows, accountant, issue(other.orderId));
  });

  it('issues the invoice: learners × fee, VAT, the account’s details and reference, numbered from 1', async () => {
    const learners = await learnersOf(demo.school1);
    const res = await teacher.post(`/invoice/api/issue/${waterkloof.id}`, {
      body: { mail: false },
      schema: InvoiceIssued,
    });
    expect(res.status).toBe(200);
    const inv = res.body.invoice;
    const year = new Date().getUTCFullYear();
    expect(inv.documentNumber).toBe(`GEO-${year}-00001`);
    expect(inv.kind).toBe('invoice');
    expect(inv.learners).toBe(learners);
    expect(inv.subtotalCents).toBe(learners * 3500);
    expect(inv.vatRateBp).toBe(1500);
    expect(inv.vatCents).toBe(Math.round(learners * 3500 * 0.15));
    expect(inv.totalCents).toBe(inv.subtotalCents + inv.vatCents);
    expect(inv.paymentReference).toBe(`GEO${String(waterkloof.id).padStart(5, '0')}`);
    expect(res.body.creditNote).toBeNull();
    expect(res.body.order).toMatchObject({
      invoiceOutOfDate: false,
      invoicedCents: inv.totalCents,
      balanceCents: inv.totalCents,
    });
    const [row] = await server.query<{ seller: { legalName: string }; bill_to: { schoolName: string } }>`
      select seller, bill_to from invoices where id = ${inv.id}`;
    expect(row!.seller.legalName).toBe('South African Geography Olympiad NPC');
    expect(row!.bill_to.schoolName).toBe('Hoërskool Waterkloof');
    const [audit] = await server.query<{ action: string }>`select action from audit_log
      where action = 'invoice.issue' and entity_id = ${String(inv.id)}`;
    expect(audit).toBeDefined();
  });

  it('refuses a second issue while the invoice is up to date (409), nothing written', async () => {
    await expectRowsUnchanged(server, invoiceRows, async () => {
      const res = await issue(waterkloof.id)(teacher);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/up to date/);
    });
  });

  it('a changed order credits the old invoice and issues a new one; numbers run without gaps', async () => {
    await accountant.put(`/purchase-order/api/set-num-learners-discount/${waterkloof.id}`, {
      query: { freeLearners: 1, comment: 'Bursary learner' },
    });
    const order = (await accountant.get(`/purchase-order/api/${waterkloof.id}`)).body.order;
    expect(order.invoiceOutOfDate).toBe(true);
    const res = await accountant.post(`/invoice/api/issue/${waterkloof.id}`, {
      body: { mail: false },
      schema: InvoiceIssued,
    });
    expect(res.status).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(res.body.creditNote!.documentNumber).toBe(`GEO-CN-${year}-00001`);
    expect(res.body.creditNote!.totalCents).toBeLessThan(0);
    expect(res.body.creditNote!.creditsDocumentNumber).toBe(`GEO-${year}-00001`);
    expect(res.body.invoice.documentNumber).toBe(`GEO-${year}-00002`);
    expect(res.body.invoice.freeLearners).toBe(1);
    const docs = await server.query<{ kind: string; total_cents: number; credited_at: Date | null }>`
      select kind, total_cents, credited_at from invoices where purchase_order_id = ${waterkloof.id} order by id`;
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'invoice']);
    expect(docs[0]!.credited_at).not.toBeNull();
    // What is owed is the new invoice: the old one and its credit note cancel out.
    expect(res.body.order.invoicedCents).toBe(res.body.invoice.totalCents);
  });

  it('issuing concurrently for two schools takes consecutive numbers', async () => {
    const [a, b] = await Promise.all([issue(rondebosch.id)(accountant), issue(rondebosch.id)(accountant)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const numbers = await server.query<{ number: number }>`
      select number from invoices where kind = 'invoice' order by number`;
    expect(numbers.map((n) => Number(n.number))).toEqual([1, 2, 3]);
  });

  it('refuses an olympiad without an account, saying who sets one up', async () => {
    const admin = await createUser(server.db, { role: 'admin', username: 'inv-admin', password: 'olympus-demo' });
    await grant(server.db, admin.id, other.olympiadId, 'admin');
    const [{ school_id: schoolId }] = (await server.query<{ school_id: number }>`
      select sp.school_id from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
      where po.id = ${other.orderId}`) as [{ school_id: number }];
    for (const n of [1, 2, 3])
      await createUser(server.db, { role: 'learner', username: `inv-l${n}`, olympiadId: other.olympiadId, schoolId });
    const res = await issue(other.orderId)(await server.as('inv-admin', { password: 'olympus-demo' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no invoicing account/);
  });
});

describe('GET /invoice/api/ and /invoice/api/{id}', () => {
  it('401 without a token, 403 for a learner', async () => {
    await unauthenticated(server, (c) => c.get('/invoice/api/', { query: { olympiadId: demo.geoDemo } }));
    await forbiddenFor(server, ['learner1'], (c) => c.get('/invoice/api/', { query: { olympiadId: demo.geoDemo } }));
  });

  it('a teacher lists only their school’s documents; finance staff all of the olympiad', async () => {
    const mine = await teacher.get('/invoice/api/', { query: { olympiadId: demo.geoDemo } });
    expect(mine.status).toBe(200);
    expect(new Set(mine.body.items.map((i: Invoice) => i.schoolName))).toEqual(new Set(['Hoërskool Waterkloof']));
    expect(mine.body.total).toBe(3);
    const all = await (await server.as('funding')).get('/invoice/api/', { query: { olympiadId: demo.geoDemo } });
    expect(all.body.total).toBe(4);
  });

  it('404 for another school’s invoice', async () => {
    const [theirs] = await server.query<{
      id: number;
    }>`select id from invoices where purchase_order_id = ${rondebosch.id}`;
    const res = await teacher.get(`/invoice/api/${theirs!.id}`);
    expect(res.status).toBe(404);
    expect((await pdfOf(teacher, theirs!.id)).status).toBe(404);
  });
});

describe('GET /invoice/api/{id}/pdf', () => {
  it('is a PDF with the seller, the school, the lines, the totals and how to pay', async () => {
    const [inv] = await server.query<{
      id: number;
      document_number: string;
      total_cents: number;
      payment_reference: string;
    }>`
      select id, document_number, total_cents, payment_reference from invoices
      where purchase_order_id = ${waterkloof.id} and kind = 'invoice' and credited_at is null`;
    const pdf = await pdfOf(teacher, inv!.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfDocumentText(pdf.bytes);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(inv!.document_number);
    expect(text).toContain('South African Geography Olympiad NPC');
    expect(text).toContain('VAT no. 4870261934');
    expect(text).toContain('Hoërskool Waterkloof');
    expect(text).toContain('Free learners granted');
    expect(text).toContain(inv!.payment_reference);
    expect(text).toContain('62849173520');
    const total = (Number(inv!.total_cents) / 100).toFixed(2);
    expect(text.replace(/ /g, '')).toContain(`R${total.replace(/\B(?=(\d{3})+(?!\d))/g, '')}`);
  });
});

describe('POST /invoice/api/{id}/mail', () => {
  it('queues the PDF to the school’s teacher with the invoice attached', async () => {
    const [inv] = await server.query<{ id: number }>`select id from invoices
      where purchase_order_id = ${waterkloof.id} and kind = 'invoice' and credited_at is null`;
    const res = await teacher.post(`/invoice/api/${inv!.id}/mail`);
    expect(res.status).toBe(200);
    const [mail] = await server.query<{ to_address: string; attachment_ids: number[]; kind: string }>`
      select to_address, attachment_ids, kind from emails where kind = 'invoice' order by id desc limit 1`;
    expect(mail).toMatchObject({ to_address: 'teacher@waterkloof.example.org', kind: 'invoice' });
    expect(mail!.attachment_ids).toHaveLength(1);
    const [attachment] = await server.query<{ filename: string }>`select filename from attachments
      where id = ${mail!.attachment_ids[0]!}`;
    expect(attachment!.filename).toMatch(/^invoice-GEO-\d{4}-\d{5}\.pdf$/);
    const [row] = await server.query<{ mailed_at: Date | null }>`select mailed_at from invoices where id = ${inv!.id}`;
    expect(row!.mailed_at).not.toBeNull();
  });
});

describe('POST /invoice/api/issue-all', () => {
  it('401, 403 for funding staff and a teacher', async () => {
    const call = (c: Client) => c.post('/invoice/api/issue-all', { query: { olympiadId: demo.geoDemo } });
    await unauthenticated(server, call);
    await forbiddenFor(server, ['funding', 'teacher', 'learner1'], call);
  });

  it('issues what is missing or out of date as a job, with progress', async () => {
    // Rondebosch's free learners change: its invoice is out of date.
    await accountant.put(`/purchase-order/api/set-num-learners-discount/${rondebosch.id}`, {
      query: { freeLearners: 1, comment: 'Sponsored' },
    });
    const res = await accountant.post('/invoice/api/issue-all', { query: { olympiadId: demo.geoDemo, mail: true } });
    expect(res.status).toBe(202);
    const jobId = res.body.job.id;
    let job = res.body.job;
    for (let i = 0; i < 100 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await accountant.get(`/invoice/api/issue-all/${jobId}`)).body.job;
    }
    expect(job).toMatchObject({
      status: 'done',
      total: 1,
      done: 1,
      issued: 1,
      failed: 0,
      message: '1 invoice issued and mailed',
    });
    const order = (await accountant.get(`/purchase-order/api/${rondebosch.id}`)).body.order;
    expect(order.invoiceOutOfDate).toBe(false);
    expect(order.currentInvoice.freeLearners).toBe(1);
    // Nothing left to issue: 409.
    const again = await accountant.post('/invoice/api/issue-all', { query: { olympiadId: demo.geoDemo } });
    expect(again.status).toBe(409);
  });

  it('the job issues and mails new invoices as one order at a time would: numbers, contact, PDF, mail', async () => {
    // A second olympiad on the demo's account, with three schools that have learners and a teacher each.
    const [geo] = await server.query<{ account_id: number }>`
      select account_id from olympiads where id = ${demo.geoDemo}`;
    const accountId = geo!.account_id;
    const olympiad = await createOlympiad(server.db, { varName: 'inv-job', accountId, feeCents: 2000 });
    const schoolIds: number[] = [];
    for (const n of [1, 2, 3]) {
      const school = await createSchool(server.db, { name: `Job School ${n}` });
      await enterSchool(server.db, olympiad.id, school.id);
      await createUser(server.db, {
        role: 'teacher',
        username: `inv-job-t${n}`,
        schoolId: school.id,
        email: `inv-job-t${n}@example.org`,
        firstName: 'Teach',
        lastName: `Er${n}`,
      });
      for (const k of [1, 2])
        await createUser(server.db, {
          role: 'learner',
          username: `inv-job-${n}-${k}`,
          olympiadId: olympiad.id,
          schoolId: school.id,
        });
      schoolIds.push(school.id);
    }
    const overlord = await server.as('overlord');
    const res = await overlord.post('/invoice/api/issue-all', { query: { olympiadId: olympiad.id, mail: true } });
    expect(res.status).toBe(202);
    let job = res.body.job;
    for (let i = 0; i < 100 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await overlord.get(`/invoice/api/issue-all/${res.body.job.id}`)).body.job;
    }
    expect(job).toMatchObject({ status: 'done', total: 3, issued: 3, failed: 0 });
    const stored = await server.query<{
      document_number: string;
      number: number;
      learners: number;
      total_cents: number;
      bill_to: { contactEmail: string; contactName: string; schoolName: string };
      mailed_at: Date | null;
      to_address: string;
      attachment_ids: number[];
      original_name: string;
      content_type: string;
      size: number;
    }>`select i.document_number, i.number, i.learners, i.total_cents, i.bill_to, i.mailed_at, e.to_address,
        e.attachment_ids, up.original_name, up.content_type, up.size
      from invoices i join emails e on e.id = i.email_id
      join attachments a on a.id = (e.attachment_ids->>0)::int join uploads up on up.id = a.upload_id
      where i.olympiad_id = ${olympiad.id} order by i.number`;
    expect(stored).toHaveLength(3);
    const numbers = stored.map((r) => Number(r.number));
    expect(numbers[1]! - numbers[0]!).toBe(1);
    expect(numbers[2]! - numbers[1]!).toBe(1);
    for (const r of stored) {
      expect(r.document_number).toMatch(new RegExp(`-${new Date().getUTCFullYear()}-\\d{5}$`));
      expect(Number(r.document_number.slice(-5))).toBe(Number(r.number));
      expect(r.learners).toBe(2);
      expect(r.mailed_at).not.toBeNull();
      expect(r.bill_to.contactEmail).toBe(r.to_address);
      expect(r.to_address).toMatch(/^inv-job-t\d@example\.org$/);
      expect(r.bill_to.contactName).toMatch(/^Teach Er\d$/);
      expect(r.original_name).toBe(`invoice-${r.document_number}.pdf`);
      expect(r.content_type).toBe('application/pdf');
      expect(Number(r.size)).toBeGreaterThan(1000);
    }
  });
});

describe('what a credit note says became of the order', () => {
  let orderId: number;
  const docs = () =>
    server.query<{ id: number; kind: string; document_number: string; replaces_invoice_id: number | null }>`
      select id, kind, document_number, replaces_invoice_id from invoices
      where purchase_order_id = ${orderId} order by id`;
  const creditNoteText = async (id: number) => {
    const pdf = await pdfOf(accountant, id);
    expect(pdf.status).toBe(200);
    const [boxes] = await pdfTextBoxes(pdf.bytes);
    expect(overlappingText(boxes!)).toEqual([]);
    return (await pdfDocumentText(pdf.bytes)).replace(/\n/g, ' ');
  };
  const mailOf = async (documentNumber: string) => {
    const [mail] = await server.query<{ text_body: string }>`select text_body from emails
      where kind = 'credit-note' and subject like ${`Credit note ${documentNumber}:%`}`;
    return mail!.text_body.replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    const school = await createSchool(server.db, { name: 'Credit Note High' });
    await enterSchool(server.db, demo.geoDemo, school.id);
    await createUser(server.db, {
      role: 'teacher',
      username: 'inv-cn-teacher',
      schoolId: school.id,
      email: 'inv-cn-teacher@example.org',
    });
    for (const n of [1, 2])
      await createUser(server.db, {
        role: 'learner',
        username: `inv-cn-${n}`,
        olympiadId: demo.geoDemo,
        schoolId: school.id,
      });
    orderId = (await orderOf(school.id)).id;
    expect((await issue(orderId)(accountant)).status).toBe(200);
  });

  it('a changed order: the credit note names the invoice issued in place of the one it cancels', async () => {
    await accountant.put(`/purchase-order/api/set-num-learners-discount/${orderId}`, {
      query: { freeLearners: 1, comment: 'One bursary' },
    });
    const res = await issue(orderId, true)(accountant);
    expect(res.status).toBe(200);
    const [first, creditNote, second] = await docs();
    expect([first!.kind, creditNote!.kind, second!.kind]).toEqual(['invoice', 'credit_note', 'invoice']);
    // Stored with the new invoice: the one it replaces.
    expect(second!.replaces_invoice_id).toBe(first!.id);
    const text = await creditNoteText(creditNote!.id);
    expect(text).toContain(
      `This credit note cancels invoice ${first!.document_number} in full. Invoice ${second!.document_number} replaces it.`,
    );
    expect(await mailOf(creditNote!.document_number)).toContain(
      `is credited in full (R 80.50). Invoice ${second!.document_number} replaces it.`,
    );
  });

  it('an order left with nothing to pay for: the credit note says that no invoice replaces it', async () => {
    await accountant.put(`/purchase-order/api/set-num-learners-discount/${orderId}`, {
      query: { freeLearners: 2, comment: 'Both sponsored' },
    });
    const res = await issue(orderId, true)(accountant);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/nothing left to invoice/);
    const all = await docs();
    const creditNote = all.at(-1)!;
    expect(creditNote.kind).toBe('credit_note');
    const text = await creditNoteText(creditNote.id);
    expect(text).toContain(
      `This credit note cancels invoice ${all[2]!.document_number} in full. No invoice replaces it: the school's order has no learners left to pay for.`,
    );
    expect(text).not.toContain('A new invoice replaces it');
    const mail = await mailOf(creditNote.document_number);
    expect(mail).toContain("No invoice replaces it: the school's order has no learners left to pay for.");
    expect(mail).not.toContain('A new invoice replaces it');
  });
});
