import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PortalOlympiad, PortalOlympiadResult, School } from '#contract/schools';
import { createOlympiad, createSchool, enterSchool } from '../../seed/factories.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The teacher portal says where each olympiad is in its year (registration, writing soon, writing now, closed and
 * being marked, results out), lists the school's current olympiads before its past ones, and once the results are
 * published gives the school's results and its certificates' PDF. On the demo data: geo-demo is being written,
 * geo-2025 closed a month ago with 60 marked attempts at the two demo schools.
 */

let server: TestServer;
let demo: DemoIds;
let teacher: Client;
/** Two olympiads the teacher's school is entered in: one not opened yet, one opened that starts next week. */
let upcoming: { id: number; varName: string };
let opened: { id: number; varName: string };
/** An olympiad that is over, with another school only. */
let foreign: { id: number; varName: string };

const PortalList = z.object({ success: z.literal(true), school: School.nullable(), items: z.array(PortalOlympiad) });
const days = (n: number) => new Date(Date.now() + n * 86_400_000);

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  teacher = await server.as('teacher');
  upcoming = await createOlympiad(server.db, {
    varName: 'portal-upcoming',
    title: 'Upcoming Olympiad',
    open: false,
    startsAt: days(30),
    endsAt: days(31),
  });
  opened = await createOlympiad(server.db, {
    varName: 'portal-opened',
    title: 'Opened Olympiad',
    open: true,
    startsAt: days(7),
    endsAt: days(8),
  });
  await enterSchool(server.db, upcoming.id, demo.school1);
  await enterSchool(server.db, opened.id, demo.school1);
  foreign = await createOlympiad(server.db, {
    varName: 'portal-foreign',
    startsAt: days(-40),
    endsAt: days(-39),
  });
  await enterSchool(server.db, foreign.id, (await createSchool(server.db, { name: 'Foreign High' })).id);
});
afterAll(() => server?.close());

/** geo-2025's results published: every marked attempt ranked by score, 3 gold, 6 silver, the rest participation. */
async function publishGeo2025() {
  const marked = await server.query<{ id: number; user_id: number; score: number; sp: number; grade: number | null }>`
    select a.id, a.user_id, a.score, sp.id as sp, u.grade from attempts a
    join users u on u.id = a.user_id
    join school_participants sp on sp.school_id = u.school_id and sp.olympiad_id = a.olympiad_id
    where a.olympiad_id = ${demo.geo2025} and a.marked_at is not null order by a.score desc, a.id`;
  for (const [i, a] of marked.entries()) {
    const award = i < 3 ? 'gold' : i < 9 ? 'silver' : 'participation';
    await server.query`
      insert into learner_results (attempt_id, olympiad_id, user_id, school_participant_id, grade, province, score,
        max_score, percent, percentile, rank, award, best_in_school)
      values (${a.id}, ${demo.geo2025}, ${a.user_id}, ${a.sp}, ${a.grade}, 'Gauteng', ${a.score}, 100, ${a.score},
        ${100 - i}, ${i + 1}, ${award}, false)`;
  }
  await server.query`
    insert into olympiad_results (olympiad_id, published_at) values (${demo.geo2025}, now())
    on conflict (olympiad_id) do update set published_at = now()`;
  return marked;
}

describe('GET /api/portal/olympiads', () => {
  const list = (c: Client) => c.get('/api/portal/olympiads');

  it('401 without a token, 403 for staff and learners', async () => {
    await unauthenticated(server, list);
    await forbiddenFor(server, ['admin', 'accountant', 'learner1'], list);
  });

  it('says where each olympiad is, and lists the school’s current and coming olympiads before its past ones', async () => {
    const res = await teacher.get('/api/portal/olympiads', { schema: PortalList });
    expect(res.status).toBe(200);
    const entered = res.body.items.filter((o) => o.participant);
    const phase = (name: string) => entered.find((o) => o.varName === name)?.phase;
    expect(phase('geo-demo')).toBe('writing');
    expect(phase(opened.varName)).toBe('writing_soon');
    expect(phase(upcoming.varName)).toBe('registration');
    expect(phase('geo-2025')).toBe('closed');
    // Last year's olympiad (it started first) comes after every olympiad that is not over.
    const names = entered.map((o) => o.varName);
    const past = names.indexOf('geo-2025');
    expect(past).toBe(names.length - 1);
    expect(names.indexOf(opened.varName)).toBeLessThan(names.indexOf(upcoming.varName));
    // A school olympiad's times are read in South African time.
    expect(new Set(res.body.items.map((o) => o.timeZone))).toEqual(new Set(['Africa/Johannesburg']));
    expect(entered.find((o) => o.varName === 'geo-2025')).toMatchObject({
      resultsPublishedAt: null,
      participant: { certificates: null },
    });
  });
});

describe('GET /api/portal/olympiads/{olympiadName}', () => {
  const page = (name: string) => (c: Client) => c.get(`/api/portal/olympiads/${name}`);

  it('401 without a token, 403 for staff, 404 for an olympiad that is over and the school is not in', async () => {
    await unauthenticated(server, page('geo-2025'));
    await forbiddenFor(server, ['admin', 'learner1'], page('geo-2025'));
    await notFoundUnchanged(
      server,
      'select * from olympiad_results order by olympiad_id',
      teacher,
      page(foreign.varName),
    );
  });

  it('a closed olympiad whose results are not out: closed, no results and no certificates yet', async () => {
    const res = await teacher.get('/api/portal/olympiads/geo-2025', { schema: PortalOlympiadResult });
    expect(res.status).toBe(200);
    expect(res.body.olympiad).toMatchObject({ phase: 'closed', resultsPublishedAt: null });
    expect(res.body.olympiad.participant?.certificates).toBeNull();
    expect(res.body.results).toBeNull();
  });

  it('once published: the school’s own results (awards, best learners) and its certificates’ PDF', async () => {
    const marked = await publishGeo2025();
    const [participant] = await server.query<{ id: number }>`
      select id from school_participants where olympiad_id = ${demo.geo2025} and school_id = ${demo.school1}`;
    const mine = marked.filter((a) => a.sp === participant!.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(marked.length);
    await server.query`
      insert into certificate_batches (school_participant_id, olympiad_id, file_key, certificates, generated_at)
      values (${participant!.id}, ${demo.geo2025}, 'certificates/geo-2025-school.pdf', ${mine.length}, now())`;

    const res = await teacher.get('/api/portal/olympiads/geo-2025', { schema: PortalOlympiadResult });
    expect(res.status).toBe(200);
    const [published] = await server.query<{ published_at: Date }>`
      select published_at from olympiad_results where olympiad_id = ${demo.geo2025}`;
    expect(res.body.olympiad).toMatchObject({
      phase: 'results',
      resultsPublishedAt: new Date(published!.published_at).toISOString(),
      participant: { id: participant!.id, certificates: { count: mine.length, generatedAt: expect.any(String) } },
    });
    const results = res.body.results!;
    expect(results.ranked).toBe(mine.length);
    // The awards in the rule's order (the contract's default rule: gold, silver …, participation), none at zero.
    const ranks = mine.map((a) => marked.indexOf(a));
    const expected = [
      { key: 'gold', label: 'Gold', count: ranks.filter((i) => i < 3).length },
      { key: 'silver', label: 'Silver', count: ranks.filter((i) => i >= 3 && i < 9).length },
      { key: 'participation', label: 'Participation', count: ranks.filter((i) => i >= 9).length },
    ].filter((a) => a.count > 0);
    expect(results.awards).toEqual(expected);
    expect(results.awards.reduce((n, a) => n + a.count, 0)).toBe(mine.length);
    // Its best learners, best first, and only its own.
    expect(results.top.length).toBe(Math.min(5, mine.length));
    expect(results.top.map((t) => t.rank)).toEqual(ranks.slice(0, 5).map((i) => i + 1));
    const names = await server.query<{ name: string }>`
      select first_name || ' ' || last_name as name from users where school_id = ${demo.school1} and olympiad_id = ${demo.geo2025}`;
    for (const t of results.top) expect(names.map((n) => n.name)).toContain(t.name);

    // The home lists it as past, its results out and its certificates ready.
    const home = await teacher.get('/api/portal/olympiads', { schema: PortalList });
    expect(home.body.items.find((o) => o.varName === 'geo-2025')).toMatchObject({
      phase: 'results',
      participant: { certificates: { count: mine.length } },
    });
  });

  it('results withdrawn again: closed, and the PDF made for them is not offered', async () => {
    await server.query`update olympiad_results set published_at = null where olympiad_id = ${demo.geo2025}`;
    const res = await teacher.get('/api/portal/olympiads/geo-2025', { schema: PortalOlympiadResult });
    expect(res.body.olympiad).toMatchObject({ phase: 'closed', resultsPublishedAt: null });
    expect(res.body.olympiad.participant?.certificates).toBeNull();
    expect(res.body.results).toBeNull();
  });

  it('a country’s team reads its olympiad’s times in its country’s zone', async () => {
    const team = await server.as('teamadmin');
    const res = await team.get('/api/portal/olympiads/igeo-demo', { schema: PortalOlympiadResult });
    expect(res.status).toBe(200);
    expect(res.body.olympiad.timeZone).toBe('Europe/Berlin');
  });
});
