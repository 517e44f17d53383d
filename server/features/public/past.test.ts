import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PastOlympiadList, PastWinnersList, WinnersDisplayResult } from '#contract/public';
import { createOlympiad, createProject } from '../../seed/factories.js';
import type { Client } from '../../test/harness.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { awardLabels, winnerName } from './present.js';

let server: TestServer;
let demo: DemoIds;
/** An olympiad of another project that the demo admin holds no grant for. */
let othersOlympiad: number;

/**
 * Stands for the results feature's publishing: geo-2025's published snapshot, written with SQL.
 * Gold for the top three ranks, merit for the next five, participation for the rest.
 */
async function publishGeo2025() {
  const rule = {
    mode: 'percentile',
    scope: 'overall',
    bands: [
      { key: 'gold', label: 'Gold', share: 5 },
      { key: 'merit', label: 'Merit', share: 10 },
    ],
    participationLabel: 'Taking part',
  };
  await server.query`
    insert into olympiad_results (olympiad_id, award_rule, published_at)
    values (${demo.geo2025}, ${JSON.stringify(rule)}::jsonb, now())
    on conflict (olympiad_id) do update set award_rule = excluded.award_rule, published_at = excluded.published_at`;
  await server.query`
    insert into learner_results (attempt_id, olympiad_id, user_id, school_participant_id, grade, score, max_score,
      percent, percentile, rank, grade_rank, award)
    select id, olympiad_id, user_id, participant, grade, score, max_score, 100 * score / max_score, 50, rank, grade_rank,
      case when rank <= 3 then 'gold' when rank <= 8 then 'merit' else 'participation' end
    from (
      select a.id, a.olympiad_id, a.user_id, sp.id as participant, u.grade, a.score, a.max_score,
        rank() over (order by a.score desc)::int as rank,
        rank() over (partition by u.grade order by a.score desc)::int as grade_rank
      from attempts a join users u on u.id = a.user_id
      left join school_participants sp on sp.olympiad_id = a.olympiad_id and sp.school_id = u.school_id
      where a.olympiad_id = ${demo.geo2025} and a.score is not null
    ) ranked`;
}

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  const project = await createProject(server.db, { projectName: 'elsewhere', title: 'Elsewhere' });
  othersOlympiad = (
    await createOlympiad(server.db, {
      projectId: project.id,
      varName: 'elsewhere-2020',
      title: 'Elsewhere 2020',
      year: 2020,
      startsAt: new Date('2020-05-01T08:00:00Z'),
      endsAt: new Date('2020-05-02T08:00:00Z'),
    })
  ).id;
});
afterAll(() => server?.close());

describe('winner names and award labels', () => {
  it('names a learner as the olympiad chose', () => {
    expect(winnerName('full_name', 'Zoë', 'Müller-Nel')).toBe('Zoë Müller-Nel');
    expect(winnerName('initial_surname', 'élise', 'du Plessis')).toBe('É. du Plessis');
    expect(winnerName('initial_surname', '', 'Nkosi')).toBe('Nkosi');
    expect(winnerName('school_only', 'Thabo', 'Nkosi')).toBeNull();
  });

  it('reads labels from the award rule, best first', () => {
    const labels = awardLabels({ bands: [{ key: 'gold', label: 'Goud' }], participationLabel: 'Deelname' });
    expect([...labels]).toEqual([
      ['gold', 'Goud'],
      ['best-in-school', 'Best in school'],
      ['participation', 'Deelname'],
    ]);
    // No saved rule: publishing used the default one, so its bands name the awards.
    expect([...awardLabels(null).keys()]).toEqual([
      'gold',
      'silver',
      'bronze',
      'merit',
      'best-in-school',
      'participation',
    ]);
    expect(awardLabels(null).get('participation')).toBe('Participation');
  });
});

describe('GET /website/api/past-olympiads/{projectName}', () => {
  it('lists the project’s closed olympiads only, with the schools and learners that wrote', async () => {
    const res = await server.anonymous().get('/website/api/past-olympiads/geography', { schema: PastOlympiadList });
    expect(res.status).toBe(200);
    expect(res.body.items.map((o) => o.varName)).toEqual(['geo-2025']); // geo-demo is still open
    const [counts] = await server.query<{ learners: number; schools: number }>`
      select count(*)::int as learners, count(distinct u.school_id)::int as schools
      from attempts a join users u on u.id = a.user_id where a.olympiad_id = ${demo.geo2025} and a.started_at is not null`;
    expect(res.body.items[0]).toMatchObject({
      id: demo.geo2025,
      learners: counts!.learners,
      schools: counts!.schools,
      kind: 'school',
    });
    expect(counts!.learners).toBe(60);
    expect(res.body.total).toBe(1);
  });

  it('pages, and answers 404 for an unknown project and 400 for a bad page', async () => {
    const page2 = await server.anonymous().get('/website/api/past-olympiads/geography', {
      query: { page: 2, pageSize: 1 },
    });
    expect(page2.body).toMatchObject({ items: [], total: 1, page: 2, pageSize: 1 });
    expect((await server.anonymous().get('/website/api/past-olympiads/no-such-project')).status).toBe(404);
    expect((await server.anonymous().get('/website/api/past-olympiads/geography', { query: { page: 0 } })).status).toBe(
      400,
    );
  });
});

describe('GET /website/api/past-winners/{projectName}', () => {
  it('shows no winners before the results are published', async () => {
    const res = await server.anonymous().get('/website/api/past-winners/geography', { schema: PastWinnersList });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      olympiad: { id: demo.geo2025, resultsPublishedAt: null },
      awards: [],
      top: [],
      grades: [],
    });
  });

  it('once published: the top ranks, the best per grade and the awards, named as the olympiad chose', async () => {
    await publishGeo2025();
    const res = await server.anonymous().get('/website/api/past-winners/geography', { schema: PastWinnersList });
    const past = res.body.items[0]!;
    expect(past.olympiad.resultsPublishedAt).not.toBeNull();
    expect(past.display).toBe('initial_surname');
    const [best] = await server.query<{ first_name: string; last_name: string; school: string; rank: number }>`
      select u.first_name, u.last_name, s.name as school, lr.rank from learner_results lr
      join users u on u.id = lr.user_id join schools s on s.id = u.school_id
      where lr.olympiad_id = ${demo.geo2025} order by lr.rank, u.last_name limit 1`;
    expect(past.top[0]).toMatchObject({
      rank: 1,
      award: 'gold',
      awardLabel: 'Gold',
      school: best!.school,
      name: `${[...best!.first_name][0]!.toUpperCase()}. ${best!.last_name}`,
    });
    expect(past.top.every((w) => w.rank <= 10)).toBe(true);
    expect(past.grades.length).toBeGreaterThan(0);
    for (const g of past.grades) expect(g.winners.every((w) => w.grade === g.grade && w.gradeRank! <= 3)).toBe(true);
    const [counts] = await server.query<{ n: number }>`
      select count(*)::int as n from learner_results where olympiad_id = ${demo.geo2025}`;
    expect(past.awards.map((a) => a.key)).toEqual(['gold', 'merit', 'participation']);
    expect(past.awards.find((a) => a.key === 'participation')!.label).toBe('Taking part');
    expect(past.awards.reduce((n, a) => n + a.count, 0)).toBe(counts!.n);
    // Nothing leaves that the page does not show: no score, no user id.
    expect(Object.keys(past.top[0]!).sort()).toEqual(
      ['award', 'awardLabel', 'grade', 'gradeRank', 'name', 'rank', 'school'].sort(),
    );
  });
});

describe('PUT /olympiad/results/{olympiadId}/winners-display', () => {
  const put = (olympiadId: number, winnersDisplay: string) => (c: Client) =>
    c.put(`/olympiad/results/${olympiadId}/winners-display`, { body: { winnersDisplay } });
  const settingsRows = 'select olympiad_id, winners_display from olympiad_results order by olympiad_id';

  it('401 without a token, 403 for the roles that may not choose', async () => {
    await unauthenticated(server, put(demo.geo2025, 'full_name'));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], put(demo.geo2025, 'full_name'));
  });

  it('404 for another olympiad’s setting, the rows unchanged', async () => {
    await notFoundUnchanged(server, settingsRows, await server.as('admin'), put(othersOlympiad, 'full_name'));
    await notFoundUnchanged(server, settingsRows, await server.as('admin'), put(2_000_000, 'full_name'));
  });

  it('400 for a choice that does not exist', async () => {
    const res = await put(demo.geo2025, 'nickname')(await server.as('admin'));
    expect(res.status).toBe(400);
  });

  it('the admin chooses; the row, the audit and the public page follow', async () => {
    const admin = await server.as('admin');
    const full = await put(demo.geo2025, 'full_name')(admin);
    expect(full.status).toBe(200);
    expect(WinnersDisplayResult.parse(full.body)).toMatchObject({ winnersDisplay: 'full_name' });
    const [row] = await server.query<{ winners_display: string }>`
      select winners_display from olympiad_results where olympiad_id = ${demo.geo2025}`;
    expect(row!.winners_display).toBe('full_name');
    const [audit] = await server.query<{ data: { from: string; to: string }; actor_id: number }>`
      select data, actor_id from audit_log where action = 'results.winners-display' order by id desc limit 1`;
    expect(audit).toMatchObject({ data: { to: 'full_name' }, actor_id: demo.users.admin });
    let page = await server.anonymous().get('/website/api/past-winners/geography', { schema: PastWinnersList });
    expect(page.body.items[0]!.top[0]!.name).toMatch(/^\S{2,}.* \S+/);

    await put(demo.geo2025, 'school_only')(admin);
    page = await server.anonymous().get('/website/api/past-winners/geography', { schema: PastWinnersList });
    const winners = [...page.body.items[0]!.top, ...page.body.items[0]!.grades.flatMap((g) => g.winners)];
    expect(winners.length).toBeGreaterThan(0);
    expect(winners.every((w) => w.name === null && w.school)).toBe(true);
    const got = await admin.get(`/olympiad/results/${demo.geo2025}/winners-display`);
    expect(got.body).toMatchObject({ winnersDisplay: 'school_only', olympiadId: demo.geo2025 });
  });

  it('the overlord chooses for an olympiad without a results row yet (made with the defaults)', async () => {
    const res = await put(othersOlympiad, 'initial_surname')(await server.as('overlord'));
    expect(res.status).toBe(200);
    const [row] = await server.query<{ winners_display: string; published_at: Date | null }>`
      select winners_display, published_at from olympiad_results where olympiad_id = ${othersOlympiad}`;
    expect(row).toEqual({ winners_display: 'initial_surname', published_at: null });
  });
});

describe('GET /olympiad/results/{olympiadId}/winners-display', () => {
  const get = (olympiadId: number) => (c: Client) => c.get(`/olympiad/results/${olympiadId}/winners-display`);
  it('401, 403 and 404 like the setting itself', async () => {
    await unauthenticated(server, get(demo.geo2025));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], get(demo.geo2025));
    const res = await get(othersOlympiad)(await server.as('admin'));
    expect(res.status).toBe(404);
  });
});
