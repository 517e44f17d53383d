import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createProject, createUser, grant } from '../../seed/factories.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** Copy as data, one describe per endpoint: 401, 403 by role, 404 with rows unchanged, happy path. */
let server: TestServer;
let demo: DemoIds;
let overlord: Client;
let admin: Client;
/** The admin of an olympiad of another project only. */
let otherAdmin: Client;
let geography: number;
let otherProject: { id: number; projectName: string };
let otherOlympiad: { id: number };

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const evil = '<p onclick="x()">Hello<script>alert(1)</script> <a href="javascript:alert(1)">there</a></p>';
const clean = '<p>Hello <a href>there</a></p>';

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  [overlord, admin] = await Promise.all([server.as('overlord'), server.as('admin')]);
  const [p] = await server.query<{ id: number }>`select id from projects where project_name = 'geography'`;
  geography = p!.id;
  otherProject = await createProject(server.db, { projectName: 'copy-other', title: 'Another olympiad' });
  otherOlympiad = await createOlympiad(server.db, { projectId: otherProject.id });
  const other = await createUser(server.db, { role: 'admin', username: 'copy-admin', password: 'password-123' });
  await grant(server.db, other.id, otherOlympiad.id, 'admin');
  otherAdmin = await server.as('copy-admin', { password: 'password-123' });
});
afterAll(() => server?.close());

const websiteRows = 'select id, project_id, section, body, updated_at from website_copy order by id';
const generalRows = 'select id, olympiad_id, key, body, updated_at from general_copy order by id';
const partnerRows = 'select * from partners order by id';
const testimonialRows = 'select * from testimonials order by id';

describe('GET /website/api/copy/{id} and GET /website-copy/api/ (public)', () => {
  it('a visitor reads a project’s copy by name or id, every section; an unknown project is 404', async () => {
    const anonymous = server.anonymous();
    const byName = await anonymous.get('/website/api/copy/geography');
    expect(byName.status).toBe(200);
    expect(byName.body.project).toEqual({ id: geography, projectName: 'geography', title: 'Geography Olympiad' });
    expect(Object.keys(byName.body.copy)).toEqual(['home', 'about', 'participation-and-rules', 'contact']);
    expect(byName.body.copy.about).toContain('Who runs it');
    expect((await anonymous.get(`/website/api/copy/${geography}`)).body.copy).toEqual(byName.body.copy);
    expect((await anonymous.get('/website/api/copy/history')).body.copy.about).toBe('');
    expect((await anonymous.get('/website/api/copy/no-such-project')).status).toBe(404);

    const list = await anonymous.get('/website-copy/api/', { query: { projectName: 'geography' } });
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { section: string }) => i.section).sort()).toEqual(
      ['about', 'contact', 'home', 'participation-and-rules'].sort(),
    );
    expect((await anonymous.get('/website-copy/api/')).status).toBe(400);
  });
});

describe('GET /website-copy/v-rest/', () => {
  it('401 without a token; 403 for the roles that edit no website copy', async () => {
    await unauthenticated(server, (c) => c.get('/website-copy/v-rest/', { query: { olympiadId: demo.geoDemo } }));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], (c) =>
      c.get('/website-copy/v-rest/', { query: { olympiadId: demo.geoDemo } }),
    );
  });

  it('404 for another olympiad’s or project’s copy', async () => {
    expect((await admin.get('/website-copy/v-rest/', { query: { olympiadId: otherOlympiad.id } })).status).toBe(404);
    expect((await admin.get('/website-copy/v-rest/', { query: { projectId: otherProject.id } })).status).toBe(404);
  });

  it('an admin reads their olympiad’s project’s sections, each with its text and their right to edit', async () => {
    const res = await admin.get('/website-copy/v-rest/', { query: { olympiadId: demo.geoDemo } });
    expect(res.status).toBe(200);
    expect(res.body.project.projectName).toBe('geography');
    expect(res.body.items).toHaveLength(4);
    expect(res.body.items[1]).toMatchObject({ section: 'about', id: expect.any(Number), can: { update: true } });
    const history = await overlord.get('/website-copy/v-rest/', { query: { projectId: otherProject.id } });
    expect(history.body.items.every((i: { id: number | null }) => i.id === null)).toBe(true);
  });
});

describe('POST /website-copy/v-rest/, PUT and DELETE /website-copy/v-rest/{id}', () => {
  const publish =
    (olympiadId: number, body = evil) =>
    (c: Client) =>
      c.post('/website-copy/v-rest/', { body: { olympiadId, section: 'about', body } });

  it('401 without a token; 403 for the roles that edit no website copy', async () => {
    await unauthenticated(server, publish(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], publish(demo.geoDemo));
  });

  it('404 for another project’s copy, by olympiad, project or id; rows unchanged', async () => {
    await notFoundUnchanged(server, websiteRows, admin, publish(otherOlympiad.id));
    await notFoundUnchanged(server, websiteRows, admin, (c) =>
      c.post('/website-copy/v-rest/', { body: { projectId: otherProject.id, section: 'home', body: '<p>x</p>' } }),
    );
    const theirs = await publish(otherOlympiad.id, '<p>Theirs</p>')(otherAdmin);
    expect(theirs.status).toBe(200);
    await notFoundUnchanged(server, websiteRows, admin, (c) =>
      c.put(`/website-copy/v-rest/${theirs.body.copy.id}`, { body: { body: '<p>Mine</p>' } }),
    );
    await notFoundUnchanged(server, websiteRows, admin, (c) => c.delete(`/website-copy/v-rest/${theirs.body.copy.id}`));
  });

  it('an admin publishes a section, sanitised, audited; edits and removes it', async () => {
    const res = await publish(demo.geoDemo)(admin);
    expect(res.status).toBe(200);
    expect(res.body.copy).toMatchObject({ section: 'about', body: clean, can: { update: true } });
    const [row] = await server.query<{ body: string }>`
      select body from website_copy where project_id = ${geography} and section = 'about'`;
    expect(row!.body).toBe(clean);
    expect((await server.anonymous().get('/website/api/copy/geography')).body.copy.about).toBe(clean);
    const [audit] = await server.query<{ actor_id: number }>`
      select actor_id from audit_log where action = 'website-copy.publish' and entity_id = ${String(res.body.copy.id)}`;
    expect(audit!.actor_id).toBe(demo.users.admin);

    const edited = await admin.put(`/website-copy/v-rest/${res.body.copy.id}`, { body: { body: '<h2>About</h2>' } });
    expect(edited.body.copy.body).toBe('<h2>About</h2>');
    expect((await admin.delete(`/website-copy/v-rest/${res.body.copy.id}`)).status).toBe(200);
    expect(await server.query`select id from website_copy where id = ${res.body.copy.id}`).toHaveLength(0);
  });

  it('an image for the copy is stored by its content and served at its public address', async () => {
    const up = await admin.upload(
      '/website-copy/v-rest/image',
      { bytes: png, name: 'map.png' },
      {
        query: { olympiadId: demo.geoDemo },
      },
    );
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(/^\/website\/api\/image\/\d+\/[0-9a-f]{32}$/);
    const img = await fetch(`${server.url}${up.body.url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    const notImage = await admin.upload(
      '/website-copy/v-rest/image',
      { bytes: 'hello', name: 'x.png' },
      {
        query: { olympiadId: demo.geoDemo },
      },
    );
    expect(notImage.status).toBe(415);
    const wrongSig = await fetch(`${server.url}${up.body.url.replace(/[0-9a-f]{32}$/, '0'.repeat(32))}`);
    expect(wrongSig.status).toBe(404);
  });
});

describe('GET, POST /copy/v-rest/ and PUT, DELETE /copy/v-rest/{id} (general copy)', () => {
  const publish =
    (olympiadId: number, key = 'finished-message', body = evil) =>
    (c: Client) =>
      c.post('/copy/v-rest/', { body: { olympiadId, key, body } });

  it('401 without a token; 403 for the roles that edit no general copy', async () => {
    await unauthenticated(server, (c) => c.get('/copy/v-rest/', { query: { olympiadId: demo.geoDemo } }));
    await unauthenticated(server, publish(demo.geoDemo));
    for (const call of [
      (c: Client) => c.get('/copy/v-rest/', { query: { olympiadId: demo.geoDemo } }),
      publish(demo.geoDemo),
    ])
      await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], call);
  });

  it('404 for another olympiad’s copy; rows unchanged', async () => {
    expect((await admin.get('/copy/v-rest/', { query: { olympiadId: otherOlympiad.id } })).status).toBe(404);
    await notFoundUnchanged(server, generalRows, admin, publish(otherOlympiad.id));
    const theirs = await publish(otherOlympiad.id, 'portal-intro', '<p>Theirs</p>')(otherAdmin);
    expect(theirs.status).toBe(200);
    await notFoundUnchanged(server, generalRows, admin, (c) =>
      c.put(`/copy/v-rest/${theirs.body.copy.id}`, { body: { body: '<p>Mine</p>' } }),
    );
    await notFoundUnchanged(server, generalRows, admin, (c) => c.delete(`/copy/v-rest/${theirs.body.copy.id}`));
  });

  it('every named text reads its default until the admin publishes their own, which learners then read', async () => {
    const before = await admin.get('/copy/v-rest/', { query: { olympiadId: demo.geoDemo } });
    expect(before.status).toBe(200);
    const finished = before.body.items.find((i: { key: string }) => i.key === 'finished-message');
    expect(finished).toMatchObject({ id: null, body: null, format: 'html', can: { update: true } });
    expect(finished.value).toBe(finished.default);

    const res = await publish(demo.geoDemo)(admin);
    expect(res.status).toBe(200);
    expect(res.body.copy).toMatchObject({ body: clean, value: clean });
    const [row] = await server.query<{ body: string }>`
      select body from general_copy where olympiad_id = ${demo.geoDemo} and key = 'finished-message'`;
    expect(row!.body).toBe(clean);
    const learner = await server.as('learner1');
    const state = await learner.get('/api/sitting/geo-demo/state');
    expect(state.body.copy['finished-message']).toBe(clean);
    expect(state.body.copy['instructions-intro']).toContain('Read these instructions carefully');

    // A plain text (the tick-box) keeps only its words; an empty text is refused.
    const tick = await publish(demo.geoDemo, 'declaration-accept', '<p>I <b>promise</b><script>x</script></p>')(admin);
    expect(tick.body.copy.body).toBe('I promise');
    const empty = await publish(demo.geoDemo, 'results-pending', '<script>x</script>')(admin);
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([{ path: 'body.body', message: 'Write the text, or reset it to the default' }]);

    expect((await admin.delete(`/copy/v-rest/${res.body.copy.id}`)).status).toBe(200);
    const after = await admin.get('/copy/v-rest/', { query: { olympiadId: demo.geoDemo } });
    expect(after.body.items.find((i: { key: string }) => i.key === 'finished-message').id).toBeNull();
  });
});

describe('GET and POST /api/site-copy/ (the platform pages)', () => {
  it('a visitor reads every page and the partners; only the overlord publishes', async () => {
    const res = await server.anonymous().get('/api/site-copy/');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.pages)).toEqual([
      'home',
      'about',
      'our-partners',
      'our-users',
      'contact',
      'privacy',
      'privacy-af',
    ]);
    expect(res.body.partners.length).toBeGreaterThan(0);
    const write = (c: Client) => c.post('/api/site-copy/', { body: { page: 'about', body: evil } });
    await unauthenticated(server, write);
    await forbiddenFor(server, ['admin', 'teacher', 'learner1', 'accountant', 'funding'], write);
  });

  it('the overlord publishes a page, sanitised and audited', async () => {
    const res = await overlord.post('/api/site-copy/', { body: { page: 'about', body: evil } });
    expect(res.status).toBe(200);
    const [row] = await server.query<{ body: string }>`select body from site_copy where page = 'about'`;
    expect(row!.body).toBe(clean);
    expect((await server.anonymous().get('/api/site-copy/')).body.pages.about.body).toBe(clean);
    expect(await server.query`select id from audit_log where action = 'site-copy.publish'`).toHaveLength(1);
    expect((await overlord.post('/api/site-copy/', { body: { page: 'nowhere', body: '<p>x</p>' } })).status).toBe(400);
  });
});

describe('partners: POST /api/site-copy/partners, PUT, DELETE, logo, reorder', () => {
  it('401 without a token; 403 for everyone but the overlord; 404 for a missing partner, rows unchanged', async () => {
    const add = (c: Client) => c.post('/api/site-copy/partners', { body: { name: 'A partner' } });
    await unauthenticated(server, add);
    await forbiddenFor(server, ['admin', 'teacher', 'learner1', 'accountant', 'funding'], add);
    await notFoundUnchanged(server, partnerRows, overlord, (c) =>
      c.put('/api/site-copy/partners/999999', { body: { name: 'Nobody' } }),
    );
  });

  it('the overlord adds a partner with a logo, edits, orders and removes it', async () => {
    const res = await overlord.post('/api/site-copy/partners', {
      body: { name: '  Geo Society  ', url: 'https://geo.example.org', description: 'Sets questions.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.partner).toMatchObject({ name: 'Geo Society', logoUrl: null });
    const id = res.body.partner.id as number;
    expect(
      (await overlord.post('/api/site-copy/partners', { body: { name: 'Bad', url: 'javascript:alert(1)' } })).status,
    ).toBe(400);
    const logo = await overlord.upload(`/api/site-copy/partners/${id}/logo`, { bytes: png, name: 'logo.png' });
    expect(logo.status).toBe(200);
    expect(logo.body.partner.logoUrl).toMatch(/^\/website\/api\/image\//);
    const edited = await overlord.put(`/api/site-copy/partners/${id}`, { body: { name: 'Geography Society' } });
    expect(edited.body.partner).toMatchObject({ name: 'Geography Society', url: '' });
    const ids = (await server.query<{ id: number }>`select id from partners order by position, id`).map((r) => r.id);
    const reversed = [...ids].reverse();
    expect((await overlord.post('/api/site-copy/partners/reorder', { body: { ids: reversed } })).status).toBe(200);
    const after = await server.query<{ id: number }>`select id from partners order by position`;
    expect(after.map((r) => r.id)).toEqual(reversed);
    expect((await overlord.delete(`/api/site-copy/partners/${id}`)).status).toBe(200);
    expect(await server.query`select id from partners where id = ${id}`).toHaveLength(0);
  });
});

describe('testimonials: GET, POST /testimonial/v-rest/, PUT and DELETE {id}, reorder', () => {
  it('a visitor reads the published ones; the overlord drafts too', async () => {
    const draft = await overlord.post('/testimonial/v-rest/', {
      body: { quote: evil, name: 'A Teacher', affiliation: 'Somewhere High', published: false },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.testimonial).toMatchObject({ quote: clean, published: false, can: { update: true } });
    const [row] = await server.query<{
      quote: string;
    }>`select quote from testimonials where id = ${draft.body.testimonial.id}`;
    expect(row!.quote).toBe(clean);
    const publicList = await server.anonymous().get('/testimonial/v-rest/');
    expect(publicList.status).toBe(200);
    expect(publicList.body.items.some((t: { id: number }) => t.id === draft.body.testimonial.id)).toBe(false);
    expect(publicList.body.items[0].can).toEqual({ update: false, delete: false });
    const all = await overlord.get('/testimonial/v-rest/');
    expect(all.body.items.some((t: { id: number }) => t.id === draft.body.testimonial.id)).toBe(true);
  });

  it('401 without a token and 403 for others on writes; 404 for a missing one, rows unchanged', async () => {
    const add = (c: Client) => c.post('/testimonial/v-rest/', { body: { quote: '<p>Hi</p>', name: 'Someone' } });
    await unauthenticated(server, add);
    await forbiddenFor(server, ['admin', 'teacher', 'learner1', 'accountant', 'funding'], add);
    await notFoundUnchanged(server, testimonialRows, overlord, (c) =>
      c.put('/testimonial/v-rest/999999', { body: { quote: '<p>Hi</p>', name: 'Someone' } }),
    );
    await notFoundUnchanged(server, testimonialRows, overlord, (c) => c.delete('/testimonial/v-rest/999999'));
  });

  it('the overlord edits, orders and removes one', async () => {
    const [first] = await server.query<{ id: number }>`select id from testimonials order by position, id limit 1`;
    const edited = await overlord.put(`/testimonial/v-rest/${first!.id}`, {
      body: { quote: '<p>Changed</p>', name: 'Thandi M.', affiliation: 'Teacher', published: true },
    });
    expect(edited.body.testimonial).toMatchObject({ quote: '<p>Changed</p>', name: 'Thandi M.' });
    const ids = (await server.query<{ id: number }>`select id from testimonials order by position, id`).map(
      (r) => r.id,
    );
    const reversed = [...ids].reverse();
    expect((await overlord.post('/testimonial/v-rest/reorder', { body: { ids: reversed } })).status).toBe(200);
    expect((await overlord.post('/testimonial/v-rest/reorder', { body: { ids: reversed.slice(1) } })).status).toBe(400);
    expect((await overlord.delete(`/testimonial/v-rest/${first!.id}`)).status).toBe(200);
    expect(await server.query`select id from testimonials where id = ${first!.id}`).toHaveLength(0);
  });
});
