import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;
const tokens: Record<string, string> = {};
/** An olympiad nobody of the demo holds, over (so no teacher's portal shows it) and one still taking entries. */
let otherOlympiad: { id: number };
let openOlympiad: { id: number };
let geographyProject: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  for (const u of ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'teacher2'])
    tokens[u] = (await server.signIn(u)).accessToken.token;
  tokens.learner = (await server.signIn('learner1', { olympiadName: 'geo-demo' })).accessToken.token;
  const past = (days: number) => new Date(Date.now() - days * 86_400_000);
  otherOlympiad = await createOlympiad(server.db, { startsAt: past(30), endsAt: past(20) });
  openOlympiad = await createOlympiad(server.db, { endsAt: new Date(Date.now() + 30 * 86_400_000) });
  const otherAdmin = await createUser(server.db, { role: 'admin', username: 'faq-admin', password: 'password-123' });
  await grant(server.db, otherAdmin.id, otherOlympiad.id, 'admin');
  tokens.otherAdmin = (await server.signIn('faq-admin', { password: 'password-123' })).accessToken.token;
  const [p] = await server.query<{ id: number }>`select id from projects where project_name = 'geography'`;
  geographyProject = p!.id;
});
afterAll(() => server?.close());

const as = (who: string) => ({ token: tokens[who] ?? null });
const faqRows = () =>
  server.query<
    Record<string, unknown>
  >`select id, audience, olympiad_id, project_id, question, answer, position, published,
    updated_at from faqs order by id`;
const add = (who: string, body: Record<string, unknown>) =>
  server.api('POST', '/faq/v-rest/', { ...as(who), body: { published: true, ...body } });

describe('FAQs: who may do what', () => {
  it('401 without a token, 403 for the roles that have no FAQs to edit or read', async () => {
    expect((await server.api('GET', '/faq/v-rest/')).status).toBe(401);
    expect((await server.api('POST', '/faq/v-rest/', { body: {} })).status).toBe(401);
    for (const who of ['learner', 'accountant', 'funding']) {
      expect((await server.api('GET', '/faq/v-rest/', as(who))).status).toBe(403);
      expect((await add(who, { audience: 'portal', question: 'Why not?', answer: '<p>No</p>' })).status).toBe(403);
    }
    const teacherAdd = await add('teacher', { audience: 'portal', question: 'Can I write one?', answer: '<p>No</p>' });
    expect(teacherAdd.status).toBe(403);
  });

  it('the overlord adds FAQs for every audience; answers are sanitised and each goes to the end of its group', async () => {
    const before = await server.query<{ n: number }>`select count(*)::int as n from faqs where audience = 'portal'`;
    const res = await add('overlord', {
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
    const project = await add('overlord', {
      audience: 'project',
      projectId: geographyProject,
      question: 'Is there a prize?',
      answer: '<p>Yes: medals.</p>',
    });
    expect(project.body.faq).toMatchObject({ projectName: 'geography', olympiadId: null });
    const mixed = await add('overlord', {
      audience: 'portal',
      olympiadId: demo.geoDemo,
      question: 'Group ids of another audience are dropped',
      answer: '<p>Yes</p>',
    });
    expect(mixed.body.faq.olympiadId).toBeNull();
    expect(
      (await add('overlord', { audience: 'olympiad', question: 'Which olympiad?', answer: '<p>x</p>' })).body.details,
    ).toEqual([{ path: 'body.olympiadId', message: 'Choose the olympiad' }]);
    const empty = await add('overlord', {
      audience: 'portal',
      question: 'Empty answer?',
      answer: '<script>x</script>',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([{ path: 'body.answer', message: 'Write the answer' }]);
    expect(
      (await add('overlord', { audience: 'olympiad', olympiadId: 999999, question: 'Nowhere?', answer: '<p>x</p>' }))
        .status,
    ).toBe(404);
    const [audit] = await server.query<{ actor_id: number }>`
      select actor_id from audit_log where action = 'faq.create' and entity_id = ${String(res.body.faq.id)}`;
    expect(audit!.actor_id).toBe(demo.users.overlord);
  });

  it('an admin edits only their olympiad’s FAQs: others are 404 (rows unchanged), the portal and public ones 403', async () => {
    const mine = await add('admin', {
      audience: 'olympiad',
      olympiadId: demo.geoDemo,
      question: 'Where is the venue?',
      answer: '<p>At your school.</p>',
    });
    expect(mine.status).toBe(200);
    expect(mine.body.faq.olympiadName).toBe('geo-demo');
    const theirs = await add('otherAdmin', {
      audience: 'olympiad',
      olympiadId: otherOlympiad.id,
      question: 'Another olympiad’s question',
      answer: '<p>Theirs.</p>',
    });
    expect(theirs.status).toBe(200);
    const portal = await add('overlord', { audience: 'portal', question: 'Portal only?', answer: '<p>Yes.</p>' });
    const before = await faqRows();

    expect(
      (
        await add('admin', {
          audience: 'olympiad',
          olympiadId: otherOlympiad.id,
          question: 'Mine now?',
          answer: '<p>x</p>',
        })
      ).status,
    ).toBe(404);
    expect((await add('admin', { audience: 'portal', question: 'For everyone?', answer: '<p>x</p>' })).status).toBe(
      403,
    );
    const id = theirs.body.faq.id;
    const edit = { audience: 'olympiad', olympiadId: demo.geoDemo, question: 'Taken over', answer: '<p>x</p>' };
    expect((await server.api('GET', `/faq/v-rest/${id}`, as('admin'))).status).toBe(404);
    expect((await server.api('PUT', `/faq/v-rest/${id}`, { ...as('admin'), body: edit })).status).toBe(404);
    expect((await server.api('DELETE', `/faq/v-rest/${id}`, as('admin'))).status).toBe(404);
    expect(
      (
        await server.api('POST', '/faq/v-rest/reorder', {
          ...as('admin'),
          body: { audience: 'olympiad', olympiadId: otherOlympiad.id, ids: [id] },
        })
      ).status,
    ).toBe(404);
    const portalId = portal.body.faq.id;
    expect((await server.api('PUT', `/faq/v-rest/${portalId}`, { ...as('admin'), body: edit })).status).toBe(404);
    expect((await server.api('DELETE', `/faq/v-rest/${portalId}`, as('admin'))).status).toBe(404);
    // Moving their own FAQ into another olympiad is refused like a missing olympiad.
    const move = { ...edit, olympiadId: otherOlympiad.id, question: 'Moved away' };
    expect((await server.api('PUT', `/faq/v-rest/${mine.body.faq.id}`, { ...as('admin'), body: move })).status).toBe(
      404,
    );
    expect(await faqRows()).toEqual(before);

    const list = await server.api('GET', '/faq/v-rest/?pageSize=500', as('admin'));
    expect(list.status).toBe(200);
    expect(new Set(list.body.items.map((f: { olympiadId: number }) => f.olympiadId))).toEqual(new Set([demo.geoDemo]));
    expect(list.body.items.some((f: { published: boolean }) => !f.published)).toBe(true);
    expect((await server.api('GET', `/faq/v-rest/?olympiadId=${otherOlympiad.id}`, as('admin'))).status).toBe(404);

    const edited = await server.api('PUT', `/faq/v-rest/${mine.body.faq.id}`, {
      ...as('admin'),
      body: { ...edit, question: 'Where do learners write?', published: false },
    });
    expect(edited.body.faq).toMatchObject({ question: 'Where do learners write?', published: false });
    expect((await server.api('DELETE', `/faq/v-rest/${mine.body.faq.id}`, as('admin'))).status).toBe(200);
    expect(await server.query`select id from faqs where id = ${mine.body.faq.id}`).toHaveLength(0);
  });

  it('reorders one group (all of its ids), and refuses a partial list', async () => {
    const ids = (
      await server.query<{ id: number }>`
      select id from faqs where audience = 'olympiad' and olympiad_id = ${demo.geoDemo} order by position, id`
    ).map((r) => r.id);
    const reversed = [...ids].reverse();
    const body = { audience: 'olympiad', olympiadId: demo.geoDemo, ids: reversed };
    expect((await server.api('POST', '/faq/v-rest/reorder', { ...as('admin'), body })).status).toBe(200);
    const after = await server.query<{ id: number }>`
      select id from faqs where audience = 'olympiad' and olympiad_id = ${demo.geoDemo} order by position`;
    expect(after.map((r) => r.id)).toEqual(reversed);
    const partial = await server.api('POST', '/faq/v-rest/reorder', {
      ...as('admin'),
      body: { ...body, ids: reversed.slice(1) },
    });
    expect(partial.status).toBe(400);
    expect(
      (await server.api('POST', '/faq/v-rest/reorder', { ...as('admin'), body: { audience: 'portal', ids: [1] } }))
        .status,
    ).toBe(403);
  });
});

describe('FAQs: readers', () => {
  it('a teacher reads published FAQs for all teachers and for the olympiads of their portal, nothing else', async () => {
    const hidden = await add('overlord', {
      audience: 'portal',
      question: 'An unpublished draft',
      answer: '<p>Draft.</p>',
      published: false,
    });
    const open = await add('overlord', {
      audience: 'olympiad',
      olympiadId: openOlympiad.id,
      question: 'About an olympiad still taking entries',
      answer: '<p>Enter soon.</p>',
    });
    const over = await add('overlord', {
      audience: 'olympiad',
      olympiadId: otherOlympiad.id,
      question: 'About an olympiad that is over',
      answer: '<p>Gone.</p>',
    });
    const res = await server.api('GET', '/faq/v-rest/?pageSize=500', as('teacher'));
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

    const olympiadOnly = await server.api(
      'GET',
      `/faq/v-rest/?audience=olympiad&olympiadId=${demo.geoDemo}&pageSize=100`,
      as('teacher'),
    );
    expect(olympiadOnly.body.items.map((f: { question: string }) => f.question)).toContain(
      'What if the internet drops while a learner writes?',
    );
    expect(olympiadOnly.body.items.map((f: { question: string }) => f.question)).not.toContain(
      'Are calculators allowed? (draft)',
    );
    expect((await server.api('GET', `/faq/v-rest/?olympiadId=${otherOlympiad.id}`, as('teacher'))).status).toBe(404);
    expect((await server.api('GET', `/faq/v-rest/${over.body.faq.id}`, as('teacher'))).status).toBe(404);
    expect((await server.api('GET', `/faq/v-rest/${hidden.body.faq.id}`, as('teacher'))).status).toBe(404);
    expect((await server.api('GET', `/faq/v-rest/${open.body.faq.id}`, as('teacher'))).status).toBe(200);
  });

  it('the public site reads a project’s published FAQs in order, without a token', async () => {
    const res = await server.api('GET', '/website/api/faqs/geography');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toEqual({
      id: expect.any(Number),
      question: 'Who may take part?',
      answer: expect.stringContaining('grades 7 to 12'),
    });
    expect(Object.keys(res.body.items[0])).toEqual(['id', 'question', 'answer']);
    expect((await server.api('GET', '/website/api/faqs/history')).body.items).toEqual([]);
    expect((await server.api('GET', '/website/api/faqs/no-such-project')).status).toBe(404);
  });
});
