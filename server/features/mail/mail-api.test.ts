import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

const BOUNCE_SECRET = 'bounce-secret-0123456789abcdef';
let server: TestServer;
let demo: DemoIds;
const token: Record<string, string> = {};
let other: {
  olympiadId: number;
  adminToken: string;
  emailId: number;
  massMailId: number;
  attachmentId: number;
  uploadId: number;
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function upload(path: string, tokenValue: string | null | undefined, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: tokenValue ? { authorization: `Bearer ${tokenValue}` } : {},
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false', BOUNCE_SECRET } });
  demo = await demoIds(server);
  for (const u of ['overlord', 'admin', 'funding', 'accountant', 'teacher'])
    token[u] = (await server.signIn(u)).accessToken.token;

  // Another olympiad with its own admin, a message, a mailing and an attachment: never visible to geo-demo's admin.
  const olympiad = await createOlympiad(server.db, { varName: 'hist-other' });
  const admin2 = await createUser(server.db, {
    role: 'admin',
    username: 'admin-other',
    password: 'olympus-demo',
    email: 'admin2@olympus.example.org',
  });
  await grant(server.db, admin2.id, olympiad.id, 'admin');
  const school = await createSchool(server.db, { name: 'Other High' });
  await enterSchool(server.db, olympiad.id, school.id);
  await createUser(server.db, {
    role: 'teacher',
    username: 'other-teacher',
    email: 'teacher@other.example.org',
    schoolId: school.id,
  });
  const adminToken = (await server.signIn('admin-other')).accessToken.token;
  const emailId = await server.app.mailer.enqueue(server.db, {
    kind: 'test',
    to: 'x@other.example.org',
    subject: 'Other',
    text: 'T',
    olympiadId: olympiad.id,
    status: 'held',
  });
  const att = await upload(`/attachment/api/?olympiadId=${olympiad.id}`, adminToken, PDF, 'other.pdf');
  expect(att.status).toBe(200);
  const mm = await server.api('POST', '/emailer/api/', {
    token: adminToken,
    body: { olympiadId: olympiad.id, subject: 'Other news', html: '<p>Hi</p>', audience: { kind: 'all-teachers' } },
  });
  expect(mm.status).toBe(200);
  other = {
    olympiadId: olympiad.id,
    adminToken,
    emailId,
    massMailId: mm.body.mailing.id,
    attachmentId: att.body.attachment.id,
    uploadId: att.body.attachment.uploadId,
  };
});
afterAll(() => server?.close());

const count = async (table: string) =>
  (
    await server.query<{ n: number }>([`select count(*)::int as n from ${table}`] as unknown as TemplateStringsArray)
  )[0]!.n;

describe('mass mail: compose, count, preview, queue, release, progress', () => {
  let mailingId: number;

  it('composes a draft with sanitised rich text and counts the audience live', async () => {
    expect((await server.api('POST', '/emailer/api/', { body: {} })).status).toBe(401);
    expect((await server.api('POST', '/emailer/api/', { token: token.teacher, body: {} })).status).toBe(403);
    const unknown = await server.api('POST', '/emailer/api/', {
      token: token.admin,
      body: {
        olympiadId: demo.geoDemo,
        subject: 'Hi {{nickname}}',
        html: '<p>x</p>',
        audience: { kind: 'all-teachers' },
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].message).toMatch(/\{\{nickname\}\}/);
    const elsewhere = await server.api('POST', '/emailer/api/', {
      token: token.admin,
      body: { olympiadId: other.olympiadId, subject: 'x', html: '<p>x</p>', audience: { kind: 'all-teachers' } },
    });
    expect(elsewhere.status).toBe(404);

    const res = await server.api('POST', '/emailer/api/', {
      token: token.admin,
      body: {
        olympiadId: demo.geoDemo,
        subject: 'Writing day, {{firstName}}',
        html: '<p onclick="steal()">Dear {{firstName}} of {{schoolName}}</p><script>alert(1)</script><a href="javascript:x">bad</a>',
        audience: { kind: 'participating-teachers' },
      },
    });
    expect(res.status).toBe(200);
    mailingId = res.body.mailing.id;
    const [stored] = await server.query<{
      html_body: string;
      status: string;
    }>`select html_body, status from mass_mails where id = ${mailingId}`;
    expect(stored!.status).toBe('draft');
    expect(stored!.html_body).not.toMatch(/script|onclick|javascript/);
    expect(stored!.html_body).toContain('<p>Dear {{firstName}} of {{schoolName}}</p>');

    const counted = await server.api('POST', '/emailer/api/audience-count', {
      token: token.funding,
      body: { olympiadId: demo.geoDemo, audience: { kind: 'participating-teachers' } },
    });
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({ count: 2, suppressed: 0 });
    const pasted = await server.api('POST', '/emailer/api/audience-count', {
      token: token.admin,
      body: { olympiadId: demo.geoDemo, audience: { kind: 'pasted', addresses: ['a@x.org', 'b@x.org', 'a@x.org'] } },
    });
    expect(pasted.body.count).toBe(2);
    const otherCount = await server.api('POST', '/emailer/api/audience-count', {
      token: token.admin,
      body: { olympiadId: other.olympiadId, audience: { kind: 'all-teachers' } },
    });
    expect(otherCount.status).toBe(404);
  });

  it('previews the mailing for one recipient with the unsubscribe link', async () => {
    const res = await server.api('POST', `/emailer/api/${mailingId}/preview`, {
      token: token.admin,
      body: { email: 'teacher@waterkloof.example.org' },
    });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Writing day, Thandi');
    expect(res.body.html).toMatch(/Dear Thandi of Ho/);
    expect(res.body.html).toMatch(/http:\/\/olympus\.test\/geo-demo\/unsubscribe\/[\w-]{20,}/);
    expect(res.body.text).toMatch(/still reach you/);
    expect(
      (await server.api('POST', `/emailer/api/${other.massMailId}/preview`, { token: token.admin, body: {} })).status,
    ).toBe(404);
  });

  it('queues one held message per recipient, leaving out unsubscribed addresses', async () => {
    await server.query`insert into unsubscribes (email, olympiad_id, source) values ('teacher@rbhs.example.org', ${demo.geoDemo}, 'staff')`;
    expect((await server.api('POST', `/emailer/api/${other.massMailId}/queue`, { token: token.admin })).status).toBe(
      404,
    );
    const res = await server.api('POST', `/emailer/api/${mailingId}/queue`, { token: token.admin });
    expect(res.status).toBe(200);
    expect(res.body.queued).toBe(1);
    const rows = await server.query<{ to_address: string; status: string; unsubscribe_ref: string }>`
      select to_address, status, unsubscribe_ref from emails where mass_mail_id = ${mailingId}`;
    expect(rows).toEqual([
      { to_address: 'teacher@waterkloof.example.org', status: 'held', unsubscribe_ref: expect.any(String) },
    ]);
    expect((await server.api('POST', `/emailer/api/${mailingId}/queue`, { token: token.admin })).status).toBe(409);
    expect(
      (
        await server.api('PUT', `/emailer/api/${mailingId}`, {
          token: token.admin,
          body: { olympiadId: demo.geoDemo, subject: 'x', html: '<p>x</p>', audience: { kind: 'all-teachers' } },
        })
      ).status,
    ).toBe(409);
  });

  it('lists mailings with progress, scoped to the olympiad', async () => {
    const res = await server.api('GET', `/emailer/v-rest/?olympiadId=${demo.geoDemo}`, { token: token.funding });
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { id: number }) => m.id)).toEqual([mailingId]);
    expect(res.body.items[0].progress).toMatchObject({ held: 1, sent: 0 });
    expect(
      (await server.api('GET', `/emailer/v-rest/?olympiadId=${other.olympiadId}`, { token: token.admin })).status,
    ).toBe(404);
    expect((await server.api('GET', '/emailer/v-rest/', { token: token.admin })).status).toBe(400);
    const all = await server.api('GET', '/emailer/v-rest/', { token: token.overlord });
    expect(all.body.total).toBe(2);
    expect((await server.api('GET', '/emailer/v-rest/', { token: token.accountant })).status).toBe(403);
  });

  it('lets only the overlord release one or a batch, and the sender delivers to the outbox', async () => {
    const [held] = await server.query<{ id: number }>`select id from emails where mass_mail_id = ${mailingId}`;
    expect((await server.api('POST', `/queued-email/release/${held!.id}`)).status).toBe(401);
    expect((await server.api('POST', `/queued-email/release/${held!.id}`, { token: token.admin })).status).toBe(403);
    expect(
      (await server.api('POST', '/queued-email/release-batch/?massMailId=999999&qty=5', { token: token.overlord }))
        .status,
    ).toBe(404);
    const batch = await server.api('POST', `/queued-email/release-batch/?massMailId=${mailingId}&qty=100`, {
      token: token.overlord,
    });
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ released: 1, held: 0 });
    expect((await server.api('POST', `/queued-email/release/${held!.id}`, { token: token.overlord })).status).toBe(409);
    await server.app.mailSender.runOnce();
    const [row] = await server.query<{ status: string }>`select status from emails where id = ${held!.id}`;
    expect(row!.status).toBe('outbox');
    const one = await server.api('POST', `/queued-email/release/${other.emailId}`, { token: token.overlord });
    expect(one.status).toBe(200);
    const [audited] = await server.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action like 'queued-email.release%'`;
    expect(audited!.n).toBe(2);
  });
});

describe('the queue and the email logs', () => {
  it('lists, searches and opens messages within the admin’s olympiad only', async () => {
    expect((await server.api('GET', '/queued-email/')).status).toBe(401);
    expect((await server.api('GET', '/queued-email/', { token: token.teacher })).status).toBe(403);
    const all = await server.api('GET', '/queued-email/?pageSize=2&sort=to&order=asc', { token: token.overlord });
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const mine = await server.api('GET', `/queued-email/?olympiadId=${demo.geoDemo}`, { token: token.admin });
    expect(mine.body.items.every((e: { olympiadId: number }) => e.olympiadId === demo.geoDemo)).toBe(true);
    expect(
      (await server.api('GET', `/queued-email/?olympiadId=${other.olympiadId}`, { token: token.admin })).status,
    ).toBe(404);
    const found = await server.api('GET', `/queued-email/search/waterkloof?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
    });
    expect(found.body.items.length).toBeGreaterThan(0);
    const opened = await server.api('GET', `/queued-email/${found.body.items[0].id}`, { token: token.admin });
    expect(opened.status).toBe(200);
    expect(opened.body.email.text).toMatch(/Unsubscribe/);
    expect(opened.body.email.log.length).toBeGreaterThan(0);
    expect((await server.api('GET', `/queued-email/${other.emailId}`, { token: token.admin })).status).toBe(404);
    expect((await server.api('GET', `/queued-email/${other.emailId}`, { token: token.overlord })).status).toBe(200);
  });

  it('pages the email log (a = olympiad id, b = page) and searches it', async () => {
    expect((await server.api('POST', `/olympiad/reports/email-logs/${demo.geoDemo}/1`, { body: {} })).status).toBe(401);
    expect(
      (await server.api('POST', `/olympiad/reports/email-logs/${demo.geoDemo}/1`, { token: token.funding, body: {} }))
        .status,
    ).toBe(403);
    const page = await server.api('POST', `/olympiad/reports/email-logs/${demo.geoDemo}/1`, {
      token: token.admin,
      body: { pageSize: 10 },
    });
    expect(page.status).toBe(200);
    expect(page.body.page).toBe(1);
    expect(
      (await server.api('POST', '/olympiad/reports/email-logs/0/1', { token: token.admin, body: {} })).status,
    ).toBe(400);
    expect(
      (await server.api('POST', `/olympiad/reports/email-logs/${other.olympiadId}/1`, { token: token.admin, body: {} }))
        .status,
    ).toBe(404);
    const everything = await server.api('POST', '/olympiad/reports/email-logs/0/1', {
      token: token.overlord,
      body: { status: 'held' },
    });
    expect(everything.body.items.every((e: { status: string }) => e.status === 'held')).toBe(true);
    const search = await server.api('POST', '/olympiad/reports/email-logs/search/Writing', {
      token: token.admin,
      body: { olympiadId: demo.geoDemo },
    });
    expect(search.body.items[0].subject).toMatch(/Writing day/);
  });
});

describe('unsubscribes and bounces', () => {
  let ref: string;
  beforeAll(async () => {
    const id = await server.app.mailer.enqueue(server.db, {
      kind: 'mass-mail',
      to: 'Reader@School.example.org',
      subject: 'S',
      text: 'T',
      olympiadId: demo.geoDemo,
      massMailId: 1,
      unsubscribeRef: 'personal-ref-0123456789abcdef',
      status: 'held',
    });
    expect(id).toBeGreaterThan(0);
    ref = 'personal-ref-0123456789abcdef';
  });

  it('shows what a ref stands for, masked, without signing in; unknown refs are 404', async () => {
    const res = await server.api('GET', `/unsubscribe/api/${ref}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'R*****@School.example.org',
      olympiad: { varName: 'geo-demo' },
      unsubscribed: false,
    });
    expect((await server.api('GET', '/unsubscribe/api/not-a-real-ref-000')).status).toBe(404);
  });

  it('unsubscribes with the ref in one call, suppresses waiting mass mail, and is idempotent', async () => {
    const res = await server.api('POST', '/unsubscribe/api/', { body: { ref } });
    expect(res.status).toBe(200);
    const rows = await server.query<{ email: string; olympiad_id: number; source: string }>`
      select email, olympiad_id, source from unsubscribes where email = 'reader@school.example.org'`;
    expect(rows).toEqual([{ email: 'reader@school.example.org', olympiad_id: demo.geoDemo, source: 'link' }]);
    const [msg] = await server.query<{ status: string }>`select status from emails where unsubscribe_ref = ${ref}`;
    expect(msg!.status).toBe('suppressed');
    expect((await server.api('POST', '/unsubscribe/api/', { body: { ref } })).status).toBe(200);
    expect((await server.api('GET', `/unsubscribe/api/${ref}`)).body.unsubscribed).toBe(true);
  });

  it('accepts the RFC 8058 one-click POST', async () => {
    await server.app.mailer.enqueue(server.db, {
      kind: 'mass-mail',
      to: 'oneclick@school.example.org',
      subject: 'S',
      text: 'T',
      olympiadId: demo.geoDemo,
      massMailId: 1,
      unsubscribeRef: 'one-click-ref-0123456789',
      status: 'held',
    });
    const res = await server.api('POST', '/unsubscribe/api/one-click/one-click-ref-0123456789', {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    const [row] = await server.query<{
      source: string;
    }>`select source from unsubscribes where email = 'oneclick@school.example.org'`;
    expect(row!.source).toBe('one-click');
  });

  it('lets staff add an address, lists and exports within scope', async () => {
    expect(
      (await server.api('POST', '/unsubscribe/api/', { body: { email: 'x@y.org', olympiadId: demo.geoDemo } })).status,
    ).toBe(401);
    expect(
      (
        await server.api('POST', '/unsubscribe/api/', {
          token: token.teacher,
          body: { email: 'x@y.org', olympiadId: demo.geoDemo },
        })
      ).status,
    ).toBe(403);
    const before = await count('unsubscribes');
    expect(
      (
        await server.api('POST', '/unsubscribe/api/', {
          token: token.admin,
          body: { email: 'x@y.org', olympiadId: other.olympiadId },
        })
      ).status,
    ).toBe(404);
    expect(await count('unsubscribes')).toBe(before);
    expect(
      (
        await server.api('POST', '/unsubscribe/api/', {
          token: token.admin,
          body: { email: 'staff-added@y.org', olympiadId: demo.geoDemo },
        })
      ).status,
    ).toBe(200);
    const list = await server.api('GET', `/unsubscribe/v-rest/?olympiadId=${demo.geoDemo}&search=staff-added`, {
      token: token.funding,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((u: { email: string }) => u.email)).toEqual(['staff-added@y.org']);
    expect(
      (await server.api('GET', `/unsubscribe/v-rest/?olympiadId=${other.olympiadId}`, { token: token.funding })).status,
    ).toBe(404);
    expect((await server.api('GET', '/unsubscribe/v-rest/', { token: token.accountant })).status).toBe(403);
    const csv = await server.api('GET', `/unsubscribe/v-rest/?olympiadId=${demo.geoDemo}&format=csv`, {
      token: token.admin,
    });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text).toMatch(/^email,olympiad,source,unsubscribed_at\r\n/);
    expect(csv.text).toContain('staff-added@y.org');
  });

  it('takes bounces only with the shared secret; a hard bounce suppresses mass mail', async () => {
    const body = { email: 'bouncy@school.example.org', kind: 'hard', reason: '550 mailbox unknown' };
    const before = await count('bounces');
    expect((await server.api('POST', '/bounce/api/intake', { body })).status).toBe(403);
    expect(
      (
        await server.api('POST', '/bounce/api/intake', {
          body,
          headers: { 'x-bounce-secret': 'wrong-secret-0123456789abcd' },
        })
      ).status,
    ).toBe(403);
    expect(await count('bounces')).toBe(before);
    const ok = await server.api('POST', '/bounce/api/intake', {
      body: { bounces: [body] },
      headers: { 'x-bounce-secret': BOUNCE_SECRET },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recorded).toBe(1);
    const counted = await server.api('POST', '/emailer/api/audience-count', {
      token: token.admin,
      body: {
        olympiadId: demo.geoDemo,
        audience: { kind: 'pasted', addresses: ['bouncy@school.example.org', 'fine@school.example.org'] },
      },
    });
    expect(counted.body).toMatchObject({ count: 1, suppressed: 1 });
    expect((await server.api('GET', '/bounce/api/')).status).toBe(401);
    expect((await server.api('GET', '/bounce/api/', { token: token.admin })).status).toBe(403);
    const list = await server.api('GET', '/bounce/api/?search=bouncy', { token: token.overlord });
    expect(list.body.items).toMatchObject([{ email: 'bouncy@school.example.org', kind: 'hard' }]);
  });
});

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

describe('system-email copy', () => {
  it('lists every kind with its variables; saves per olympiad; refuses unknown variables', async () => {
    expect((await server.api('GET', '/email-template/v-rest/')).status).toBe(401);
    expect((await server.api('GET', '/email-template/v-rest/', { token: token.funding })).status).toBe(403);
    expect((await server.api('GET', '/email-template/v-rest/', { token: token.admin })).status).toBe(400);
    const list = await server.api('GET', `/email-template/v-rest/?olympiadId=${demo.geoDemo}`, { token: token.admin });
    expect(list.body.items.map((t: { kind: string }) => t.kind)).toEqual(
      expect.arrayContaining([
        'verify-email',
        'reset-password',
        'eoi-processed',
        'eoi-declined',
        'learner-slips-ready',
        'invoice',
        'certificates',
      ]),
    );
    const bad = await server.api('PUT', `/email-template/api/reset-password?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Reset', html: '<p>{{name}} {{pasword}}</p>' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].message).toMatch(/\{\{pasword\}\}/);
    expect(
      (
        await server.api('PUT', `/email-template/api/reset-password?olympiadId=${other.olympiadId}`, {
          token: token.admin,
          body: { subject: 'Reset', html: '<p>x</p>' },
        })
      ).status,
    ).toBe(404);
    const ok = await server.api('PUT', `/email-template/api/reset-password?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Reset for {{name}}', html: '<p>Go: <a href="{{link}}">here</a></p>' },
    });
    expect(ok.status).toBe(200);
    const after = await server.api('GET', `/email-template/v-rest/?olympiadId=${demo.geoDemo}`, { token: token.admin });
    expect(after.body.items.find((t: { kind: string }) => t.kind === 'reset-password')).toMatchObject({
      source: 'olympiad',
      subject: 'Reset for {{name}}',
    });
    const site = await server.api('GET', '/email-template/v-rest/', { token: token.overlord });
    expect(site.body.items.find((t: { kind: string }) => t.kind === 'reset-password').source).toBe('default');
  });

  it('previews with sample data and sends a test to yourself', async () => {
    const preview = await server.api('POST', `/email-template/api/invoice/preview?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Invoice {{amount}}', html: '<p>{{schoolName}}</p>' },
    });
    expect(preview.body).toMatchObject({ subject: 'Invoice R 1 050.00', html: '<p>Waterkloof High School</p>' });
    const sent = await server.api('POST', `/email-template/api/invoice/test?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Invoice {{amount}}', html: '<p>{{schoolName}}</p>' },
    });
    expect(sent.status).toBe(200);
    const [mail] = await server.query<{ to_address: string; subject: string; status: string }>`
      select to_address, subject, status from emails where kind = 'test:invoice'`;
    expect(mail).toEqual({
      to_address: 'admin@olympus.example.org',
      subject: '[Test] Invoice R 1 050.00',
      status: 'outbox',
    });
  });

  it('uses the saved wording when the platform sends that message', async () => {
    const saved = await server.api('PUT', '/email-template/api/reset-password', {
      token: token.overlord,
      body: { subject: 'New password for {{username}}', html: '<p>Hi {{name}}, <a href="{{link}}">reset</a>.</p>' },
    });
    expect(saved.status).toBe(200);
    expect((await server.api('POST', '/api/auth/forgot-password/teacher2')).status).toBe(200);
    const [mail] = await server.query<{ subject: string; html_body: string; text_body: string }>`
      select subject, html_body, text_body from emails where kind = 'reset-password' and to_address = 'teacher@rbhs.example.org'
      order by id desc limit 1`;
    expect(mail!.subject).toBe('New password for teacher2');
    expect(mail!.html_body).toMatch(
      /^<p>Hi Pieter van der Merwe, <a href="http:\/\/olympus\.test\/verify-email\/[\w-]+">reset<\/a>\.<\/p>$/,
    );
    expect(mail!.text_body).toMatch(/reset \(http:\/\/olympus\.test\/verify-email\//);
  });
});
