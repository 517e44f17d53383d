import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import {
  type Call,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** FAQs (the content feature), one describe per endpoint: 401, 403 by role, 404 with rows unchanged, happy path. */
let server: TestServer;
let demo: DemoIds;
let overlord: Client;
let admin: Client;
let teacher: Client;
/** The admin of `otherOlympiad` only. */
let otherAdmin: Client;
/** An olympiad nobody of the demo holds, over (so no teacher's portal shows it) and one still taking entries. */
let otherOlympiad: { id: number };
let openOlympiad: { id: number };
let geographyProject: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  [overlord, admin, teacher] = await Promise.all([server.as('overlord'), server.as('admin'), server.as('teacher')]);
  const past = (days: number) => new Date(Date.now() - days * 86_400_000);
  otherOlympiad = await createOlympiad(server.db, { startsAt: past(30), endsAt: past(20) });
  openOlympiad = await createOlympiad(server.db, { endsAt: new Date(Date.now() + 30 * 86_400_000) });
  const other = await createUser(server.db, { role: 'admin', username: 'faq-admin', password: 'password-123' });
  await grant(server.db, other.id, otherOlympiad.id, 'admin');
  otherAdmin = await server.as('faq-admin', { password: 'password-123' });
  const [p] = await server.query<{ id: number }>`select id from projects where project_name = 'geography'`;
  geographyProject = p!.id;
});
afterAll(() => server?.close());

const faqRows = `select id, audience, olympiad_id, project_id, question, answer, position, published, updated_at
  from faqs order by id`;
const add = (client: Client, body: Record<string, unknown>) =>
  client.post('/faq/v-rest/', { body: { published: true, ...body } });
const portalFaq = { audience: 'portal', question: 'Why not?', answer: '<p>No</p>' };
const edit = { audience: 'olympiad', question: 'Taken over', answer: '<p>x</p>' };

/** FAQs the tests below act on: the admin's own, another olympiad's, and a portal one. */
const faq = {} as { mine: number; theirs: number; portal: number };

describe('POST /faq/v-rest/ (add)', () => {
  it('401 without a token; 403 for the roles that have no FAQs to edit', async () => {
    await unauthenticated(server, (c) => c.post('/faq/v-rest/', { body: {} }));
    await forbiddenFor(server, ['learner1', 'accountant', 'funding', 'teacher'], (c) => add(c, portalFaq));
    await forbiddenFor(server, ['admin'], (c) => add(c, { ...portalFaq, question: 'For everyone?' }));
  });

  it('404 for an olympiad out of reach (another admin’s, or none), rows unchanged', async () => {
    const into =
      (olympiadId: number): Call =>
      (c) =>
        add(c, { audience: 'olympiad', olympiadId, question: 'Mine now?', answer: '<p>x</p>' });
    await notFoundUnchanged(server, faqRows, admin, into(otherOlympiad.id));
    await notFoundUnchanged(server, faqRows, overlord, into(999999));
  });

  it('the overlord adds FAQs for every audience; answers are sanitised and each goes to the end of its group', async () => {
    const before = await server.query<{ n: number }>`select count(*)::int as n from faqs where audience = 'portal'`;
    const res = await add(overlord, {
      audience: 'portal',
      question: '  How long does marking take?  ',
      answer: '<p onclick="x()">At once.<script>alert(1)</script> <a href="javascript:alert(1)">more</a></p>',
    });
    expect(res.status).toBe(200);
    expect(res.body.faq).toMatchObject({
      audience: 'portal',
      question: 'How long does marking take?',
      answer: '<p>At once. <a href>more</a></p>',
      position: before[0]!.n,
      can: { update: true, delete: true },
    });
    const [stored] = await server.query<{ question: string; answer: string }>`
      select question, answer from faqs where id = ${res.body.faq.id}`;
    expect(stored).toEqual({ question: 'How long does marking take?', answer: '<p>At once. <a href>more</a></p>' });
    const project = await add(overlord, {
      audience: 'project',
      projectId: geographyProject,
      question: 'Is there a prize?',
      answer: '<p>Yes: medals.</p>',
    });
    expect(project.body.faq).toMatchObject({ projectName: 'geography', olympiadId: null });
    const mixed = await add(overlord, {
      audience: 'portal',
      olympiadId: demo.geoDemo,
      question: 'Group ids of another audience are dropped',
      answer: '<p>Yes</p>',
    });
    expect(mixed.body.faq.olympiadId).toBeNull();
    expect(
      (await add(overlord, { audience: 'olympiad', question: 'Which olympiad?', answer: '<p>x</p>' })).body.details,
    ).toEqual([{ path: 'body.olympiadId', message: 'Choose the olympiad' }]);
    const empty = await add(overlord, { audience: 'portal', question: 'Empty answer?', answer: '<script>x</script>' });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([{ path: 'body.answer', message: 'Write the answer' }]);
    const [audit] = await server.query<{ actor_id: number }>`
      select actor_id from audit_log where action = 'faq.create' and entity_id = ${String(res.body.faq.id)}`;
    expect(audit!.actor_id).toBe(demo.users.overlord);
  });

  it('an admin adds FAQs for their own olympiad', async () => {
    const mine = await add(admin, {
      audience: 'olympiad',
      olympiadId: demo.geoDemo,
      question: 'Where is the venue?',
      answer: '<p>At your school.</p>',
    });
    expect(mine.status).toBe(200);
    expect(mine.body.faq.olympiadName).toBe('geo-demo');
    const theirs = await add(otherAdmin, {
      audience: 'olympiad',
      olympiadId: otherOlympiad.id,
      question: 'Another olympiad’s question',
      answer: '<p>Theirs.</p>',
    });
    expect(theirs.status).toBe(200);
    const portal = await add(overlord, { audience: 'portal', question: 'Portal only?', answer: '<p>Yes.</p>' });
    faq.mine = mine.body.faq.id;
    faq.theirs = theirs.body.faq.id;
    faq.portal = portal.body.faq.id;
  });
});

describe('GET /faq/v-rest/ (list)', () => {
  it('401 without a token; 403 for the roles that have no FAQs to read', async () => {
    await unauthenticated(server, (c) => c.get('/faq/v-rest/'));
    await forbiddenFor(server, ['learner1', 'accountant', 'funding'], (c) => c.get('/faq/v-rest/'));
  });

  it('404 for an olympiad out of reach', async () => {
    for (const client of [admin, teacher])
      expect((await client.get('/faq/v-rest/', { query: { olympiadId: otherOlympiad.id } })).status).toBe(404);
  });

  it('an admin lists their olympiad’s FAQs, drafts included', async () => {
    const list = await admin.get('/faq/v-rest/', { query: { pageSize: 500 } });
    expect(list.status).toBe(200);
    expect(new Set(list.body.items.map((f: { olympiadId: number }) => f.olympiadId))).toEqual(new Set([demo.geoDemo]));
    expect(list.body.items.some((f: { published: boolean }) => !f.published)).toBe(true);
  });

  it('a teacher reads published FAQs for all teachers and for the olympiads of their portal, nothing else', async () => {
    const hidden = await add(overlord, {
      audience: 'portal',
      question: 'An unpublished draft',
      answer: '<p>Draft.</p>',
      published: false,
    });
    const open = await add(overlord, {
      audience: 'olympiad',
      olympiadId: openOlympiad.id,
      question: 'About an olympiad still taking entries',
      answer: '<p>Enter soon.</p>',
    });
    const over = await add(overlord, {
      audience: 'olympiad',
      olympiadId: otherOlympiad.id,
      question: 'About an olympiad that is over',
      answer: '<p>Gone.</p>',
    });
    const res = await teacher.get('/faq/v-rest/', { query: { pageSize: 500 } });
    expect(res.status).toBe(200);
    const items = res.body.items as Array<{
      id: number;
      audience: string;
      olympiadId: number | null;
      published: boolean;
    }>;
    expect(items.every((f) => f.published)).toBe(true);
    expect(items.some((f) => f.audience === 'portal')).toBe(true);
    expect(items.some((f) => f.olympiadId === demo.geoDemo)).toBe(true);
    expect(items.some((f) => f.id === open.body.faq.id)).toBe(true);
    expect(items.some((f) => f.id === over.body.faq.id || f.id === hidden.body.faq.id)).toBe(false);
    expect(items.every((f) => f.audience !== 'project')).toBe(true);
    expect(res.body.items[0].can).toEqual({ update: false, delete: false });

    const olympiadOnly = await teacher.get('/faq/v-rest/', {
      query: { audience: 'olympiad', olympiadId: demo.geoDemo, pageSize: 100 },
    });
    expect(olympiadOnly.body.items.map((f: { question: string }) => f.question)).toContain(
      'What if the internet drops while a learner writes?',
    );
    expect(olympiadOnly.body.items.map((f: { question: string }) => f.question)).not.toContain(
      'Are calculators allowed? (draft)',
    );
    expect((await teacher.get(`/faq/v-rest/${over.body.faq.id}`)).status).toBe(404);
    expect((await teacher.get(`/faq/v-rest/${hidden.body.faq.id}`)).status).toBe(404);
    expect((await teacher.get(`/faq/v-rest/${open.body.faq.id}`)).status).toBe(200);
  });
});

describe('GET, PUT and DELETE /faq/v-rest/{id}', () => {
  it('404 for an admin on another olympiad’s FAQ or a portal one, and for moving their own away; rows unchanged', async () => {
    const move = { ...edit, olympiadId: otherOlympiad.id, question: 'Moved away' };
    const refused: Call[] = [
      (c) => c.get(`/faq/v-rest/${faq.theirs}`),
      (c) => c.put(`/faq/v-rest/${faq.theirs}`, { body: { ...edit, olympiadId: demo.geoDemo } }),
      (c) => c.delete(`/faq/v-rest/${faq.theirs}`),
      (c) => c.put(`/faq/v-rest/${faq.portal}`, { body: { ...edit, olympiadId: demo.geoDemo } }),
      (c) => c.delete(`/faq/v-rest/${faq.portal}`),
      // Moving their own FAQ into another olympiad is refused like a missing olympiad.
      (c) => c.put(`/faq/v-rest/${faq.mine}`, { body: move }),
    ];
    for (const call of refused) await notFoundUnchanged(server, faqRows, admin, call);
  });

  it('an admin edits and removes their own olympiad’s FAQ, as stored', async () => {
    const edited = await admin.put(`/faq/v-rest/${faq.mine}`, {
      body: { ...edit, olympiadId: demo.geoDemo, question: 'Where do learners write?', published: false },
    });
    expect(edited.body.faq).toMatchObject({ question: 'Where do learners write?', published: false });
    const [stored] = await server.query<{ question: string; published: boolean }>`
      select question, published from faqs where id = ${faq.mine}`;
    expect(stored).toEqual({ question: 'Where do learners write?', published: false });
    expect((await admin.delete(`/faq/v-rest/${faq.mine}`)).status).toBe(200);
    expect(await server.query`select id from faqs where id = ${faq.mine}`).toHaveLength(0);
  });
});

describe('POST /faq/v-rest/reorder', () => {
  it('404 for another olympiad’s group and 403 for the portal group, rows unchanged', async () => {
    await notFoundUnchanged(server, faqRows, admin, (c) =>
      c.post('/faq/v-rest/reorder', {
        body: { audience: 'olympiad', olympiadId: otherOlympiad.id, ids: [faq.theirs] },
      }),
    );
    await expectRowsUnchanged(server, faqRows, () =>
      forbiddenFor(server, ['admin'], (c) => c.post('/faq/v-rest/reorder', { body: { audience: 'portal', ids: [1] } })),
    );
  });

  it('reorders one group (all of its ids), and refuses a partial list', async () => {
    const ids = (
      await server.query<{ id: number }>`
      select id from faqs where audience = 'olympiad' and olympiad_id = ${demo.geoDemo} order by position, id`
    ).map((r) => r.id);
    const reversed = [...ids].reverse();
    const body = { audience: 'olympiad', olympiadId: demo.geoDemo, ids: reversed };
    expect((await admin.post('/faq/v-rest/reorder', { body })).status).toBe(200);
    const after = await server.query<{ id: number }>`
      select id from faqs where audience = 'olympiad' and olympiad_id = ${demo.geoDemo} order by position`;
    expect(after.map((r) => r.id)).toEqual(reversed);
    const partial = await expectRowsUnchanged(server, faqRows, () =>
      admin.post('/faq/v-rest/reorder', { body: { ...body, ids: reversed.slice(1) } }),
    );
    expect(partial.status).toBe(400);
  });
});

describe('GET /website/api/faqs/{project} (public)', () => {
  it('the public site reads a project’s published FAQs in order, without a token', async () => {
    const anonymous = server.anonymous();
    const res = await anonymous.get('/website/api/faqs/geography');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toEqual({
      id: expect.any(Number),
      question: 'Who may take part?',
      answer: expect.stringContaining('grades 7 to 12'),
    });
    expect(Object.keys(res.body.items[0])).toEqual(['id', 'question', 'answer']);
    expect((await anonymous.get('/website/api/faqs/history')).body.items).toEqual([]);
    expect((await anonymous.get('/website/api/faqs/no-such-project')).status).toBe(404);
  });
});
