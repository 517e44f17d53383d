import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact, createOlympiad, createUser, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** Useful contacts (interested and affected parties): the v-rest calls, their policy, and the mail audience. */
let server: TestServer;
let demo: DemoIds;
const token: Record<string, string> = {};
let other: { olympiadId: number; contactId: number };

const stored = async (id: number) =>
  (
    await server.query<{ name: string; email: string | null; olympiad_id: number }>`
      select name, email, olympiad_id from useful_contacts where id = ${id}`
  )[0];

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false' } });
  demo = await demoIds(server);
  for (const u of ['overlord', 'admin', 'accountant', 'funding', 'teacher'])
    token[u] = (await server.signIn(u)).accessToken.token;
  const olympiad = await createOlympiad(server.db, { varName: 'contacts-other' });
  const contact = await createContact(server.db, olympiad.id, { name: 'Far Away', email: 'far@away.example.org' });
  const admin = await createUser(server.db, { role: 'admin', username: 'contacts-admin', password: 'olympus-demo' });
  await grant(server.db, admin.id, olympiad.id, 'admin');
  token.otherAdmin = (await server.signIn('contacts-admin')).accessToken.token;
  other = { olympiadId: olympiad.id, contactId: contact.id };
});
afterAll(() => server?.close());

const list = (who: string, query = '') =>
  server.api('GET', `/useful-contact/v-rest/?olympiadId=${demo.geoDemo}${query}`, { token: token[who] });

describe('useful-contact/v-rest/', () => {
  it('lists an olympiad’s contacts to its admin, funding staff and the overlord only; paged, searched, sorted', async () => {
    expect((await server.api('GET', `/useful-contact/v-rest/?olympiadId=${demo.geoDemo}`)).status).toBe(401);
    for (const who of ['accountant', 'teacher']) expect((await list(who)).status, who).toBe(403);
    for (const who of ['admin', 'funding', 'overlord']) {
      const res = await list(who);
      expect(res.status, who).toBe(200);
      expect(res.body.total).toBe(4);
    }
    const sorted = await list('admin', '&sort=name&order=asc');
    expect(sorted.body.items.map((c: { name: string }) => c.name)).toEqual([
      'Ayesha Davids',
      'Dr Johan Steyn',
      'Lindiwe Mahlangu',
      'Nomsa Khumalo',
    ]);
    expect(sorted.body.items[0]).toMatchObject({
      organisation: 'Cape Town Science Centre',
      email: null,
      phone: '021 300 3200',
      suppressed: false,
      can: { update: true, delete: true },
    });
    const searched = await list('funding', '&search=karoo');
    expect(searched.body.items.map((c: { name: string }) => c.name)).toEqual(['Lindiwe Mahlangu']);
    expect((await list('admin', '&search=advisor')).body.total).toBe(1);
    const paged = await list('admin', '&pageSize=3&page=2&sort=name');
    expect(paged.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.items).toHaveLength(1);
    expect((await list('admin', '&sort=password')).status).toBe(400);
    expect(
      (await server.api('GET', `/useful-contact/v-rest/?olympiadId=${other.olympiadId}`, { token: token.admin }))
        .status,
    ).toBe(404);
    expect((await server.api('GET', '/useful-contact/v-rest/', { token: token.admin })).status).toBe(400);
  });

  it('adds a contact with validation, refuses a duplicate address, audits', async () => {
    const invalid = await server.api('POST', '/useful-contact/v-rest/', {
      token: token.funding,
      body: { olympiadId: demo.geoDemo, name: 'X', email: 'not-an-address', phone: 'call me' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.email',
      'body.name',
      'body.phone',
    ]);
    const created = await server.api('POST', '/useful-contact/v-rest/', {
      token: token.funding,
      body: {
        olympiadId: demo.geoDemo,
        name: '  Themba Ndlovu ',
        organisation: 'Tshwane District Office',
        role: '',
        email: 'Themba.Ndlovu@District.example.org',
        phone: '+27 12 000 0000',
        notes: 'Met at the prize-giving.',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.contact).toMatchObject({
      name: 'Themba Ndlovu',
      role: null,
      email: 'themba.ndlovu@district.example.org',
    });
    const id = created.body.contact.id;
    expect(await stored(id)).toEqual({
      name: 'Themba Ndlovu',
      email: 'themba.ndlovu@district.example.org',
      olympiad_id: demo.geoDemo,
    });
    const [auditRow] = await server.query<{ actor_id: number; action: string }>`
      select actor_id, action from audit_log where entity = 'useful_contact' and entity_id = ${String(id)}`;
    expect(auditRow).toEqual({ actor_id: demo.users.funding, action: 'useful-contact.create' });

    const duplicate = await server.api('POST', '/useful-contact/v-rest/', {
      token: token.admin,
      body: { olympiadId: demo.geoDemo, name: 'Someone Else', email: 'THEMBA.ndlovu@district.example.org' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details[0].path).toBe('body.email');
    const elsewhere = await server.api('POST', '/useful-contact/v-rest/', {
      token: token.admin,
      body: { olympiadId: other.olympiadId, name: 'Sneaky Add' },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('reads, edits and deletes one contact within the olympiad; other olympiads’ contacts are 404 and unchanged', async () => {
    const [c] = await server.query<{ id: number }>`select id from useful_contacts where name = 'Dr Johan Steyn'`;
    const one = await server.api('GET', `/useful-contact/v-rest/${c!.id}`, { token: token.admin });
    expect(one.body.contact.organisation).toBe('Society of South African Geographers');
    const edited = await server.api('PUT', `/useful-contact/v-rest/${c!.id}`, {
      token: token.admin,
      body: { olympiadId: demo.geoDemo, name: 'Prof Johan Steyn', email: 'johan.steyn@ssag.example.org' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.contact).toMatchObject({ name: 'Prof Johan Steyn', organisation: null });
    const moved = await server.api('PUT', `/useful-contact/v-rest/${c!.id}`, {
      token: token.admin,
      body: { olympiadId: other.olympiadId, name: 'Prof Johan Steyn' },
    });
    expect(moved.status).toBe(400);

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { olympiadId: other.olympiadId, name: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await server.api(method, `/useful-contact/v-rest/${other.contactId}`, { token: token.admin, body });
      expect(res.status, method).toBe(404);
    }
    expect(await stored(other.contactId)).toMatchObject({ name: 'Far Away' });
    expect((await server.api('DELETE', `/useful-contact/v-rest/${c!.id}`, { token: token.otherAdmin })).status).toBe(
      404,
    );

    const removed = await server.api('DELETE', `/useful-contact/v-rest/${c!.id}`, { token: token.funding });
    expect(removed.status).toBe(200);
    expect(await stored(c!.id)).toBeUndefined();
    expect((await server.api('GET', `/useful-contact/v-rest/${c!.id}`, { token: token.admin })).status).toBe(404);
  });
});

describe('the mass-mail audience "useful contacts"', () => {
  it('counts the contacts with an address, leaves out unsubscribed ones, and personalises with their name', async () => {
    const count = () =>
      server.api('POST', '/emailer/api/audience-count', {
        token: token.funding,
        body: { olympiadId: demo.geoDemo, audience: { kind: 'useful-contacts' } },
      });
    // Nomsa, Lindiwe and Themba (added above); Ayesha has no address; Johan was removed.
    expect((await count()).body).toMatchObject({ count: 3, suppressed: 0 });
    await server.query`insert into unsubscribes (email, olympiad_id, source)
      values ('lindiwe@karoomapping.example.org', ${demo.geoDemo}, 'staff')`;
    expect((await count()).body).toMatchObject({ count: 2, suppressed: 1 });
    expect((await list('admin', '&search=lindiwe')).body.items[0].suppressed).toBe(true);

    const mailing = await server.api('POST', '/emailer/api/', {
      token: token.funding,
      body: {
        olympiadId: demo.geoDemo,
        subject: 'Thank you, {{firstName}}',
        html: '<p>Dear {{firstName}} {{lastName}} of {{schoolName}}</p>',
        audience: { kind: 'useful-contacts' },
      },
    });
    expect(mailing.status).toBe(200);
    const preview = await server.api('POST', `/emailer/api/${mailing.body.mailing.id}/preview`, {
      token: token.funding,
      body: { email: 'nomsa.khumalo@gde.example.org' },
    });
    expect(preview.body.subject).toBe('Thank you, Nomsa');
    expect(preview.body.html).toContain('Dear Nomsa Khumalo of Gauteng Department of Education');
    const queued = await server.api('POST', `/emailer/api/${mailing.body.mailing.id}/queue`, { token: token.funding });
    expect(queued.body.queued).toBe(2);
    const to = await server.query<{ to_address: string }>`
      select to_address from emails where mass_mail_id = ${mailing.body.mailing.id} order by to_address`;
    expect(to.map((r) => r.to_address)).toEqual([
      'nomsa.khumalo@gde.example.org',
      'themba.ndlovu@district.example.org',
    ]);
  });

  it('counts teachers of participating schools, of schools not yet paid and of all schools apart', async () => {
    const count = async (kind: string) =>
      (
        await server.api('POST', '/emailer/api/audience-count', {
          token: token.admin,
          body: { olympiadId: demo.geoDemo, audience: { kind } },
        })
      ).body.count;
    expect(await count('participating-teachers')).toBe(2);
    expect(await count('unpaid-teachers')).toBe(1);
    // A withdrawn school no longer participates.
    await server.query`update school_participants set status = 'withdrawn'
      where olympiad_id = ${demo.geoDemo} and school_id = ${demo.school2}`;
    expect(await count('participating-teachers')).toBe(1);
    expect(await count('unpaid-teachers')).toBe(0);
  });
});
