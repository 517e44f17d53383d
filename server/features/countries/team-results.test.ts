import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchoolCertificates } from '#contract/certificates';
import { MyResult, TopSchools } from '#contract/results';
import { createModule, createOlympiad, createUser, enterCountry, grant } from '../../seed/factories.js';
import { forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type TestServer, startTestServer } from '../../test/harness.js';

/**
 * A country olympiad's results run the school paths over the teams (decisions 032 and 039): learners ranked with
 * their awards, countries ranked as top "schools" (the mean of each team's best N), a team learner's own result and
 * medal, and a team admin who reads only their own team's results and certificates (another team's: 404).
 */
let server: TestServer;
let igeoAdmin: Client;
let teamAdmin: Client;
let brAdmin: Client;
let olympiadId: number;
const teams: Record<'DE' | 'BR' | 'NZ', { participantId: number; teamId: number }> = {} as never;
const learners: Record<string, { userId: number; username: string }> = {};

const snapshotRows = 'select * from learner_results order by attempt_id';
const certificateRows = 'select * from certificates order by id';
const day = 24 * 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false', JOBS_WORKER: 'false', SITTING_SWEEP_SECONDS: '0' } });
  const db = server.db;
  const olympiad = await createOlympiad(db, {
    varName: 'igeo-ranks',
    title: 'iGeo ranks',
    kind: 'country',
    teamSize: 4,
    startsAt: new Date(Date.now() - 2 * day),
    endsAt: new Date(Date.now() - day),
  });
  olympiadId = olympiad.id;
  const [admin] = await server.query<{ id: number }>`select id from users where username = 'igeoadmin'`;
  await grant(db, admin!.id, olympiadId, 'admin');
  const modules = [
    await createModule(db, { olympiadId, title: 'Maps' }),
    await createModule(db, { olympiadId, title: 'Climate' }),
  ];
  for (const [code, name] of [
    ['DE', 'Germany'],
    ['BR', 'Brazil'],
    ['NZ', 'New Zealand'],
  ] as const) {
    const [c] = await server.query<{ id: number }>`select id from countries where code = ${code}`;
    const { team, entry } = await enterCountry(db, olympiadId, { id: c!.id, name });
    teams[code] = { participantId: entry.id, teamId: team.id };
  }
  await createUser(db, {
    role: 'teacher',
    username: 'br-ranks-admin',
    password: 'password-123',
    schoolId: teams.BR.teamId,
  });
  // Scores out of 40: Germany 38, 30, 20; Brazil 36, 10; New Zealand 24.
  const written: Array<[string, 'DE' | 'BR' | 'NZ', number]> = [
    ['de-a', 'DE', 38],
    ['de-b', 'DE', 30],
    ['de-c', 'DE', 20],
    ['br-a', 'BR', 36],
    ['br-b', 'BR', 10],
    ['nz-a', 'NZ', 24],
  ];
  for (const [username, code, score] of written) {
    const user = await createUser(db, {
      role: 'learner',
      username: `rank-${username}`,
      password: 'olympus-demo',
      olympiadId,
      schoolId: teams[code].teamId,
      grade: 11,
    });
    learners[username] = { userId: user.id, username: user.username };
    const half = score / 2;
    await server.query`
      insert into attempts (olympiad_id, user_id, started_at, finished_at, finish_reason, score, max_score,
        module_scores, marked_at)
      values (${olympiadId}, ${user.id}, now() - interval '2 days', now() - interval '2 days' + interval '40 minutes',
        'submitted', ${score}, 40, ${JSON.stringify([
          { moduleId: modules[0]!.id, score: half, maxScore: 20 },
          { moduleId: modules[1]!.id, score: half, maxScore: 20 },
        ])}::jsonb, now())`;
  }
  [igeoAdmin, teamAdmin, brAdmin] = await Promise.all([
    server.as('igeoadmin'),
    server.as('teamadmin'),
    server.as('br-ranks-admin', { password: 'password-123' }),
  ]);
  const saved = await igeoAdmin.put(`/olympiad/results/${olympiadId}`, {
    body: {
      awardRule: {
        mode: 'cut_score',
        scope: 'overall',
        bands: [
          { key: 'gold', label: 'Gold', minPercent: 90 },
          { key: 'merit', label: 'Merit', minPercent: 70 },
        ],
        participationLabel: 'Participation',
        bestInSchool: true,
        excludeZero: false,
      },
      topSchoolsBestN: 2,
    },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => server?.close());

describe('POST /olympiad/results/{id}/publish for a country olympiad', () => {
  it('403 for a team admin and a team learner; the admin publishes every team’s learners', async () => {
    await forbiddenFor(server, ['teamadmin', 'teamlearner'], (c) => c.post(`/olympiad/results/${olympiadId}/publish`));
    const res = await igeoAdmin.post(`/olympiad/results/${olympiadId}/publish`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toBe(6);
    const stored = await server.query<{ user_id: number; rank: number; award: string; best_in_school: boolean }>`
      select user_id, rank, award, best_in_school from learner_results where olympiad_id = ${olympiadId}
      order by rank, user_id`;
    const by = (u: string) => stored.find((r) => r.user_id === learners[u]!.userId);
    expect(by('de-a')).toMatchObject({ rank: 1, award: 'gold', best_in_school: true });
    expect(by('br-a')).toMatchObject({ rank: 2, award: 'gold', best_in_school: true });
    expect(by('de-b')).toMatchObject({ rank: 3, award: 'merit', best_in_school: false });
    expect(by('nz-a')).toMatchObject({ rank: 4, award: 'participation', best_in_school: true });
    expect(by('br-b')).toMatchObject({ rank: 6, award: 'participation', best_in_school: false });
  });
});

describe('GET /olympiad/reports/top-school-calcs/{id}: the countries ranked', () => {
  const get = (c: Client) => c.get(`/olympiad/reports/top-school-calcs/${olympiadId}`);

  it('401 without a token, 403 for a team admin, a team learner and finance staff', async () => {
    await unauthenticated(server, get);
    await forbiddenFor(server, ['teamadmin', 'teamlearner', 'accountant', 'funding'], get);
  });

  it('404 for another olympiad’s admin', async () => {
    await notFoundUnchanged(server, snapshotRows, await server.as('admin'), get);
  });

  it('ranks the countries by the mean of each team’s best two (a missing member counts 0)', async () => {
    const res = await igeoAdmin.get(`/olympiad/reports/top-school-calcs/${olympiadId}`, { schema: TopSchools });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('published');
    expect(res.body.items.map((t) => [t.rank, t.schoolName, t.mean, t.scores])).toEqual([
      [1, 'Team Germany', 34, [38, 30]],
      [2, 'Team Brazil', 23, [36, 10]],
      [3, 'Team New Zealand', 12, [24]],
    ]);
  });
});

describe('GET /olympiad/results/mine for a team learner', () => {
  it('the team learner reads their rank and medal; another olympiad’s learner gets 404', async () => {
    const learner = await server.as(learners['de-a']!.username, {
      password: 'olympus-demo',
      olympiadName: 'igeo-ranks',
    });
    const res = await learner.get('/olympiad/results/mine', { query: { olympiadId }, schema: MyResult });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      rank: 1,
      counted: 6,
      award: 'gold',
      awardLabel: 'Gold',
      bestInSchool: true,
    });
    await notFoundUnchanged(server, snapshotRows, await server.as('teamlearner'), (c) =>
      c.get('/olympiad/results/mine', { query: { olympiadId } }),
    );
  });
});

describe('GET olympiad/results/downloads/details for a team admin', () => {
  const details = (query: Record<string, string | number>) => (c: Client) =>
    c.get('/olympiad/results/downloads/details', { query });

  it('401 without a token, 403 for a team learner', async () => {
    await unauthenticated(server, details({ olympiadId }));
    await forbiddenFor(server, ['teamlearner'], details({ olympiadId }));
  });

  it('404 for another team’s results, the rows unchanged', async () => {
    await notFoundUnchanged(
      server,
      snapshotRows,
      teamAdmin,
      details({ olympiadId, schoolParticipantId: teams.BR.participantId }),
    );
  });

  it('each team admin reads only their own team’s learners, in team words', async () => {
    const mine = await details({ olympiadId })(teamAdmin);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((r: { schoolName: string; rank: number }) => [r.schoolName, r.rank])).toEqual([
      ['Team Germany', 1],
      ['Team Germany', 3],
      ['Team Germany', 5],
    ]);
    const theirs = await details({ olympiadId })(brAdmin);
    expect(theirs.body.items.map((r: { schoolName: string }) => r.schoolName)).toEqual(['Team Brazil', 'Team Brazil']);
    const csv = await details({ olympiadId, format: 'csv' })(teamAdmin);
    const header = csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(header).toContain(',Team,');
    expect(header).toContain('Best in team');
    expect(header).not.toMatch(/school/i);
  });
});

describe('certificates of a country olympiad: GET /certificates/school and the team’s PDF', () => {
  it('the admin generates them; the team admin sees only their team’s, labelled best in team', async () => {
    expect((await igeoAdmin.post('/certificates/generate', { query: { olympiadId } })).status).toBe(202);
    while (await server.app.jobs.runOnce()) {
      // one job per pass
    }
    const page = await teamAdmin.get('/certificates/school', { query: { olympiadId }, schema: SchoolCertificates });
    expect(page.status).toBe(200);
    expect(page.body.schoolParticipantId).toBe(teams.DE.participantId);
    expect(page.body.certificates.map((c) => [c.schoolName, c.awardLabel]).sort()).toEqual([
      ['Team Germany', 'Gold, best in team'],
      ['Team Germany', 'Merit'],
      ['Team Germany', 'Participation'],
    ]);
    const [row] = await server.query<{ n: number }>`
      select count(*)::int as n from certificates where olympiad_id = ${olympiadId}`;
    expect(row!.n).toBe(6);
    const pdf = await fetch(`${server.url}/certificates/school/${teams.DE.participantId}/pdf`, {
      headers: { authorization: `Bearer ${teamAdmin.token}` },
    });
    expect(pdf.status).toBe(200);
  });

  it('404 for another team’s certificates and PDF, the rows unchanged', async () => {
    await notFoundUnchanged(server, certificateRows, teamAdmin, (c) =>
      c.get(`/certificates/school/${teams.BR.participantId}/pdf`),
    );
    const [theirs] = await server.query<{ id: number }>`
      select id from certificates where school_participant_id = ${teams.BR.participantId} order by id limit 1`;
    await notFoundUnchanged(server, certificateRows, teamAdmin, (c) => c.get(`/certificates/${theirs!.id}/pdf`));
  });
});
