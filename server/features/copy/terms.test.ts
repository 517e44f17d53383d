import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad } from '../../seed/factories.js';
import { expectRowsUnchanged, forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The terms and conditions, versioned: the overlord publishes, a teacher accepts the current version,
 * and entering a school answers 409 `terms_not_accepted` until they do.
 */
let server: TestServer;
let demo: DemoIds;
let overlord: Client;
let teacher: Client;
let newOlympiad: { id: number };

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  [overlord, teacher] = await Promise.all([server.as('overlord'), server.as('teacher')]);
  newOlympiad = await createOlympiad(server.db, { endsAt: new Date(Date.now() + 30 * 86_400_000) });
});
afterAll(() => server?.close());

const termsRows = 'select * from terms_versions order by id';
const acceptanceRows = 'select user_id, terms_version_id from terms_acceptances order by user_id, terms_version_id';
const entryRows = 'select id, olympiad_id, school_id from school_participants order by id';

describe('GET /api/terms-and-conditions/ (public) and /versions (overlord)', () => {
  it('a visitor reads the current version; only the overlord lists the versions with their acceptances', async () => {
    const res = await server.anonymous().get('/api/terms-and-conditions/');
    expect(res.status).toBe(200);
    expect(res.body.terms).toMatchObject({ version: 1, body: expect.stringContaining('Learners’ information') });
    await unauthenticated(server, (c) => c.get('/api/terms-and-conditions/versions'));
    await forbiddenFor(server, ['admin', 'teacher', 'learner1', 'accountant', 'funding'], (c) =>
      c.get('/api/terms-and-conditions/versions'),
    );
    const list = await overlord.get('/api/terms-and-conditions/versions');
    expect(list.body.items[0]).toMatchObject({ version: 1, acceptances: expect.any(Number) });
    expect(list.body.items[0].acceptances).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /api/terms-and-conditions/ (publish a version)', () => {
  const publish = (c: Client) =>
    c.post('/api/terms-and-conditions/', {
      body: { body: '<h2>Terms</h2><p onclick="x()">Version two.<script>x</script></p>', summary: 'Fees changed.' },
    });

  it('401 without a token; 403 for everyone but the overlord, rows unchanged', async () => {
    await unauthenticated(server, publish);
    await expectRowsUnchanged(server, termsRows, () =>
      forbiddenFor(server, ['admin', 'teacher', 'learner1', 'accountant', 'funding'], publish),
    );
    const empty = await expectRowsUnchanged(server, termsRows, () =>
      overlord.post('/api/terms-and-conditions/', { body: { body: '<script>x</script>' } }),
    );
    expect(empty.status).toBe(400);
  });

  it('the teacher who accepted version 1 may enter a school until version 2 is published', async () => {
    const status = await teacher.get('/api/terms-and-conditions/me');
    expect(status.body).toMatchObject({ accepted: true, terms: { version: 1 }, previousVersion: null });
  });

  it('the overlord publishes version 2, sanitised and audited; the teacher is asked again', async () => {
    const res = await publish(overlord);
    expect(res.status).toBe(200);
    expect(res.body.terms).toMatchObject({
      version: 2,
      body: '<h2>Terms</h2><p>Version two.</p>',
      summary: 'Fees changed.',
    });
    const [row] = await server.query<{ body: string }>`select body from terms_versions where version = 2`;
    expect(row!.body).toBe('<h2>Terms</h2><p>Version two.</p>');
    expect(await server.query`select id from audit_log where action = 'terms.publish'`).toHaveLength(1);
    const status = await teacher.get('/api/terms-and-conditions/me');
    expect(status.body).toMatchObject({ accepted: false, terms: { version: 2 }, previousVersion: 1, acceptedAt: null });
  });
});

describe('POST /teacher-expression/rest/ (entering a school) asks for the current terms', () => {
  it('409 terms_not_accepted until the teacher accepts, nothing entered', async () => {
    const res = await expectRowsUnchanged(server, entryRows, () =>
      teacher.post('/teacher-expression/rest/', { body: { olympiadId: newOlympiad.id } }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'terms_not_accepted', message: expect.stringContaining('have changed') });
  });
});

describe('GET /api/terms-and-conditions/me and POST /api/terms-and-conditions/accept', () => {
  it('401 without a token; 403 for the roles that accept no terms', async () => {
    await unauthenticated(server, (c) => c.get('/api/terms-and-conditions/me'));
    await unauthenticated(server, (c) => c.post('/api/terms-and-conditions/accept', { body: { termsId: 1 } }));
    await forbiddenFor(server, ['overlord', 'admin', 'learner1', 'accountant', 'funding'], (c) =>
      c.post('/api/terms-and-conditions/accept', { body: { termsId: 1 } }),
    );
  });

  it('an old version is refused (409), the rows unchanged', async () => {
    const [v1] = await server.query<{ id: number }>`select id from terms_versions where version = 1`;
    const res = await expectRowsUnchanged(server, acceptanceRows, () =>
      teacher.post('/api/terms-and-conditions/accept', { body: { termsId: v1!.id } }),
    );
    expect(res.status).toBe(409);
  });

  it('nobody accepts for a teacher while acting as them', async () => {
    const admin = await server.as('overlord');
    const acting = await admin.get('/user/rest/impersonate', {
      query: { olympiadId: demo.geoDemo, userEmail: 'teacher@rbhs.example.org' },
    });
    expect(acting.status).toBe(200);
    const asTeacher = server.withToken(acting.body.accessToken.token);
    const [v2] = await server.query<{ id: number }>`select id from terms_versions where version = 2`;
    const res = await expectRowsUnchanged(server, acceptanceRows, () =>
      asTeacher.post('/api/terms-and-conditions/accept', { body: { termsId: v2!.id } }),
    );
    expect(res.status).toBe(409);
  });

  it('the teacher accepts the current version, stored and audited, and may enter the school', async () => {
    const [v2] = await server.query<{ id: number }>`select id from terms_versions where version = 2`;
    const res = await teacher.post('/api/terms-and-conditions/accept', { body: { termsId: v2!.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: true, terms: { version: 2 }, acceptedAt: expect.any(String) });
    const stored = await server.query`
      select 1 from terms_acceptances where user_id = ${demo.users.teacher} and terms_version_id = ${v2!.id}`;
    expect(stored).toHaveLength(1);
    expect(await server.query`select id from audit_log where action = 'terms.accept'`).toHaveLength(1);
    const entered = await teacher.post('/teacher-expression/rest/', { body: { olympiadId: newOlympiad.id } });
    expect(entered.status).toBe(200);
  });
});
