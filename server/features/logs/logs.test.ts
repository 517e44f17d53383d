import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createUser } from '../../seed/factories.js';
import { forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { PRUNE_JOB } from './app-log-routes.js';

/** Search, the activity log, the app log and learner login activity (decision 037): the overlord's only. */
let server: TestServer;
let demo: DemoIds;
let overlord: Client;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  overlord = await server.as('overlord');
});
afterAll(() => server?.close());

const notOverlord = ['admin', 'accountant', 'funding', 'teacher', 'learner1'] as const;

describe('GET /api/search/', () => {
  it('401 without a token; 403 for every role but the overlord; 400 for a term too short', async () => {
    await unauthenticated(server, (c) => c.get('/api/search/', { query: { q: 'learner1' } }));
    await forbiddenFor(server, notOverlord, (c) => c.get('/api/search/', { query: { q: 'learner1' } }));
    const short = await overlord.get('/api/search/', { query: { q: 'ab' } });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ path: 'query.q', message: 'Type at least 3 characters' }]);
    expect((await overlord.get('/api/search/', { query: { q: 'abc', kind: 'nothing' } })).status).toBe(400);
  });

  it('finds a learner by username (exact first), a school by EMIS number and by name, a teacher by address', async () => {
    const learner = await overlord.get('/api/search/', { query: { q: 'learner1' } });
    expect(learner.status).toBe(200);
    // learner1 writes geo-demo and wrote geo-2025: both exact, first.
    const exact = learner.body.items.filter((h: { rank: number }) => h.rank === 1);
    expect(exact.map((h: { title: string }) => h.title)).toEqual(['learner1', 'learner1']);
    expect(exact.find((h: { id: number }) => h.id === demo.users.learner1)).toMatchObject({
      kind: 'learner',
      href: `/geo-demo/admin/edit/learners?schoolId=${demo.school1}&search=learner1`,
    });
    const school = await createSchool(server.db, { name: 'Zwartkop Ridge High', emisNumber: '998877001' });
    const byEmis = await overlord.get('/api/search/', { query: { q: '998877001' } });
    expect(byEmis.body.items[0]).toMatchObject({ kind: 'school', id: school.id, title: 'Zwartkop Ridge High' });
    expect(byEmis.body.items[0].href).toBe('/overlord/edit/schools?search=998877001');
    // A misspelt name still finds it, by trigram similarity, below exact matches.
    const byName = await overlord.get('/api/search/', { query: { q: 'zwartkop rdge', kind: 'school' } });
    expect(byName.body.items.map((h: { id: number }) => h.id)).toContain(school.id);
    const [teacher] = await server.query<{ email: string }>`select email from users where username = 'teacher'`;
    const byEmail = await overlord.get('/api/search/', { query: { q: teacher!.email, kind: 'teacher' } });
    expect(byEmail.body.items[0]).toMatchObject({ kind: 'teacher', id: demo.users.teacher, rank: 1 });
    const olympiad = await overlord.get('/api/search/', { query: { q: 'geo-demo', kind: 'olympiad' } });
    expect(olympiad.body.items[0]).toMatchObject({ kind: 'olympiad', id: demo.geoDemo });
  });

  it('finds a learner by full name, first or last name first, in any case; an exact name ranks first', async () => {
    const lerato = await createUser(server.db, {
      role: 'learner',
      username: 'gd-000417',
      firstName: 'Lerato',
      lastName: 'Khumalo',
      olympiadId: demo.geoDemo,
      schoolId: demo.school1,
    });
    await createUser(server.db, {
      role: 'learner',
      username: 'gd-000418',
      firstName: 'Lerato',
      lastName: 'Dlamini',
      olympiadId: demo.geoDemo,
      schoolId: demo.school1,
    });
    for (const q of ['Lerato Khumalo', 'khumalo lerato', 'LERATO  KHUMALO']) {
      const res = await overlord.get('/api/search/', { query: { q } });
      expect(res.status).toBe(200);
      expect(res.body.items[0], q).toMatchObject({
        kind: 'learner',
        id: lerato.id,
        title: 'gd-000417',
        href: `/geo-demo/admin/edit/learners?schoolId=${demo.school1}&search=gd-000417`,
      });
    }
    const byLastName = await overlord.get('/api/search/', { query: { q: 'khumalo', kind: 'learner' } });
    expect(byLastName.body.items.map((h: { id: number }) => h.id)).toContain(lerato.id);
    const exact = await overlord.get('/api/search/', { query: { q: 'lerato khumalo', kind: 'learner' } });
    expect(exact.body.items[0]).toMatchObject({ id: lerato.id, rank: 1 });
    expect(exact.body.items.map((h: { title: string }) => h.title)).not.toContain('gd-000418');
  });

  it('pages the ranked hits with a total', async () => {
    const first = await overlord.get('/api/search/', { query: { q: 'learner', kind: 'learner', pageSize: 2 } });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.total).toBeGreaterThan(2);
    const second = await overlord.get('/api/search/', {
      query: { q: 'learner', kind: 'learner', pageSize: 2, page: 2 },
    });
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    const none = await overlord.get('/api/search/', { query: { q: 'qqqzzzxxx' } });
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/activity-log/', () => {
  it('401 without a token; 403 for every role but the overlord; 400 for bad filters', async () => {
    await unauthenticated(server, (c) => c.get('/api/activity-log/'));
    await forbiddenFor(server, notOverlord, (c) => c.get('/api/activity-log/'));
    for (const query of [{ startDate: 'yesterday' }, { timeWindow: 'fortnight' }, { userId: 'x' }, { entityId: '3' }])
      expect((await overlord.get('/api/activity-log/', { query })).status).toBe(400);
  });

  it('a school’s name change: who, when, before and after, found by user, email, record and window', async () => {
    const before = await server.query<{ name: string }>`select name from schools where id = ${demo.school1}`;
    const saved = await overlord.put(`/school/v-rest/${demo.school1}`, { body: { name: 'Renamed Secondary' } });
    expect(saved.status).toBe(200);
    const [me] = await server.query<{ email: string }>`select email from users where username = 'overlord'`;
    for (const query of [
      { userId: demo.users.overlord, timeWindow: 'hour' },
      { email: me!.email.toUpperCase() },
      { entity: 'school', entityId: String(demo.school1), startDate: new Date(Date.now() - 60_000).toISOString() },
    ]) {
      const res = await overlord.get('/api/activity-log/', { query: { ...query, action: 'school.update' } });
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toMatchObject({
        action: 'school.update',
        entity: 'school',
        entityId: String(demo.school1),
        actor: { id: demo.users.overlord, username: 'overlord' },
        impersonator: null,
        before: { name: before[0]!.name },
        after: { name: 'Renamed Secondary' },
      });
    }
    const past = await overlord.get('/api/activity-log/', {
      query: { action: 'school.update', startDate: '2020-01-01', timeWindow: 'week' },
    });
    expect(past.body).toMatchObject({ items: [], total: 0 });
  });

  it('reads made while acting as someone are in it, under the person who acted', async () => {
    const acting = await server.signIn('admin');
    const [teacher] = await server.query<{ email: string }>`select email from users where username = 'teacher'`;
    const started = await server.withToken(acting.accessToken.token).get('/user/rest/impersonate', {
      query: { userEmail: teacher!.email, olympiadId: demo.geoDemo },
    });
    expect(started.status).toBe(200);
    const asTeacher = server.withToken(started.body.accessToken.token);
    expect((await asTeacher.get(`/school/v-rest/${demo.school1}`)).status).toBe(200);
    const res = await overlord.get('/api/activity-log/', {
      query: { userId: demo.users.admin, action: 'impersonated.read' },
    });
    expect(res.body.items[0]).toMatchObject({
      actor: { id: demo.users.teacher },
      impersonator: { id: demo.users.admin },
      after: { method: 'GET', route: '/school/v-rest/:id' },
    });
  });

  it('exports the filtered log as csv and xlsx', async () => {
    const query = { action: 'school.update', entity: 'school', entityId: String(demo.school1) };
    const csv = await overlord.get('/api/activity-log/', { query: { ...query, format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('school.update');
    expect(csv.text).toContain('Renamed Secondary');
    // The time in South African time with its offset; the record's id as its digits.
    expect(csv.text.split('\r\n')[1]).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+02:00,school\\.update,school,${demo.school1},`),
    );
    const xlsx = await fetch(`${server.url}/api/activity-log/?${new URLSearchParams({ ...query, format: 'xlsx' })}`, {
      headers: { authorization: `Bearer ${(await server.signIn('overlord')).accessToken.token}` },
    });
    expect(xlsx.headers.get('content-disposition')).toContain('activity-log.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Time');
    expect(String(sheet.getRow(2).getCell(2).value)).toBe('school.update');
    // A real date cell of the wall time, and the record's id a number.
    const [row] = await server.query<{ at: Date }>`
      select at from audit_log where action = 'school.update' and entity_id = ${String(demo.school1)}
      order by id desc limit 1`;
    const time = sheet.getRow(2).getCell(1);
    expect(time.type).toBe(ExcelJS.ValueType.Date);
    expect(time.numFmt).toBe('yyyy-mm-dd hh:mm');
    // South Africa is two hours ahead of UTC all year: the cell reads the clock there.
    expect(Math.abs((time.value as Date).getTime() - (new Date(row!.at).getTime() + 2 * 3600_000))).toBeLessThan(5);
    expect(sheet.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(2).getCell(4).value).toBe(demo.school1);
  });
});

describe('GET /api/app-log/keys and /api/app-log/all', () => {
  it('401 without a token; 403 for every role but the overlord', async () => {
    for (const path of ['/api/app-log/keys', '/api/app-log/all']) {
      await unauthenticated(server, (c) => c.get(path));
      await forbiddenFor(server, notOverlord, (c) => c.get(path));
    }
    expect((await overlord.get('/api/app-log/all', { query: { level: 'info' } })).status).toBe(400);
  });

  it('keeps warnings and errors by key with the request id, redacted; searchable; info is not kept', async () => {
    server.app.log.warn({ module: 'mail-sender', password: 'hunter2-secret' }, 'the relay refused a message');
    server.app.log.child({ reqId: 'req-abc-123' }).error({ route: 'GET /school/v-rest/:id' }, 'the school failed');
    server.app.log.info({ module: 'mail-sender' }, 'an ordinary line');
    await server.app.appLog.flush();
    const keys = await overlord.get('/api/app-log/keys');
    expect(keys.status).toBe(200);
    expect(keys.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'mail-sender', count: 1, errors: 0 }),
        expect.objectContaining({ key: 'GET /school/v-rest/:id', count: 1, errors: 1 }),
      ]),
    );
    const mail = await overlord.get('/api/app-log/all', { query: { key: 'mail-sender' } });
    expect(mail.body.items).toHaveLength(1);
    expect(mail.body.items[0]).toMatchObject({ level: 'warn', message: 'the relay refused a message' });
    expect(JSON.stringify(mail.body.items[0])).not.toContain('hunter2');
    const byRequest = await overlord.get('/api/app-log/all', { query: { reqId: 'req-abc-123' } });
    expect(byRequest.body.items[0]).toMatchObject({
      level: 'error',
      reqId: 'req-abc-123',
      key: 'GET /school/v-rest/:id',
    });
    const found = await overlord.get('/api/app-log/all', { query: { search: 'RELAY REF' } });
    expect(found.body.total).toBe(1);
    const [stored] = await server.query<{
      n: number;
    }>`select count(*)::int as n from app_log where message = 'an ordinary line'`;
    expect(stored!.n).toBe(0);
  });

  it('the prune job removes entries older than the retention', async () => {
    await server.query`insert into app_log (at, level, key, message) values (now() - interval '40 days', 'warn', 'old', 'stale')`;
    await server.query`insert into jobs (kind, status) values (${PRUNE_JOB}, 'queued')`;
    while (await server.app.jobs.runOnce());
    expect(await server.query`select id from app_log where key = 'old'`).toHaveLength(0);
    expect((await server.query`select id from app_log where key = 'mail-sender'`).length).toBe(1);
  });
});

describe('GET /api/learner-login-activity/', () => {
  it('401 without a token; 403 for every role but the overlord; 400 for a bad window', async () => {
    await unauthenticated(server, (c) => c.get('/api/learner-login-activity/'));
    await forbiddenFor(server, notOverlord, (c) => c.get('/api/learner-login-activity/'));
    expect((await overlord.get('/api/learner-login-activity/', { query: { timeWindow: 'all' } })).status).toBe(400);
    expect((await overlord.get('/api/learner-login-activity/', { query: { olympiadId: 0 } })).status).toBe(400);
  });

  it('its olympiad filter: the list the page asks for answers every olympiad, and each narrows the activity', async () => {
    // The page's request (web/src/features/logs/api/list-olympiads.ts): newest first by year, one page of 200.
    const filterQuery = { page: 1, pageSize: 200, sort: 'year', order: 'desc' };
    await unauthenticated(server, (c) => c.get('/olympiad/v-rest/', { query: filterQuery }));
    await forbiddenFor(server, ['teacher', 'learner1'], (c) => c.get('/olympiad/v-rest/', { query: filterQuery }));
    // A sort the list does not know is refused, as the page's request once was.
    expect((await overlord.get('/olympiad/v-rest/', { query: { ...filterQuery, sort: 'id' } })).status).toBe(400);
    const olympiads = await overlord.get('/olympiad/v-rest/', { query: filterQuery });
    expect(olympiads.status).toBe(200);
    const [all] = await server.query<{ n: number }>`select count(*)::int as n from olympiads`;
    expect(olympiads.body.items).toHaveLength(all!.n);
    const years = olympiads.body.items.map((o: { year: number }) => o.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const geo2025 = olympiads.body.items.find((o: { varName: string }) => o.varName === 'geo-2025');
    expect(geo2025).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
    for (const o of [demo.geoDemo, geo2025.id]) {
      const narrowed = await overlord.get('/api/learner-login-activity/', {
        query: { timeWindow: 'month', olympiadId: o },
      });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body.items.every((r: { olympiadId: number }) => r.olympiadId === o)).toBe(true);
    }
  });

  it('counts sign-ins and failures per hour and per olympiad and school; exports csv and xlsx', async () => {
    const baseline = await overlord.get('/api/learner-login-activity/', {
      query: { timeWindow: 'day', olympiadId: demo.geoDemo },
    });
    const signin = (password: string) =>
      server.api('POST', '/api/auth/signin', {
        body: { username: 'learner2', password, olympiadName: 'geo-demo', loginType: 'learner' },
      });
    expect((await signin('wrong-password-1')).status).toBe(401);
    expect((await signin('olympus-demo')).status).toBe(200);
    const unknown = await server.api('POST', '/api/auth/signin', {
      body: { username: 'nobody-here', password: 'x', olympiadName: 'geo-demo', loginType: 'learner' },
    });
    expect(unknown.status).toBe(401);
    const [failure] = await server.query<{ reason: string; school_id: number }>`
      select reason, school_id from signin_failures where username = 'learner2'`;
    expect(failure).toMatchObject({ reason: 'wrong_password' });
    const res = await overlord.get('/api/learner-login-activity/', {
      query: { timeWindow: 'day', olympiadId: demo.geoDemo },
    });
    expect(res.status).toBe(200);
    expect(res.body.bucket).toBe('hour');
    expect(res.body.series.length).toBeGreaterThanOrEqual(24);
    expect(res.body.totals.signins - baseline.body.totals.signins).toBe(1);
    expect(res.body.totals.failures - baseline.body.totals.failures).toBe(2);
    const row = res.body.items.find((r: { schoolId: number | null }) => r.schoolId === failure!.school_id);
    expect(row).toMatchObject({ olympiadName: 'geo-demo', failures: expect.any(Number), signins: expect.any(Number) });
    expect(row.signins).toBeGreaterThanOrEqual(1);
    const week = await overlord.get('/api/learner-login-activity/', { query: { timeWindow: 'week' } });
    expect(week.body.bucket).toBe('day');
    const csv = await overlord.get('/api/learner-login-activity/', { query: { timeWindow: 'day', format: 'csv' } });
    expect(csv.text.split('\r\n')[0]).toContain('Olympiad,Olympiad title,School,Sign-ins,Failed sign-ins,Latest');
    expect(csv.text).toContain('geo-demo');
    const xlsx = await fetch(
      `${server.url}/api/learner-login-activity/?${new URLSearchParams({ timeWindow: 'day', format: 'xlsx' })}`,
      { headers: { authorization: `Bearer ${(await server.signIn('overlord')).accessToken.token}` } },
    );
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(6).value).toBe('Latest');
    const latest = sheet.getRow(2).getCell(6);
    expect(latest.type).toBe(ExcelJS.ValueType.Date);
    expect(latest.numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.Number);
  });
});
