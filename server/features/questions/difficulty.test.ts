import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { expectError, forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import { type Client, type TestServer, startTestServer } from '../../test/harness.js';
import { itemStatistics } from './item-statistics.js';

/**
 * POST /olympiad/reports/questions-by-difficulty/{id} on the real server and database, with attempts seeded as the
 * marking leaves them (an answer row per question with its marks awarded).
 *
 * Grade 10: twelve attempts, four patterns three times each (blocks, so ties in the total fall to the lower id):
 *
 *   pattern  Q1 single (a)  Q2 true/false (true)  Q3 multiple (x, y)  Q4 single (a)  total
 *   1        a  1           true  1               x y  1              b  0           3
 *   2        a  1           true  1               x z  0              a  1           3
 *   3        a  1           false 0               z    0              a  1           2
 *   4        b  0           false 0               —    0              a  1           1
 *
 * Top 27 % = floor(12 · 0.27) = 3 attempts: pattern 1; bottom 3: pattern 4. Repeating rows scales every variance
 * alike, so alpha and the correlations are those of the four patterns: population variances 0.1875, 0.25, 0.1875,
 * 0.1875 (Σ 0.8125) and of the totals 0.6875, so alpha (KR-20) = 4/3 · (1 − 0.8125/0.6875) = −0.242. Q1 against the
 * rest (2, 2, 1, 1): 0.5 / √(0.75 · 1) = 0.577. Q4 is the item to fix: the strongest learners fall for "b".
 *
 * Grade 11: two attempts, one with half a mark on Q3 (partial credit counts in the facility, not in full marks).
 */

let server: TestServer;
let admin: Client;
let olympiadId: number;
let otherOlympiadId: number;
const ids: number[] = [];

const report =
  (id: number, query: Record<string, string | number> = {}) =>
  (c: Client) =>
    c.post(`/olympiad/reports/questions-by-difficulty/${id}`, { query });

type Given = [string | boolean | string[], number];
async function attempt(grade: number, answers: Given[], finished = true) {
  const learner = await createUser(server.db, { role: 'learner', olympiadId, password: null, grade });
  const [row] = await server.query<{ id: number }>`
    insert into attempts (olympiad_id, user_id, started_at, finished_at, score, max_score)
    values (${olympiadId}, ${learner.id}, now(), ${finished ? new Date() : null},
            ${answers.reduce((s, [, m]) => s + m, 0)}, 4) returning id`;
  for (const [i, [v, marks]] of answers.entries()) {
    const value = Array.isArray(v)
      ? { type: 'multiple', optionIds: v }
      : typeof v === 'boolean'
        ? { type: 'true_false', value: v }
        : { type: 'single', optionId: v };
    await server.query`insert into answers (attempt_id, question_id, value, marks_awarded)
      values (${row!.id}, ${ids[i]}, ${JSON.stringify(value)}::jsonb, ${marks})`;
  }
}

const patterns: Given[][] = [
  [
    ['a', 1],
    [true, 1],
    [['x', 'y'], 1],
    ['b', 0],
  ],
  [
    ['a', 1],
    [true, 1],
    [['x', 'z'], 0],
    ['a', 1],
  ],
  [
    ['a', 1],
    [false, 0],
    [['z'], 0],
    ['a', 1],
  ],
  [
    ['b', 0],
    [false, 0],
    [[], 0],
    ['a', 1],
  ],
];

beforeAll(async () => {
  server = await startTestServer();
  const o = await createOlympiad(server.db, { varName: 'item-analysis', minGrade: 10, maxGrade: 12 });
  olympiadId = o.id;
  otherOlympiadId = (await createOlympiad(server.db, { varName: 'item-analysis-other' })).id;
  const [a] = await server.query<{ id: number }>`select id from users where username = 'admin'`;
  await grant(server.db, a!.id, o.id, 'admin');
  admin = await server.as('admin');
  const m = (await admin.post('/question-module/v-rest/', { body: { olympiadId, title: 'Maps' } })).body.module.id;
  const q = async (body: object) =>
    (await admin.post('/question/v-rest/', { body: { questionModuleId: m, marks: 1, ...body } })).body.question.id;
  const abcd = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id.toUpperCase() }));
  ids.push(await q({ type: 'single', prompt: 'Capital', options: abcd, answerKey: { type: 'single', correct: 'a' } }));
  ids.push(await q({ type: 'true_false', prompt: 'Is it north?', answerKey: { type: 'true_false', correct: true } }));
  const xyz = ['x', 'y', 'z'].map((id) => ({ id, text: id.toUpperCase() }));
  ids.push(
    await q({ type: 'multiple', prompt: 'Rivers', options: xyz, answerKey: { type: 'multiple', correct: ['x', 'y'] } }),
  );
  const ab = ['a', 'b'].map((id) => ({ id, text: id.toUpperCase() }));
  ids.push(await q({ type: 'single', prompt: 'Tricky', options: ab, answerKey: { type: 'single', correct: 'a' } }));
  for (const p of patterns) for (let k = 0; k < 3; k++) await attempt(10, p);
  await attempt(
    11,
    [
      ['a', 1],
      [true, 1],
      [['x'], 0.5],
      ['a', 1],
    ],
    true,
  );
  await attempt(11, [
    ['c', 0],
    [false, 0],
    [['x', 'y'], 1],
    ['a', 1],
  ]);
  // Still writing: not analysed.
  await attempt(10, patterns[0]!, false);
});
afterAll(() => server?.close());

describe('POST /olympiad/reports/questions-by-difficulty/{id}', () => {
  it('401 without a token, 403 for teachers, learners and finance staff, 404 for another olympiad', async () => {
    await unauthenticated(server, report(olympiadId));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], report(olympiadId));
    expectError(await report(otherOlympiadId)(admin), 404, 'another olympiad');
    expectError(await report(otherOlympiadId, { grade: 10 })(admin), 404, 'another olympiad by grade');
  });

  it('400 on the field for a grade the olympiad is not for, or no grade at all', async () => {
    for (const grade of ['9', '13', 'ten', '10.5']) {
      const res = await report(olympiadId, { grade })(admin);
      expectError(res, 400, `grade ${grade}`);
      expect(res.body.details[0].path).toBe('query.grade');
    }
    expect((await report(olympiadId, { grade: 9 })(admin)).body.details[0].message).toBe(
      'This olympiad is for grades 10 to 12',
    );
  });

  it("one grade: facility, SD, discrimination indexes, options with their groups' shares, flags, reliability", async () => {
    const res = await report(olympiadId, { grade: 10 })(admin);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({ grade: 10, attempts: 12, groupSize: 3 });
    const expected = itemStatistics(
      patterns.flatMap((p) => [p, p, p].map((row) => row.map(([, m]) => m))),
      [1, 1, 1, 1],
    );
    expect(r.paper).toMatchObject({ attempts: 12, questions: 4, maxMarks: 4, mean: 2.25, dichotomous: true });
    expect(r.paper.alpha).toBeCloseTo(-0.242, 3);
    expect(r.paper.alpha).toBeCloseTo(expected.paper.alpha!, 3);
    expect(r.paper.sd).toBeCloseTo(Math.sqrt(0.75), 3);
    expect(r.paper.sem).toBeCloseTo(Math.sqrt(0.75) * Math.sqrt(1 + 0.2424), 2);
    const [q1, q2, q3, q4] = r.items;
    expect(r.items.map((i: { facility: number }) => i.facility)).toEqual([0.75, 0.5, 0.25, 0.75]);
    expect(q1.discriminationIndex).toBeCloseTo(0.577, 3);
    r.items.forEach((item: { sd: number; discriminationIndex: number }, i: number) => {
      expect(item.sd).toBeCloseTo(expected.items[i]!.sd!, 3);
      expect(item.discriminationIndex).toBeCloseTo(expected.items[i]!.discriminationIndex!, 3);
    });
    expect(q1).toMatchObject({ shareCorrect: 0.75, discrimination: 1, flags: [] });
    expect(q1.choices).toEqual([
      { id: 'a', label: 'A', count: 9, share: 0.75, topShare: 1, bottomShare: 0, correct: true, flags: [] },
      { id: 'b', label: 'B', count: 3, share: 0.25, topShare: 0, bottomShare: 1, correct: false, flags: [] },
      { id: 'c', label: 'C', count: 0, share: 0, topShare: 0, bottomShare: 0, correct: false, flags: ['nobody_chose'] },
      { id: 'd', label: 'D', count: 0, share: 0, topShare: 0, bottomShare: 0, correct: false, flags: ['nobody_chose'] },
    ]);
    expect(q2.choices.map((c: { id: string; count: number }) => [c.id, c.count])).toEqual([
      ['true', 6],
      ['false', 6],
    ]);
    expect(q3.flags).toEqual(['distractor_beats_key']);
    expect(q3.choices.map((c: { id: string; count: number; topShare: number }) => [c.id, c.count, c.topShare])).toEqual(
      [
        ['x', 6, 1],
        ['y', 3, 1],
        ['z', 6, 0],
      ],
    );
    expect(q4).toMatchObject({ discrimination: -1, flags: ['negative_discrimination'] });
    expect(q4.discriminationIndex).toBeLessThan(0);
    expect(q4.choices[1]).toMatchObject({
      id: 'b',
      count: 3,
      topShare: 1,
      bottomShare: 0,
      flags: ['top_group_prefers'],
    });
  });

  it('another grade, too few attempts: partial marks in the facility, no reliability; every grade together', async () => {
    const few = (await report(olympiadId, { grade: 11 })(admin)).body;
    expect(few).toMatchObject({ grade: 11, attempts: 2, groupSize: 0 });
    expect(few.paper).toMatchObject({ attempts: 2, mean: 2.75, alpha: null, sem: null, dichotomous: false });
    expect(few.items[2]).toMatchObject({ facility: 0.75, shareCorrect: 0.5, discrimination: null });
    expect(few.items[2].discriminationIndex).toBeNull();
    expect(few.items[2].choices[0]).toMatchObject({ id: 'x', count: 2, share: 1, topShare: null });

    const none = (await report(olympiadId, { grade: 12 })(admin)).body;
    expect(none.paper).toMatchObject({ attempts: 0, mean: null, sd: null, alpha: null });
    expect(none.items[0]).toMatchObject({ facility: null, sd: null, shareCorrect: 0 });

    const all = (await report(olympiadId)(admin)).body;
    expect(all).toMatchObject({ grade: null, attempts: 14, groupSize: 3 });
    expect(all.items[0].facility).toBe(Math.round((10 / 14) * 1000) / 1000);
    expect(all.items[2].facility).toBe(Math.round((4.5 / 14) * 1000) / 1000);
    expect(all.paper.alpha).not.toBeNull();
  });

  it('downloads the questions, the options and the paper as xlsx, and each table as csv', async () => {
    const xlsx = await fetch(
      `${server.url}/olympiad/reports/questions-by-difficulty/${olympiadId}?grade=10&format=xlsx`,
      { method: 'POST', headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('questions-by-difficulty-item-analysis-grade-10.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual(['Questions', 'Options', 'Paper']);
    const questions = book.getWorksheet('Questions')!;
    expect(questions.getRow(1).values).toEqual([
      undefined,
      'Question',
      'Module',
      'Type',
      'Prompt',
      'Marks',
      'Answered',
      'Facility',
      'Standard deviation',
      'Discrimination index',
      'Top minus bottom 27 %',
      'Full marks',
      'Flags',
    ]);
    const q1 = questions.getRow(2).values as unknown[];
    expect(q1.slice(1, 8)).toEqual(['M1 Q1', 'Maps', 'single', 'Capital', 1, 12, 0.75]);
    expect(q1[9]).toBeCloseTo(0.577, 3);
    expect(questions.getCell('G2').type).toBe(ExcelJS.ValueType.Number);
    expect(questions.getRow(5).getCell(12).value).toBe('Weaker learners did better than stronger ones');
    const options = book.getWorksheet('Options')!;
    expect(options.getRow(1).getCell(7).value).toBe('Share of top 27 %');
    const b4 = options.getRow(options.rowCount).values as unknown[];
    expect(b4.slice(1)).toEqual([
      'M1 Q4',
      'b',
      'B',
      'No',
      3,
      0.25,
      1,
      0,
      'The top group chose it more often than the key',
    ]);
    const paper = book.getWorksheet('Paper')!;
    const figures = new Map<string, ExcelJS.Cell>();
    paper.eachRow((row) => figures.set(String(row.getCell(1).value), row.getCell(2)));
    expect(figures.get('Grade')!.value).toBe('Grade 10');
    expect(figures.get('Finished attempts')!.value).toBe(12);
    expect(figures.get('Reliability (KR-20)')!.value).toBeCloseTo(-0.242, 3);
    expect(figures.get('Figures as of')!.type).toBe(ExcelJS.ValueType.Date);

    const csv = await report(olympiadId, { grade: 10, format: 'csv' })(admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('questions-by-difficulty-item-analysis-grade-10.csv');
    const raw = await fetch(`${server.url}/olympiad/reports/questions-by-difficulty/${olympiadId}?format=csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Question,Module,Type,Prompt,Marks,Answered,Facility,Standard deviation,Discrimination index,' +
        'Top minus bottom 27 %,Full marks,Flags',
    );
    expect(lines[1]).toMatch(/^M1 Q1,Maps,single,Capital,1,12,0\.75,/);
    const optionsCsv = await report(olympiadId, { format: 'csv', table: 'options' })(admin);
    expect(optionsCsv.headers.get('content-disposition')).toContain(
      'questions-by-difficulty-item-analysis-options.csv',
    );
    expect(optionsCsv.text.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe('M1 Q1,a,A,Yes,10,0.714,1,0,');
    expectError(await report(olympiadId, { format: 'pdf' })(admin), 400, 'format');
  });
});
