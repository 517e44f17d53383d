import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import type { Client } from '../../test/harness.js';
import { type Built, closedOlympiad, moderate, othersOlympiad, server, useResultsServer } from './testing.js';

/**
 * What follows publishing: the ranked learners, the top schools, the downloads (a teacher their
 * own school's, only once published) and a learner's own result, on the real server and database.
 */
useResultsServer();

const snapshotRows = 'select * from learner_results order by attempt_id';
let admin: Client;
let olympiad: Built;
let other: Awaited<ReturnType<typeof othersOlympiad>>;

const publish = (id: number) => admin.post(`/olympiad/results/${id}/publish`);

beforeAll(async () => {
  admin = await server.as('admin');
  olympiad = await closedOlympiad([
    { score: 38, school: 1, grade: 10, firstName: 'Zoë', lastName: 'Müller-Nel' },
    { score: 30, school: 1, grade: 11, firstName: '=HYPERLINK("x")', lastName: 'Formula' },
    { score: 30, school: 2, grade: 10, firstName: 'Anré', lastName: 'du Plessis' },
    { score: 10, school: 2, grade: 11 },
    { score: 24, school: 3, grade: 10 },
    { score: 40, school: 3, grade: 10 }, // disqualified
    { score: 2, school: 1, grade: 10 }, // adjusted to 20
  ]);
  await moderate(olympiad.learners[5]!.attemptId, 'disqualified');
  await moderate(olympiad.learners[6]!.attemptId, 'adjusted', 20);
  await admin.put(`/olympiad/results/${olympiad.id}`, {
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
  other = await othersOlympiad();
  // Anré wrote in Afrikaans; the others kept no language and wrote in the olympiad's default, English.
  await server.query`update attempts set language = 'af' where id = ${olympiad.learners[2]!.attemptId}`;
});

describe('GET /olympiad/reports/top-school-calcs/{id}', () => {
  const get = (id: number) => (c: Client) => c.get(`/olympiad/reports/top-school-calcs/${id}`);

  it('401 without a token, 403 for roles other than the olympiad’s admins', async () => {
    await unauthenticated(server, get(olympiad.id));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], get(olympiad.id));
  });

  it('404 for another olympiad', async () => {
    await notFoundUnchanged(server, snapshotRows, admin, get(other.id));
  });

  it('computes live before publishing and reads the snapshot after, the mean of the best N', async () => {
    const live = await get(olympiad.id)(admin);
    expect(live.status).toBe(200);
    expect(live.body.source).toBe('live');
    expect(live.body.bestN).toBe(2);
    // Waterkloof 38, 30 (20 not in the best 2) → 34; Rondebosch 30, 10 → 20; Menlopark 24 (40 disqualified) → 12.
    expect(
      live.body.items.map((s: { rank: number; schoolName: string; mean: number; scores: number[] }) => [
        s.rank,
        s.schoolName,
        s.mean,
        s.scores,
      ]),
    ).toEqual([
      [1, 'Hoërskool Waterkloof', 34, [38, 30]],
      [2, 'Rondebosch Boys’ High School', 20, [30, 10]],
      [3, 'Hoërskool Menlopark', 12, [24]],
    ]);
    expect((await publish(olympiad.id)).status).toBe(200);
    const published = await get(olympiad.id)(await server.as('overlord'));
    expect(published.body.source).toBe('published');
    expect(published.body.items.map((s: { mean: number }) => s.mean)).toEqual([34, 20, 12]);
  });
});

describe('GET /olympiad/results/{olympiadId}/learners', () => {
  const list =
    (id: number, query: Record<string, string | number> = {}) =>
    (c: Client) =>
      c.get(`/olympiad/results/${id}/learners`, { query });

  it('401 without a token, 403 for roles other than the olympiad’s admins', async () => {
    await unauthenticated(server, list(olympiad.id));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], list(olympiad.id));
  });

  it('404 for another olympiad', async () => {
    await notFoundUnchanged(server, snapshotRows, admin, list(other.id));
  });

  it('pages the ranked learners, with search, grade, award and sort', async () => {
    const res = await list(olympiad.id, { pageSize: 2 })(admin);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Müller-Nel',
      schoolName: 'Hoërskool Waterkloof',
      score: 38,
      percent: 95,
      rank: 1,
      gradeRank: 1,
      award: 'gold',
      awardLabel: 'Gold',
      bestInSchool: true,
    });
    expect(res.body.items[0].moduleScores).toHaveLength(2);
    const merit = await list(olympiad.id, { award: 'merit' })(admin);
    expect(merit.body.items.map((r: { rank: number }) => r.rank)).toEqual([2, 2]);
    const search = await list(olympiad.id, { search: 'plessis' })(admin);
    expect(search.body.items.map((r: { firstName: string }) => r.firstName)).toEqual(['Anré']);
    const grade = await list(olympiad.id, { grade: 11, sort: 'score', order: 'asc' })(admin);
    expect(grade.body.items.map((r: { score: number }) => r.score)).toEqual([10, 30]);
    expectError(await list(olympiad.id, { sort: 'password' })(admin), 400);
  });
});

describe('GET olympiad/results/downloads/details', () => {
  const details = (query: Record<string, string | number>) => (c: Client) =>
    c.get('/olympiad/results/downloads/details', { query });

  it('401 without a token, 403 for the learner and finance staff', async () => {
    await unauthenticated(server, details({ olympiadId: olympiad.id }));
    await forbiddenFor(server, ['learner1', 'accountant', 'funding'], details({ olympiadId: olympiad.id }));
  });

  it('404 for another olympiad, for a teacher whose school is not entered, and for another school', async () => {
    await notFoundUnchanged(server, snapshotRows, admin, details({ olympiadId: other.id }));
    await notFoundUnchanged(
      server,
      snapshotRows,
      await server.as('teacher'),
      details({ olympiadId: olympiad.id, schoolParticipantId: olympiad.participants[2] }),
    );
    await notFoundUnchanged(
      server,
      snapshotRows,
      admin,
      details({ olympiadId: olympiad.id, schoolParticipantId: other.participants[1] }),
    );
  });

  it('gives the admin every learner with module scores as json, csv and xlsx', async () => {
    const json = await details({ olympiadId: olympiad.id })(admin);
    expect(json.status).toBe(200);
    expect(json.body.total).toBe(6);
    expect(json.body.modules.map((m: { title: string }) => m.title)).toEqual(['Maps', 'Climate']);

    const csv = await details({ olympiadId: olympiad.id, format: 'csv' })(admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Rank,First name,Last name,Username,School,Province,Grade,Language,Maps,Climate,Score,Out of,Percent,Percentile,' +
        'Grade rank,Province rank,Award,Best in school',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^1,Zoë,Müller-Nel,learner\d+,Hoërskool Waterkloof,Gauteng,10,English,19,19,38,40,95,/);
    // The language each learner wrote in: the attempt's, else the olympiad's default.
    expect(lines.find((l) => l.includes('Anré'))).toMatch(/,Anré,du Plessis,learner\d+,[^,]+,[^,]*,10,Afrikaans,/);
    expect(
      json.body.items.map((r: { firstName: string; language: string }) => [r.firstName, r.language]),
    ).toContainEqual(['Anré', 'af']);
    expect(json.body.items.filter((r: { language: string }) => r.language === 'en')).toHaveLength(5);
    // A name that looks like a formula is written as text.
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);

    const xlsx = await fetch(`${server.url}/olympiad/results/downloads/details?olympiadId=${olympiad.id}&format=xlsx`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const ws = book.getWorksheet('Results')!;
    expect(ws.rowCount).toBe(7);
    expect(ws.getRow(2).getCell(2).value).toBe('Zoë');
    expect(ws.getRow(2).getCell(8).value).toBe('English');
    expect(ws.getRow(2).getCell(11).value).toBe(38);
  });

  it('gives a teacher their own school’s rows only once published; 403 before, saying so', async () => {
    const teacher = await server.as('teacher');
    const res = await details({ olympiadId: olympiad.id })(teacher);
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { schoolName: string }) => r.schoolName)).toEqual([
      'Hoërskool Waterkloof',
      'Hoërskool Waterkloof',
      'Hoërskool Waterkloof',
    ]);
    const csv = await details({ olympiadId: olympiad.id, format: 'csv' })(teacher);
    expect(csv.text.trim().split('\r\n')).toHaveLength(4);

    await admin.post(`/olympiad/results/${olympiad.id}/unpublish`);
    const before = await details({ olympiadId: olympiad.id })(teacher);
    expectError(before, 403);
    expect(before.body.message).toBe('The results of this olympiad are not published yet');
    // The admin still reads the snapshot they withdrew.
    expect((await details({ olympiadId: olympiad.id })(admin)).body.total).toBe(6);
    await publish(olympiad.id);
  });

  it('409 for the admin when nothing was ever published', async () => {
    const fresh = await closedOlympiad([{ score: 3 }]);
    expectError(await details({ olympiadId: fresh.id })(admin), 409);
  });
});

describe('GET /olympiad/results/mine', () => {
  const mine = (olympiadId: number) => (c: Client) => c.get('/olympiad/results/mine', { query: { olympiadId } });
  const learner = (i: number) =>
    server.as(olympiad.learners[i]!.username, { password: 'olympus-demo', olympiadName: olympiad.varName });

  it('401 without a token, 403 for staff', async () => {
    await unauthenticated(server, mine(olympiad.id));
    await forbiddenFor(server, ['teacher', 'admin', 'overlord'], mine(olympiad.id));
  });

  it('404 for an olympiad the learner does not write', async () => {
    await notFoundUnchanged(server, snapshotRows, await learner(0), mine(other.id));
  });

  it('answers the learner’s own result once published, and nothing before', async () => {
    const zoe = await learner(0);
    const res = await mine(olympiad.id)(zoe);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      published: true,
      result: {
        score: 38,
        maxScore: 40,
        percent: 95,
        award: 'gold',
        awardLabel: 'Gold',
        bestInSchool: true,
        rank: 1,
        gradeRank: 1,
        counted: 6,
        gradeCounted: 4,
        language: 'en',
      },
    });
    expect((await mine(olympiad.id)(await learner(2))).body.result.language).toBe('af');
    // The disqualified learner has no result.
    expect((await mine(olympiad.id)(await learner(5))).body).toEqual({ success: true, published: true, result: null });
    await admin.post(`/olympiad/results/${olympiad.id}/unpublish`);
    expect((await mine(olympiad.id)(zoe)).body).toEqual({ success: true, published: false, result: null });
    await publish(olympiad.id);
  });
});
