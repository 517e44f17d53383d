import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModule, createOlympiad, createQuestion, createUser, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;
let overlord: string;
let admin: string;
let accountant: string;
let otherAdmin: string;
let teacher: string;
let otherOlympiad: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  overlord = (await server.signIn('overlord')).accessToken.token;
  admin = (await server.signIn('admin')).accessToken.token;
  accountant = (await server.signIn('accountant')).accessToken.token;
  teacher = (await server.signIn('teacher')).accessToken.token;
  const other = await createOlympiad(server.db, { varName: 'other-olympiad', title: 'Other olympiad' });
  otherOlympiad = other.id;
  const u = await createUser(server.db, { role: 'admin', username: 'other-admin', password: 'olympus-demo' });
  await grant(server.db, u.id, other.id, 'admin');
  otherAdmin = (await server.signIn('other-admin')).accessToken.token;
});
afterAll(() => server?.close());

const olympiadRow = async (id: number) =>
  (
    await server.query<{ title: string; open: boolean; pinned: boolean; duration_minutes: number | null }>`
    select title, open, pinned, duration_minutes from olympiads where id = ${id}`
  )[0]!;
const userId = async (username: string) =>
  (await server.query<{ id: number }>`select id from users where username = ${username}`)[0]?.id;
const auditCount = async (action: string, id: number) =>
  Number(
    (
      await server.query<{
        n: number;
      }>`select count(*)::int as n from audit_log where action = ${action} and entity_id = ${String(id)}`
    )[0]!.n,
  );

describe('olympus-project/v-rest', () => {
  it('401 without a token, 403 for an admin', async () => {
    expect((await server.api('GET', '/olympus-project/v-rest/')).status).toBe(401);
    expect((await server.api('GET', '/olympus-project/v-rest/', { token: admin })).status).toBe(403);
    expect(
      (await server.api('POST', '/olympus-project/v-rest/', { token: admin, body: { projectName: 'x-y', title: 'X' } }))
        .status,
    ).toBe(403);
  });

  it('lists paged, searchable and sortable', async () => {
    const res = await server.api('GET', '/olympus-project/v-rest/?pageSize=2&sort=projectName&order=desc', {
      token: overlord,
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.total).toBeGreaterThanOrEqual(4);
    expect(res.body.items[0].projectName >= res.body.items[1].projectName).toBe(true);
    const search = await server.api('GET', '/olympus-project/v-rest/?search=Afrik', { token: overlord });
    expect(search.body.items.map((p: { projectName: string }) => p.projectName)).toEqual(['afrikaans']);
    expect((await server.api('GET', '/olympus-project/v-rest/?sort=password', { token: overlord })).status).toBe(400);
  });

  it('creates, refuses reserved and taken names, edits, deletes', async () => {
    const reserved = await server.api('POST', '/olympus-project/v-rest/', {
      token: overlord,
      body: { projectName: 'overlord', title: 'X' },
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.details[0].path).toBe('body.projectName');
    const created = await server.api('POST', '/olympus-project/v-rest/', {
      token: overlord,
      body: { projectName: 'maths', title: 'Maths Olympiad', seoTitle: 'Maths', keywords: 'maths' },
    });
    expect(created.status).toBe(200);
    const id = created.body.project.id;
    const taken = await server.api('POST', '/olympus-project/v-rest/', {
      token: overlord,
      body: { projectName: 'maths', title: 'Again' },
    });
    expect(taken.status).toBe(409);
    const edited = await server.api('PUT', `/olympus-project/v-rest/${id}`, {
      token: overlord,
      body: { shareTitle: 'Share maths' },
    });
    expect(edited.body.project.shareTitle).toBe('Share maths');
    const single = await server.api('GET', `/olympus-project/v-rest/single?projectId=${id}`, { token: overlord });
    expect(single.body.project.title).toBe('Maths Olympiad');
    expect((await server.api('DELETE', `/olympus-project/v-rest/${id}`, { token: overlord })).status).toBe(200);
    expect(
      (await server.api('GET', `/olympus-project/v-rest/single?projectId=${id}`, { token: overlord })).status,
    ).toBe(404);
    expect(await auditCount('project.create', id)).toBeGreaterThanOrEqual(1);
  });

  it('refuses to delete a project with olympiads', async () => {
    const [geo] = await server.query<{ id: number }>`select id from projects where project_name = 'geography'`;
    expect((await server.api('DELETE', `/olympus-project/v-rest/${geo!.id}`, { token: overlord })).status).toBe(409);
  });
});

describe('olympus-sub-project/v-rest', () => {
  it('creates, lists by project, edits and deletes; 401/403', async () => {
    const [geo] = await server.query<{ id: number }>`select id from projects where project_name = 'geography'`;
    expect((await server.api('GET', '/olympus-sub-project/v-rest/')).status).toBe(401);
    expect((await server.api('GET', '/olympus-sub-project/v-rest/', { token: admin })).status).toBe(403);
    const created = await server.api('POST', '/olympus-sub-project/v-rest/', {
      token: overlord,
      body: { projectId: geo!.id, name: 'senior', title: 'Senior phase' },
    });
    expect(created.status).toBe(200);
    const id = created.body.subProject.id;
    const list = await server.api('GET', `/olympus-sub-project/v-rest/?projectId=${geo!.id}`, { token: overlord });
    expect(list.body.items.map((s: { name: string }) => s.name)).toContain('senior');
    const dup = await server.api('POST', '/olympus-sub-project/v-rest/', {
      token: overlord,
      body: { projectId: geo!.id, name: 'senior', title: 'x' },
    });
    expect(dup.status).toBe(409);
    const edited = await server.api('PUT', `/olympus-sub-project/v-rest/${id}`, {
      token: overlord,
      body: { title: 'Seniors' },
    });
    expect(edited.body.subProject.title).toBe('Seniors');
    expect((await server.api('DELETE', `/olympus-sub-project/v-rest/${id}`, { token: overlord })).status).toBe(200);
    expect((await server.api('DELETE', `/olympus-sub-project/v-rest/${id}`, { token: overlord })).status).toBe(404);
  });
});

describe('olympiad/v-rest', () => {
  it('401 without a token, 403 for a teacher', async () => {
    expect((await server.api('GET', '/olympiad/v-rest/')).status).toBe(401);
    expect((await server.api('GET', '/olympiad/v-rest/', { token: teacher })).status).toBe(403);
    expect((await server.api('POST', '/olympiad/v-rest/', { token: admin, body: {} })).status).toBe(403);
  });

  it('the overlord sees every olympiad; an admin only theirs', async () => {
    const all = await server.api('GET', '/olympiad/v-rest/?pageSize=100', { token: overlord });
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const mine = await server.api('GET', '/olympiad/v-rest/', { token: admin });
    expect(mine.body.items.map((o: { varName: string }) => o.varName).sort()).toEqual(['geo-2025', 'geo-demo']);
    expect(mine.body.items.find((o: { varName: string }) => o.varName === 'geo-demo').can).toEqual({
      edit: true,
      editAll: false,
      open: true,
      pin: true,
      grant: false,
    });
    const search = await server.api('GET', '/olympiad/v-rest/?search=igeo', { token: overlord });
    // iGeo's team selection and the international demo (decision 039).
    expect(search.body.items).toHaveLength(2);
  });

  it('single by varName or id, 404 outside the actor’s olympiads', async () => {
    const byName = await server.api('GET', '/olympiad/v-rest/single?olympiadVarName=geo-demo', { token: admin });
    expect(byName.body.olympiad.id).toBe(demo.geoDemo);
    expect(
      (await server.api('GET', `/olympiad/v-rest/single?olympiadId=${demo.geoDemo}`, { token: otherAdmin })).status,
    ).toBe(404);
    expect((await server.api('GET', '/olympiad/v-rest/single', { token: admin })).status).toBe(400);
  });

  it('the overlord creates an olympiad; bad windows and reserved names are refused', async () => {
    const [geo] = await server.query<{ id: number }>`select id from projects where project_name = 'geography'`;
    const base = { projectId: geo!.id, varName: 'geo-2031', title: 'Geography 2031', year: 2031, feeCents: 4000 };
    const bad = await server.api('POST', '/olympiad/v-rest/', {
      token: overlord,
      body: { ...base, startsAt: '2031-05-02T08:00:00Z', endsAt: '2031-05-01T08:00:00Z' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await server.api('POST', '/olympiad/v-rest/', { token: overlord, body: { ...base, varName: 'api' } })).status,
    ).toBe(400);
    const created = await server.api('POST', '/olympiad/v-rest/', {
      token: overlord,
      body: { ...base, durationMinutes: 90 },
    });
    expect(created.status).toBe(200);
    expect(created.body.olympiad).toMatchObject({ varName: 'geo-2031', currency: 'ZAR', kind: 'school', open: false });
    expect((await server.api('POST', '/olympiad/v-rest/', { token: overlord, body: base })).status).toBe(409);
  });

  it('an admin edits the settings of their olympiad only', async () => {
    const ok = await server.api('PUT', `/olympiad/v-rest/${demo.geoDemo}`, {
      token: admin,
      body: { durationMinutes: 75 },
    });
    expect(ok.status).toBe(200);
    expect((await olympiadRow(demo.geoDemo)).duration_minutes).toBe(75);
    const rich = await server.api('PUT', `/olympiad/v-rest/${demo.geoDemo}`, {
      token: admin,
      body: {
        instructions: '<p onclick="steal()">Read <strong>carefully</strong><script>alert(1)</script></p>',
        shuffleOptions: true,
        languages: ['en', 'af'],
      },
    });
    expect(rich.body.olympiad.instructions).toBe('<p>Read <strong>carefully</strong></p>');
    expect(rich.body.olympiad.shuffleOptions).toBe(true);
    expect(rich.body.olympiad.languages).toEqual(['en', 'af']);
    expect(
      (await server.api('PUT', `/olympiad/v-rest/${demo.geoDemo}`, { token: admin, body: { languages: [] } })).status,
    ).toBe(400);
    const title = await server.api('PUT', `/olympiad/v-rest/${demo.geoDemo}`, {
      token: admin,
      body: { title: 'Hacked' },
    });
    expect(title.status).toBe(403);
    const before = await olympiadRow(otherOlympiad);
    const other = await server.api('PUT', `/olympiad/v-rest/${otherOlympiad}`, {
      token: admin,
      body: { durationMinutes: 5 },
    });
    expect(other.status).toBe(404);
    expect(await olympiadRow(otherOlympiad)).toEqual(before);
    expect(
      (await server.api('PUT', `/olympiad/v-rest/${demo.geoDemo}`, { token: accountant, body: { durationMinutes: 5 } }))
        .status,
    ).toBe(403);
    const overlordEdit = await server.api('PUT', `/olympiad/v-rest/${otherOlympiad}`, {
      token: overlord,
      body: { title: 'Renamed' },
    });
    expect(overlordEdit.body.olympiad.title).toBe('Renamed');
  });
});

describe('open, pin, verify', () => {
  it('opening is refused while the check has blockers, naming them; the olympiad stays closed', async () => {
    const o = await createOlympiad(server.db, { varName: 'no-window', durationMinutes: null });
    const verify = await server.api('GET', `/olympiad/verify/${o.id}`, { token: overlord });
    expect(verify.body.ready).toBe(false);
    expect(verify.body.blockers.map((b: { kind: string }) => b.kind)).toEqual([
      'no_window',
      'no_duration',
      'no_modules',
    ]);
    const refused = await server.api('GET', `/olympiad/api/set-olympiad-open/${o.id}/true`, { token: overlord });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message:
        'The olympiad cannot open while 3 things block it (no writing window; no writing time; no question modules). Fix them first: the olympiad check lists each one.',
    });
    expect(refused.body.details.map((d: { path: string }) => d.path)).toEqual([
      'no_window',
      'no_duration',
      'no_modules',
    ]);
    // The confirmation that once opened it anyway no longer does.
    const confirmed = await server.api(
      'GET',
      `/olympiad/api/set-olympiad-open/${o.id}/true?confirm=true&reason=${encodeURIComponent('A trial run with one school')}`,
      { token: overlord },
    );
    expect(confirmed.status).toBe(409);
    expect((await olympiadRow(o.id)).open).toBe(false);
    expect(await auditCount('olympiad.open', o.id)).toBe(0);
  });

  it('unverified questions block opening until a second admin verifies them; then it opens, audited', async () => {
    const hour = 3_600_000;
    const o = await createOlympiad(server.db, {
      varName: 'to-verify',
      startsAt: new Date(Date.now() - hour),
      endsAt: new Date(Date.now() + 24 * hour),
    });
    await grant(server.db, (await userId('admin'))!, o.id, 'admin');
    const m = await createModule(server.db, { olympiadId: o.id, title: 'Maps' });
    const questions = [
      await createQuestion(server.db, { moduleId: m.id }),
      await createQuestion(server.db, { moduleId: m.id }),
    ];
    const open = (token?: string) =>
      server.api('GET', `/olympiad/api/set-olympiad-open/${o.id}/true`, token ? { token } : {});

    expect((await open()).status).toBe(401);
    expect((await open(teacher)).status).toBe(403);
    expect((await open(accountant)).status).toBe(403);
    expect((await open(otherAdmin)).status).toBe(404);
    const refused = await open(admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^The olympiad cannot open while 2 things block it \(2 questions are not verified\)/,
    );
    expect(refused.body.details).toEqual([
      { path: 'question_unverified', message: expect.stringMatching(/^Module 1, question 1 .* is not verified$/) },
      { path: 'question_unverified', message: expect.stringMatching(/^Module 1, question 2 .* is not verified$/) },
    ]);
    expect((await olympiadRow(o.id)).open).toBe(false);
    expect(await auditCount('olympiad.open', o.id)).toBe(0);

    for (const q of questions) {
      expect((await server.api('POST', `/question/v-rest/${q.id}/verify`, { token: admin })).status).toBe(200);
    }
    const opened = await open(admin);
    expect(opened.status).toBe(200);
    expect(opened.body.olympiad.open).toBe(true);
    expect((await olympiadRow(o.id)).open).toBe(true);
    expect(await auditCount('olympiad.open', o.id)).toBe(1);
    expect((await server.api('GET', `/olympiad/verify/${o.id}`, { token: admin })).body).toMatchObject({
      ready: true,
      blockers: [],
      openedDespite: null,
    });
    // Closing never waits for the check.
    const closed = await server.api('GET', `/olympiad/api/set-olympiad-open/${o.id}/false`, { token: admin });
    expect(closed.body.olympiad.open).toBe(false);
  });

  it('the demo’s open olympiads pass their check', async () => {
    const open = await server.query<{ id: number; var_name: string }>`select id, var_name from olympiads where open`;
    expect(open.map((o) => o.var_name)).toContain('geo-demo');
    for (const o of open) {
      const check = await server.api('GET', `/olympiad/verify/${o.id}`, { token: overlord });
      expect({ olympiad: o.var_name, blockers: check.body.blockers }).toEqual({ olympiad: o.var_name, blockers: [] });
    }
  });

  it('401/403/404 on open and pin; the row is unchanged', async () => {
    expect((await server.api('GET', `/olympiad/api/set-olympiad-open/${demo.geoDemo}/false`)).status).toBe(401);
    expect(
      (await server.api('GET', `/olympiad/api/set-olympiad-open/${demo.geoDemo}/false`, { token: teacher })).status,
    ).toBe(403);
    expect(
      (await server.api('GET', `/olympiad/api/set-olympiad-open/${demo.geoDemo}/false`, { token: accountant })).status,
    ).toBe(403);
    expect(
      (await server.api('GET', `/olympiad/api/set-olympiad-open/${demo.geoDemo}/false`, { token: otherAdmin })).status,
    ).toBe(404);
    expect(
      (await server.api('POST', `/olympiad/set-pinned?olympiadId=${demo.geoDemo}`, { token: otherAdmin })).status,
    ).toBe(404);
    expect((await server.api('GET', `/olympiad/verify/${demo.geoDemo}`, { token: otherAdmin })).status).toBe(404);
    expect(await olympiadRow(demo.geoDemo)).toMatchObject({ open: true, pinned: true });
  });

  it('pins and toggles, audited', async () => {
    const unpinned = await server.api('POST', `/olympiad/set-pinned?olympiadId=${demo.geoDemo}&pinned=false`, {
      token: admin,
    });
    expect(unpinned.body.olympiad.pinned).toBe(false);
    const toggled = await server.api('POST', `/olympiad/set-pinned?olympiadId=${demo.geoDemo}`, { token: admin });
    expect(toggled.body.olympiad.pinned).toBe(true);
    expect(await auditCount('olympiad.unpin', demo.geoDemo)).toBe(1);
  });

  it('the public olympiad call answers 400/404 without a usable id', async () => {
    expect((await server.api('GET', '/website/api/olympiad/')).status).toBe(400);
    expect((await server.api('GET', '/website/api/olympiad')).status).toBe(400);
    expect((await server.api('GET', '/website/api/olympiad/geo-demo')).status).toBe(200);
  });
});

describe('olympiad-grant/v-rest', () => {
  it('the overlord finds staff, grants and revokes; admins may not', async () => {
    expect((await server.api('GET', `/olympiad-grant/v-rest/?olympiadId=${demo.geoDemo}`)).status).toBe(401);
    expect(
      (await server.api('GET', `/olympiad-grant/v-rest/?olympiadId=${demo.geoDemo}`, { token: admin })).status,
    ).toBe(403);
    const found = await server.api('GET', '/olympiad-grant/v-rest/staff-search?search=other', { token: overlord });
    const user = found.body.items.find((u: { username: string }) => u.username === 'other-admin');
    expect(user).toBeTruthy();
    const body = { olympiadId: demo.geoDemo, userId: user.id, role: 'admin' };
    expect((await server.api('POST', '/olympiad-grant/v-rest/', { token: overlord, body })).status).toBe(200);
    expect((await server.api('POST', '/olympiad-grant/v-rest/', { token: overlord, body })).status).toBe(409);
    const list = await server.api('GET', `/olympiad-grant/v-rest/?olympiadId=${demo.geoDemo}`, { token: overlord });
    expect(list.body.items.map((g: { username: string }) => g.username)).toContain('other-admin');
    const teacherGrant = await server.api('POST', '/olympiad-grant/v-rest/', {
      token: overlord,
      body: { ...body, userId: demo.users.teacher },
    });
    expect(teacherGrant.status).toBe(400);
    const del = await server.api(
      'DELETE',
      `/olympiad-grant/v-rest/?olympiadId=${demo.geoDemo}&userId=${user.id}&role=admin`,
      { token: overlord },
    );
    expect(del.status).toBe(200);
    expect(await auditCount('grant.create', user.id)).toBe(1);
    expect(await auditCount('grant.revoke', user.id)).toBe(1);
  });
});
