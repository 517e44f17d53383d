import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardUser, FeedbackReport, FeedbackSchools, GraphData, ReportOverview } from '#contract/reports';
import { createAccount, createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type Call, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The overviews, graph data, feedback report and dashboard user (decision 038): numbers computed from rows this
 * file creates in an olympiad of its own (`rep-a`, granted to the demo admin), and another (`rep-b`) the admin
 * does not hold.
 */
let server: TestServer;
let demo: DemoIds;
let a: { id: number };
let b: { id: number };
let gauteng: { id: number };
let cape: { id: number };

const rowsRead = 'select id, started_at, finished_at, feedback_rating, feedback_comment from attempts order by id';

/** An attempt of a new learner: `startedAt` in UTC, finished with `score`/50 or not. */
async function learner(
  olympiadId: number,
  schoolId: number,
  grade: number | null,
  attempt?: {
    startedAt: string;
    finished?: boolean;
    score?: number;
    deadline?: 'future' | 'past';
    rating?: number | null;
    comment?: string;
    createdAt?: string;
  },
) {
  const u = await createUser(server.db, {
    role: 'learner',
    olympiadId,
    schoolId,
    grade,
    firstName: 'Thandi',
    lastName: `L${grade}`,
  });
  if (attempt?.createdAt) await server.query`update users set created_at = ${attempt.createdAt} where id = ${u.id}`;
  if (!attempt) return u;
  const deadline = attempt.deadline === 'past' ? '2020-01-01T00:00:00Z' : '2999-01-01T00:00:00Z';
  await server.db.execute(sql`
    insert into attempts (olympiad_id, user_id, started_at, deadline_at, finished_at, score, max_score,
      feedback_rating, feedback_comment, feedback_at)
    values (${olympiadId}, ${u.id}, ${attempt.startedAt}, ${deadline},
      ${attempt.finished ? attempt.startedAt : null}, ${attempt.score ?? null}, ${attempt.score != null ? 50 : null},
      ${attempt.rating ?? null}, ${attempt.comment ?? null},
      ${attempt.rating !== undefined || attempt.comment ? attempt.startedAt : null})`);
  return u;
}

beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_SENDER: 'false', REPORT_REFRESH_SECONDS: '0' } });
  demo = await demoIds(server);
  a = await createOlympiad(server.db, { varName: 'rep-a', title: 'Reports A', currency: 'ZAR' });
  b = await createOlympiad(server.db, { varName: 'rep-b', title: 'Reports B', currency: 'USD' });
  await grant(server.db, demo.users.admin, a.id, 'admin');
  gauteng = await createSchool(server.db, { name: 'Gauteng High', province: 'Gauteng' });
  cape = await createSchool(server.db, { name: 'Cape High', province: 'Western Cape' });
  const withdrawn = await createSchool(server.db, { name: 'Gone High', province: 'Limpopo' });
  const spG = await enterSchool(server.db, a.id, gauteng.id);
  await enterSchool(server.db, a.id, cape.id);
  await enterSchool(server.db, a.id, withdrawn.id);
  await enterSchool(server.db, b.id, gauteng.id);
  await server.query`update school_participants set status = 'withdrawn' where school_id = ${withdrawn.id}`;
  await server.query`update school_participants set created_at = '2026-02-01T10:00:00Z' where olympiad_id = ${a.id}`;
  // Exam day, 2026-03-03 SAST: 08:00 SAST is 06:00 UTC.
  await learner(a.id, gauteng.id, 10, {
    startedAt: '2026-03-03T06:00:10Z',
    finished: true,
    score: 50,
    rating: 5,
    comment: 'Loved the maps',
    createdAt: '2026-02-10T09:00:00Z',
  });
  await learner(a.id, gauteng.id, 10, {
    startedAt: '2026-03-03T06:00:40Z',
    finished: true,
    score: 20,
    rating: 3,
    createdAt: '2026-02-10T09:00:00Z',
  });
  await learner(a.id, cape.id, 11, {
    startedAt: '2026-03-03T06:01:05Z',
    deadline: 'future',
    createdAt: '2026-02-11T09:00:00Z',
  });
  await learner(a.id, cape.id, 11, {
    startedAt: '2026-03-02T06:00:00Z',
    deadline: 'past',
    rating: null,
    comment: 'The timer ran out',
    createdAt: '2026-02-11T09:00:00Z',
  });
  await learner(a.id, cape.id, null);
  await learner(a.id, gauteng.id, 12);
  // Olympiad B: one learner, one USD invoice, that the admin never sees.
  await learner(b.id, gauteng.id, 9, {
    startedAt: '2026-03-03T06:00:00Z',
    finished: true,
    score: 10,
    rating: 1,
    comment: 'B',
  });
  const account = await createAccount(server.db);
  const [po] = await server.query<{
    id: number;
  }>`select id from purchase_orders where school_participant_id = ${spG.id}`;
  for (const [kind, total, n] of [
    ['invoice', 40250, 1],
    ['credit_note', -40250, 2],
    ['invoice', 20125, 3],
  ] as const)
    await server.db.execute(sql`
      insert into invoices (kind, account_id, olympiad_id, purchase_order_id, year, number, document_number, currency,
        learners, free_learners, fee_cents, lines, subtotal_cents, vat_rate_bp, vat_cents, total_cents, bill_to, seller,
        payment_reference, credited_at)
      values (${kind}, ${account.id}, ${a.id}, ${po!.id}, 2026, ${n}, ${`T-${n}`}, 'ZAR', 5, 0, 3500, '[]', ${total}, 1500,
        0, ${total}, '{}', '{}', 'REF1', ${n === 1 ? new Date() : null})`);
  for (const [amount, reversed] of [
    [10000, false],
    [5000, true],
  ] as const)
    await server.db.execute(sql`
      insert into payments (olympiad_id, purchase_order_id, amount_cents, received_on, method, reversed_at)
      values (${a.id}, ${po!.id}, ${amount}, '2026-02-20', 'eft', ${reversed ? new Date() : null})`);
  for (const status of ['sent', 'sent', 'held', 'failed'] as const)
    await server.db.execute(sql`
      insert into emails (kind, to_address, subject, text_body, status, olympiad_id, sent_at)
      values ('mass', 'x@example.org', 'Hi', 'Hi', ${status}, ${a.id}, ${status === 'sent' ? '2026-02-15T08:00:00Z' : null})`);
});

afterAll(async () => {
  await server?.close();
});

const overview = (id: number, format?: string) => (c: Client) =>
  c.post(`/olympiad/reports/overview/${id}`, { query: format ? { format } : {} });
const graph =
  (id: number, body: Record<string, unknown> = {}) =>
  (c: Client) =>
    c.post(`/olympiad/reports/graph-data/${id}`, { body });
const feedback =
  (id: number, query: Record<string, string | number> = {}) =>
  (c: Client) =>
    c.get(`/olympiad/reports/feedback/${id}`, { query });

async function checks(call: (id: number) => Call, wrong: Parameters<typeof forbiddenFor>[1]) {
  await unauthenticated(server, call(a.id));
  await forbiddenFor(server, wrong, call(a.id));
  await notFoundUnchanged(server, rowsRead, await server.as('admin'), call(b.id));
  await notFoundUnchanged(server, rowsRead, await server.as('admin'), call(2_000_000));
}

describe('POST /olympiad/reports/overview/{id}', () => {
  it('401, 403 for every role but admin and overlord, 404 for another olympiad (rows unchanged)', async () => {
    await checks((id) => overview(id), ['teacher', 'learner1', 'accountant', 'funding']);
  });

  it('counts the olympiad’s schools, learners, sittings, money and mail from its rows', async () => {
    const res = await overview(a.id)(await server.as('admin'));
    expect(res.status, res.text).toBe(200);
    const o = ReportOverview.parse(res.body);
    expect(o.olympiad).toEqual({ id: a.id, varName: 'rep-a', title: 'Reports A' });
    expect(o.olympiads).toEqual([]);
    expect(o.figures).toEqual({
      olympiads: 1,
      schoolsEntered: 2,
      learnersLoaded: 6,
      notStarted: 2,
      writingNow: 1,
      finished: 2,
      money: [{ currency: 'ZAR', invoicedCents: 20125, paidCents: 10000 }],
      mailSent: 2,
      mailWaiting: 1,
      mailFailed: 1,
    });
    const day = (d: string) => o.overTime.find((x) => x.day === d);
    expect(day('2026-02-01')).toMatchObject({ schoolsEntered: 2 });
    expect(day('2026-02-10')).toMatchObject({ learnersLoaded: 2 });
    expect(day('2026-03-03')).toMatchObject({ started: 3 });
    expect(day('2026-02-15')).toMatchObject({ mailSent: 2 });
  });

  it('downloads as csv and xlsx', async () => {
    const admin = await server.as('admin');
    const csv = await overview(a.id, 'csv')(admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('overview-rep-a.csv');
    expect(csv.text).toContain('Reports A,2,6,2,1,2,ZAR,201.25,100,2,1,1');
    const xlsx = await fetch(`${server.url}/olympiad/reports/overview/${a.id}?format=xlsx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual(['Figures', 'By day']);
    const day = book.getWorksheet('By day')!.getCell('A2');
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect((day.value as Date).toISOString()).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect(day.numFmt).toBe('yyyy-mm-dd');
    expect(book.getWorksheet('Figures')!.getRow(2).values).toEqual([
      undefined,
      'Reports A',
      2,
      6,
      2,
      1,
      2,
      'ZAR',
      201.25,
      100,
      2,
      1,
      1,
    ]);
  });
});

describe('POST /olympiad/reports/overview (every olympiad)', () => {
  it('401, and 403 for everyone but the overlord', async () => {
    const call = (c: Client) => c.post('/olympiad/reports/overview');
    await unauthenticated(server, call);
    await forbiddenFor(server, ['admin', 'teacher', 'learner1', 'accountant', 'funding'], call);
  });

  it('gives the overlord every olympiad, each with its figures, and money per currency', async () => {
    const res = await (await server.as('overlord')).post('/olympiad/reports/overview');
    expect(res.status, res.text).toBe(200);
    const o = ReportOverview.parse(res.body);
    expect(o.olympiad).toBeNull();
    const [count] = await server.query<{ n: number }>`select count(*)::int as n from olympiads`;
    expect(o.figures.olympiads).toBe(count!.n);
    const ofB = o.olympiads.find((x) => x.id === b.id)!;
    expect(ofB).toMatchObject({ varName: 'rep-b', learnersLoaded: 1, finished: 1, schoolsEntered: 1, currency: 'USD' });
    const [learners] = await server.query<{ n: number }>`select count(*)::int as n from users where role = 'learner'`;
    expect(o.figures.learnersLoaded).toBe(learners!.n);
    expect(o.figures.money.find((m) => m.currency === 'ZAR')!.invoicedCents).toBeGreaterThanOrEqual(20125);
  });
});

describe('POST /olympiad/reports/graph-data/{id}', () => {
  it('401, 403 for every role but admin and overlord, 404 for another olympiad (rows unchanged)', async () => {
    await checks((id) => graph(id), ['teacher', 'learner1', 'accountant', 'funding']);
  });

  it('400 for an exam day that is not a day', async () => {
    const res = await graph(a.id, { examDay: 'Tuesday' })(await server.as('admin'));
    expect(res.status).toBe(400);
  });

  it('charts registrations, province and grade, starts per minute and scores from the rows', async () => {
    const res = await graph(a.id)(await server.as('admin'));
    expect(res.status, res.text).toBe(200);
    const g = GraphData.parse(res.body);
    expect(g.registrations).toEqual([
      { day: '2026-02-01', schools: 2, learners: 0, totalSchools: 2, totalLearners: 0 },
      { day: '2026-02-10', schools: 0, learners: 2, totalSchools: 2, totalLearners: 2 },
      { day: '2026-02-11', schools: 0, learners: 2, totalSchools: 2, totalLearners: 4 },
      expect.objectContaining({ schools: 0, learners: 2, totalLearners: 6 }),
    ]);
    expect(g.byProvinceGrade).toEqual([
      { province: 'Gauteng', grade: 10, learners: 2 },
      { province: 'Gauteng', grade: 12, learners: 1 },
      { province: 'Western Cape', grade: 11, learners: 2 },
      { province: 'Western Cape', grade: null, learners: 1 },
    ]);
    expect(g.startDays).toEqual([
      { day: '2026-03-02', starts: 1 },
      { day: '2026-03-03', starts: 3 },
    ]);
    expect(g.examDay).toBe('2026-03-03');
    expect(g.startsPerMinute).toEqual([
      { minute: '08:00', starts: 2 },
      { minute: '08:01', starts: 1 },
    ]);
    expect(g.scoreDistribution).toHaveLength(10);
    expect(g.scoreDistribution[4]).toEqual({ from: 40, to: 50, learners: 1 });
    expect(g.scoreDistribution[9]).toEqual({ from: 90, to: 100, learners: 1 });
    expect(g.scoreDistribution.reduce((s, x) => s + x.learners, 0)).toBe(2);
  });

  it('charts another exam day when asked, and downloads as csv', async () => {
    const admin = await server.as('admin');
    const g = GraphData.parse((await graph(a.id, { examDay: '2026-03-02' })(admin)).body);
    expect(g.startsPerMinute).toEqual([{ minute: '08:00', starts: 1 }]);
    const csv = await admin.post(`/olympiad/reports/graph-data/${a.id}`, { query: { format: 'csv' }, body: {} });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Learners by province and grade,Western Cape,Grade 11,2');
    expect(csv.text).toContain('Starts per minute,2026-03-03 08:00,Starts,2');
  });
});

describe('GET /olympiad/reports/feedback/{id}', () => {
  it('401, 403 for every role but admin and overlord, 404 for another olympiad (rows unchanged)', async () => {
    await checks((id) => feedback(id), ['teacher', 'learner1', 'accountant', 'funding']);
  });

  it('gives ratings, the average and the comments, newest first, filtered by school, grade and rating', async () => {
    const admin = await server.as('admin');
    const all = FeedbackReport.parse((await feedback(a.id)(admin)).body);
    expect(all.total).toBe(3);
    expect(all.responses).toBe(3);
    expect(all.average).toBe(4);
    expect(all.ratings).toEqual([
      { rating: 1, learners: 0 },
      { rating: 2, learners: 0 },
      { rating: 3, learners: 1 },
      { rating: 4, learners: 0 },
      { rating: 5, learners: 1 },
      { rating: null, learners: 1 },
    ]);
    expect(all.items.map((i) => i.comment)).toEqual(['', 'Loved the maps', 'The timer ran out']);
    expect(all.items[1]).toMatchObject({ schoolName: 'Gauteng High', grade: 10, rating: 5 });
    const schools = FeedbackSchools.parse((await admin.get(`/olympiad/reports/feedback/${a.id}/schools`)).body);
    expect(schools.schools.map((s) => s.name)).toEqual(['Cape High', 'Gauteng High', 'Gone High']);

    const cape1 = FeedbackReport.parse((await feedback(a.id, { schoolId: cape.id })(admin)).body);
    expect(cape1.items.map((i) => i.comment)).toEqual(['The timer ran out']);
    const g10 = FeedbackReport.parse((await feedback(a.id, { grade: 10, rating: 5 })(admin)).body);
    expect(g10.items.map((i) => i.comment)).toEqual(['Loved the maps']);
    expect(g10.responses).toBe(2);
    const withComments = FeedbackReport.parse((await feedback(a.id, { comments: 'true' })(admin)).body);
    expect(withComments.total).toBe(2);
    const paged = FeedbackReport.parse((await feedback(a.id, { pageSize: 1, page: 2 })(admin)).body);
    expect(paged.items.map((i) => i.comment)).toEqual(['Loved the maps']);
    expect(paged.total).toBe(3);
  });

  it('downloads every row as csv and xlsx', async () => {
    const admin = await server.as('admin');
    const csv = await feedback(a.id, { format: 'csv' })(admin);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(4);
    // The time in the olympiad's zone with its offset, not UTC text.
    expect(csv.text).toContain('2026-03-03T08:00:10+02:00,Thandi,L10,');
    const xlsx = await fetch(`${server.url}/olympiad/reports/feedback/${a.id}?format=xlsx`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet('Feedback')!;
    expect(sheet.rowCount).toBe(4);
    // A real date cell holding South Africa's wall time (a spreadsheet's date has no zone), rated as a number.
    const given = sheet.getColumn(1).values.slice(2) as Date[];
    expect(given.every((v) => v instanceof Date)).toBe(true);
    expect(given.map((d) => d.toISOString())).toContain('2026-03-03T08:00:10.000Z');
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(
      sheet
        .getColumn(7)
        .values.slice(2)
        .filter((v) => v != null)
        .every((v) => typeof v === 'number'),
    ).toBe(true);
  });

  it('400 for a rating out of range', async () => {
    expect((await feedback(a.id, { rating: 6 })(await server.as('admin'))).status).toBe(400);
  });
});

describe('GET /olympiad/reports/feedback/{id}/schools', () => {
  it('401, 403 for every role but admin and overlord, 404 for another olympiad (rows unchanged)', async () => {
    await checks(
      (id) => (c: Client) => c.get(`/olympiad/reports/feedback/${id}/schools`),
      ['teacher', 'learner1', 'accountant', 'funding'],
    );
  });
});

describe('GET /dashboard/user', () => {
  const call = (query: Record<string, string | number>) => (c: Client) => c.get('/dashboard/user', { query });

  it('401, 403 for teachers and learners and for a section that is not the user’s', async () => {
    await unauthenticated(server, call({ section: 'admin' }));
    await forbiddenFor(server, ['teacher', 'learner1'], call({ section: 'admin' }));
    await forbiddenFor(server, ['admin', 'accountant'], call({ section: 'overlord' }));
    await forbiddenFor(server, ['accountant'], call({ section: 'admin' }));
  });

  it('404 for an olympiad the user does not hold', async () => {
    await notFoundUnchanged(server, rowsRead, await server.as('admin'), call({ section: 'admin', olympiadId: b.id }));
  });

  it('gives the user and the olympiads of their section', async () => {
    const res = await call({ section: 'admin' })(await server.as('admin'));
    expect(res.status, res.text).toBe(200);
    const d = DashboardUser.parse(res.body);
    expect(d.user).toMatchObject({ id: demo.users.admin, role: 'admin' });
    expect(d.olympiads.map((o) => o.varName)).toContain('rep-a');
    expect(d.olympiads.map((o) => o.varName)).not.toContain('rep-b');
    expect(d.olympiads.find((o) => o.varName === 'rep-a')!.role).toBe('admin');
    const one = DashboardUser.parse(
      (await call({ section: 'admin', olympiadId: a.id })(await server.as('admin'))).body,
    );
    expect(one.olympiads.map((o) => o.id)).toEqual([a.id]);
    const all = DashboardUser.parse((await call({ section: 'overlord' })(await server.as('overlord'))).body);
    expect(all.olympiads.map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});
