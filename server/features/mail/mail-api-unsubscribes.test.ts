import { beforeAll, describe, expect, it } from 'vitest';

import { BOUNCE_SECRET, count, demo, other, server, token, useMailApiServer } from './mail-api-testing.js';

useMailApiServer();

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
    // A BOM first, like every CSV the product writes, so that Excel reads accents right (fetch's text() drops it).
    const raw = await fetch(`${server.url}/unsubscribe/v-rest/?olympiadId=${demo.geoDemo}&format=csv`, {
      headers: { authorization: `Bearer ${token.admin}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.text).toContain('staff-added@y.org');
    // When, in the olympiad's zone with its offset: never UTC text to convert by hand.
    const line = csv.text.split('\r\n').find((l) => l.startsWith('staff-added@y.org'))!;
    expect(line).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00$/);
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
