import { describe, expect, it } from 'vitest';
import { demo, other, server, token, useMailApiServer } from './mail-api-testing.js';

useMailApiServer();

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
