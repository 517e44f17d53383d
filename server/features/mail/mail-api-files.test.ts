import { describe, expect, it } from 'vitest';
import { PDF, demo, other, server, token, upload, useMailApiServer } from './mail-api-testing.js';

useMailApiServer();

describe('files: attachments and uploads', () => {
  let attachment: { id: number; uploadId: number };

  it('checks type by content and caps the size', async () => {
    expect((await upload(`/attachment/api/?olympiadId=${demo.geoDemo}`, null, PDF, 'a.pdf')).status).toBe(401);
    expect((await upload(`/attachment/api/?olympiadId=${demo.geoDemo}`, token.funding, PDF, 'a.pdf')).status).toBe(403);
    expect((await upload(`/attachment/api/?olympiadId=${other.olympiadId}`, token.admin, PDF, 'a.pdf')).status).toBe(
      404,
    );
    const fake = await upload(
      `/attachment/api/?olympiadId=${demo.geoDemo}`,
      token.admin,
      Buffer.from('<html><script>x</script>'),
      'evil.pdf',
    );
    expect(fake.status).toBe(415);
    const exe = await upload(
      `/upload/api/?olympiadId=${demo.geoDemo}`,
      token.admin,
      Buffer.from('MZ\x90\x00binary'),
      'tool.exe',
    );
    expect(exe.status).toBe(415);
    const big = await upload(
      `/upload/api/?olympiadId=${demo.geoDemo}`,
      token.admin,
      Buffer.concat([PDF, Buffer.alloc(11 * 1_048_576)]),
      'big.pdf',
    );
    expect(big.status, JSON.stringify(big.body)).toBe(413);
    const json = await server.api('POST', `/upload/api/?olympiadId=${demo.geoDemo}`, { token: token.admin, body: {} });
    expect(json.status).toBe(415);
    const ok = await upload(`/attachment/api/?olympiadId=${demo.geoDemo}`, token.admin, PDF, 'Rules.pdf');
    expect(ok.status).toBe(200);
    expect(ok.body.attachment).toMatchObject({
      filename: 'Rules.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    attachment = ok.body.attachment;
  });

  it('serves files with safe headers, to the right olympiad only', async () => {
    const res = await server.api('GET', `/attachment/api/${attachment.id}`, { token: token.funding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Rules.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await server.api('GET', `/attachment/api/${other.attachmentId}`, { token: token.admin })).status).toBe(404);
    expect((await server.api('GET', `/upload/api/${attachment.uploadId}`, { token: token.admin })).status).toBe(200);
    expect((await server.api('GET', `/upload/api/${other.uploadId}`, { token: token.admin })).status).toBe(404);
    expect((await server.api('GET', `/upload/api/${attachment.uploadId}`, { token: token.funding })).status).toBe(403);
    const list = await server.api('GET', `/attachment/v-rest/?olympiadId=${demo.geoDemo}`, { token: token.admin });
    expect(list.body.items.map((a: { id: number }) => a.id)).toContain(attachment.id);
    expect(list.body.items.map((a: { id: number }) => a.id)).not.toContain(other.attachmentId);
    const uploads = await server.api('GET', '/upload/v-rest/?search=Rules', { token: token.overlord });
    expect(uploads.body.total).toBe(1);
  });

  it('renames and deletes attachments only with the matching uploadId, in scope', async () => {
    const url = (id: number, q: string) => `/attachment/api/${id}/update-filename?${q}`;
    expect(
      (await server.api('POST', url(attachment.id, `uploadId=${attachment.uploadId}&filename=x.pdf`))).status,
    ).toBe(401);
    expect(
      (
        await server.api('POST', url(other.attachmentId, `uploadId=${other.uploadId}&filename=x.pdf`), {
          token: token.admin,
        })
      ).status,
    ).toBe(404);
    const [unchanged] = await server.query<{
      filename: string;
    }>`select filename from attachments where id = ${other.attachmentId}`;
    expect(unchanged!.filename).toBe('other.pdf');
    expect(
      (
        await server.api('POST', url(attachment.id, `uploadId=${attachment.uploadId + 999}&filename=x.pdf`), {
          token: token.admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await server.api('POST', url(attachment.id, `uploadId=${attachment.uploadId}&filename=a/b.pdf`), {
          token: token.admin,
        })
      ).status,
    ).toBe(400);
    const renamed = await server.api(
      'POST',
      url(attachment.id, `uploadId=${attachment.uploadId}&filename=Rules 2026.pdf`),
      { token: token.admin },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.attachment.filename).toBe('Rules 2026.pdf');
    const noExtension = await server.api(
      'POST',
      url(attachment.id, `uploadId=${attachment.uploadId}&filename=Rules final`),
      { token: token.admin },
    );
    expect(noExtension.body.attachment.filename).toBe('Rules final.pdf');

    expect(
      (
        await server.api('DELETE', `/attachment/api/${other.attachmentId}?uploadId=${other.uploadId}`, {
          token: token.admin,
        })
      ).status,
    ).toBe(404);
    expect(await server.query`select id from attachments where id = ${other.attachmentId}`).toHaveLength(1);
    const del = await server.api('DELETE', `/attachment/api/${attachment.id}?uploadId=${attachment.uploadId}`, {
      token: token.admin,
    });
    expect(del.status).toBe(200);
    expect(await server.query`select id from uploads where id = ${attachment.uploadId}`).toEqual([]);
  });

  it('deletes an upload only by its filename', async () => {
    const up = await upload(
      `/upload/api/?olympiadId=${demo.geoDemo}`,
      token.admin,
      Buffer.from('name,school\nA,B\n'),
      'list.csv',
    );
    expect(up.status).toBe(200);
    expect(up.body.upload.contentType).toMatch(/text\/csv/);
    const id = up.body.upload.id;
    expect((await server.api('DELETE', `/upload/api/${id}?filename=wrong`, { token: token.admin })).status).toBe(404);
    expect(
      (await server.api('DELETE', `/upload/api/${other.uploadId}?filename=x`, { token: token.admin })).status,
    ).toBe(404);
    const ok = await server.api('DELETE', `/upload/api/${id}?filename=${encodeURIComponent(up.body.upload.filename)}`, {
      token: token.admin,
    });
    expect(ok.status).toBe(200);
    expect(await server.app.storage.exists(up.body.upload.filename)).toBe(false);
  });
});
