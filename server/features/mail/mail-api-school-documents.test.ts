import { describe, expect, it } from 'vitest';
import { demo, server, token, useMailApiServer } from './mail-api-testing.js';

useMailApiServer();

/** One school's invoice, issued and mailed to its teachers: the attachment that message carries. */
async function mailedInvoiceAttachment() {
  const [order] = await server.query<{ id: number }>`select po.id from purchase_orders po
    join school_participants sp on sp.id = po.school_participant_id
    where sp.olympiad_id = ${demo.geoDemo} and sp.school_id = ${demo.school1} and po.deleted_at is null`;
  const issued = await server.api('POST', `/invoice/api/issue/${order!.id}`, {
    token: token.accountant,
    body: { mail: true },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const [mail] = await server.query<{ attachment_ids: number[] }>`
    select attachment_ids from emails where kind = 'invoice' order by id desc limit 1`;
  const [a] = await server.query<{ id: number; upload_id: number; filename: string }>`
    select id, upload_id, filename from attachments where id = ${mail!.attachment_ids[0]!}`;
  return a!;
}

describe('a school’s own documents stay out of mass mail', () => {
  let invoice: Awaited<ReturnType<typeof mailedInvoiceAttachment>>;

  it('lists, serves and offers only the files meant for everyone, never a school’s invoice', async () => {
    invoice = await mailedInvoiceAttachment();
    expect(invoice.filename).toMatch(/^invoice-.*\.pdf$/);
    for (const who of ['admin', 'funding', 'overlord']) {
      const list = await server.api('GET', `/attachment/v-rest/?olympiadId=${demo.geoDemo}&pageSize=100`, {
        token: token[who],
      });
      expect(list.status).toBe(200);
      expect(list.body.items.map((a: { id: number }) => a.id)).not.toContain(invoice.id);
      expect((await server.api('GET', `/attachment/api/${invoice.id}`, { token: token[who] })).status).toBe(404);
    }
    const uploads = await server.api('GET', '/upload/v-rest/?search=invoice-', { token: token.overlord });
    expect(uploads.body.items.map((u: { id: number }) => u.id)).not.toContain(invoice.upload_id);
    expect((await server.api('GET', `/upload/api/${invoice.upload_id}`, { token: token.admin })).status).toBe(404);
  });

  it('refuses a mailing that names a school’s document (400, one error shape), nothing stored', async () => {
    const body = {
      olympiadId: demo.geoDemo,
      subject: 'News',
      html: '<p>Hi</p>',
      audience: { kind: 'participating-teachers' },
      attachmentIds: [invoice.id],
    };
    expect((await server.api('POST', '/emailer/api/', { body })).status).toBe(401);
    const before = await server.query`select id from mass_mails order by id`;
    const res = await server.api('POST', '/emailer/api/', { token: token.admin, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'validation_failed',
      details: [{ path: 'attachmentIds', message: expect.stringMatching(/school's own document/) }],
    });
    expect(await server.query`select id from mass_mails order by id`).toEqual(before);

    // A draft cannot take it on afterwards either.
    const draft = await server.api('POST', '/emailer/api/', {
      token: token.admin,
      body: { ...body, attachmentIds: [] },
    });
    expect(draft.status).toBe(200);
    const edit = await server.api('PUT', `/emailer/api/${draft.body.mailing.id}`, { token: token.admin, body });
    expect(edit.status).toBe(400);
    const [kept] = await server.query<{ attachment_ids: number[] }>`
      select attachment_ids from mass_mails where id = ${draft.body.mailing.id}`;
    expect(kept!.attachment_ids).toEqual([]);
  });
});
