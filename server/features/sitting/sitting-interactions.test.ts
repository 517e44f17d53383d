import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerKeysNeverLeak, call, demo, newLearner, server, toPaper, useSittingServer } from './testing.js';

/**
 * The seven interactions of decision 084 on exam day: a learner receives each without its key, answers each through
 * the save route (a value that does not fit its question refused with a 400), and finds the marks stored on finish.
 */
useSittingServer();

let admin: string;
const ids: Record<string, number> = {};
/** The questions' ids as a PostgreSQL array literal. */
const idList = () => `{${Object.values(ids).join(',')}}`;

const circle = (x: number, y: number, r = 10) => ({ shape: 'circle', x, y, r });

beforeAll(async () => {
  admin = (await server.signIn('admin')).accessToken.token;
  const form = new FormData();
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#cde' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(png)]), 'map.png');
  const uploaded = await fetch(`${server.url}/question/image?olympiadId=${demo.geoDemo}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  const { url } = (await uploaded.json()) as { url: string };
  const m = await server.api('POST', '/question-module/v-rest/', {
    token: admin,
    body: { olympiadId: demo.geoDemo, title: 'On the map' },
  });
  const picture = { imageUrl: url, imageAlt: 'A map', imageWidth: 400, imageHeight: 300 };
  const bodies = [
    {
      type: 'hotspot',
      prompt: '<p>Where is Polokwane?</p>',
      ...picture,
      options: [
        { id: 'a', text: 'North', imageUrl: null, area: circle(300, 40) },
        { id: 'b', text: 'Centre', imageUrl: null, area: circle(200, 150) },
      ],
      answerKey: { type: 'hotspot', correct: ['a'] },
    },
    {
      type: 'select_point',
      prompt: '<p>Click on Cape Town.</p>',
      ...picture,
      answerKey: { type: 'select_point', areas: [{ id: 'a', area: circle(40, 280, 15) }] },
    },
    {
      type: 'graphic_gap_match',
      prompt: '<p>Put the oceans in their places.</p>',
      ...picture,
      options: [
        { id: 'a', text: 'Atlantic', imageUrl: null },
        { id: 'b', text: 'Indian', imageUrl: null },
      ],
      targets: [
        { id: 'p1', text: 'West', imageUrl: null, area: circle(20, 150) },
        { id: 'p2', text: 'East', imageUrl: null, area: circle(380, 150) },
      ],
      answerKey: {
        type: 'graphic_gap_match',
        correct: [
          { source: 'a', target: 'p1' },
          { source: 'b', target: 'p2' },
        ],
      },
      marks: 2,
    },
    {
      type: 'gap_match',
      prompt: '',
      gapText: 'The {{g1}} flows into the {{g2}} Ocean.',
      options: [
        { id: 'a', text: 'Orange', imageUrl: null },
        { id: 'b', text: 'Atlantic', imageUrl: null },
        { id: 'c', text: 'Indian', imageUrl: null },
      ],
      targets: [
        { id: 'g1', text: '', imageUrl: null },
        { id: 'g2', text: '', imageUrl: null },
      ],
      answerKey: {
        type: 'gap_match',
        correct: [
          { source: 'a', target: 'g1' },
          { source: 'b', target: 'g2' },
        ],
        mapping: {
          entries: [
            { response: 'a g1', points: 1 },
            { response: 'b g2', points: 1 },
          ],
        },
      },
      marks: 2,
    },
    {
      type: 'order',
      prompt: '<p>From north to south.</p>',
      options: ['Limpopo', 'Gauteng', 'Free State', 'Eastern Cape'].map((text, i) => ({
        id: 'abcd'[i]!,
        text,
        imageUrl: null,
      })),
      answerKey: { type: 'order', correct: ['a', 'b', 'c', 'd'] },
    },
    {
      type: 'match',
      prompt: '<p>Match each province to its capital.</p>',
      options: [
        { id: 'a', text: 'Limpopo', imageUrl: null },
        { id: 'b', text: 'Gauteng', imageUrl: null },
      ],
      targets: [
        { id: 'r1', text: 'Polokwane', imageUrl: null },
        { id: 'r2', text: 'Johannesburg', imageUrl: null },
      ],
      answerKey: {
        type: 'match',
        correct: [
          { source: 'a', target: 'r1' },
          { source: 'b', target: 'r2' },
        ],
      },
    },
    {
      type: 'inline_choice',
      prompt: '',
      gapText: 'Pretoria lies in {{g1}}.',
      options: [
        { id: 'a', text: 'Gauteng', imageUrl: null },
        { id: 'b', text: 'Limpopo', imageUrl: null },
      ],
      answerKey: { type: 'inline_choice', correct: 'a' },
    },
  ];
  for (const body of bodies) {
    const res = await server.api('POST', '/question/v-rest/', {
      token: admin,
      body: { questionModuleId: m.body.module.id, ...body },
    });
    expect(res.status, res.text).toBe(200);
    ids[body.type] = res.body.question.id;
  }
});

type Learned = { id: number; type: string; options: Array<{ id: string }>; targets: unknown[]; [k: string]: unknown };
/** This file's own questions of the paper, by type (the demo paper has questions of these types too). */
const questionsOf = (paper: { modules: Array<{ questions: Learned[] }> }) =>
  new Map(
    paper.modules
      .flatMap((m) => m.questions)
      .filter((q) => ids[q.type] === q.id)
      .map((q) => [q.type, q]),
  );

describe('the seven interactions on exam day', () => {
  it('reach the learner with what each needs and no key: no select-point areas, order items not in the key’s order', async () => {
    const { token } = await newLearner();
    const { paper } = await toPaper(token);
    const q = questionsOf(paper);
    expect(q.get('select_point')).toMatchObject({ options: [], targets: [], imageWidth: 400, imageHeight: 300 });
    expect(JSON.stringify(q.get('select_point'))).not.toContain('circle');
    expect(q.get('hotspot')!.options).toEqual([
      { id: 'a', text: 'North', imageUrl: null, area: circle(300, 40) },
      { id: 'b', text: 'Centre', imageUrl: null, area: circle(200, 150) },
    ]);
    expect(q.get('graphic_gap_match')!.targets).toHaveLength(2);
    expect(q.get('gap_match')!.gapText).toBe('The {{g1}} flows into the {{g2}} Ocean.');
    expect(q.get('inline_choice')!.gapText).toBe('Pretoria lies in {{g1}}.');
    const order = q
      .get('order')!
      .options.map((o) => o.id)
      .join('');
    expect([...order].sort().join('')).toBe('abcd');
    expect(order).not.toBe('abcd');
    // The same order on the next call.
    const again = await call(token, 'GET', '/api/sitting/geo-demo/paper');
    expect(
      questionsOf(again.body)
        .get('order')!
        .options.map((o) => o.id)
        .join(''),
    ).toBe(order);
  });

  it('refuses a value that does not fit its question with a 400 naming the field', async () => {
    const { token } = await newLearner();
    await toPaper(token);
    const save = (type: string, value: unknown) =>
      call(token, 'PUT', `/api/sitting/geo-demo/answers/${ids[type]}`, { value });
    const refusals: Array<[string, unknown, { path: string; message: string }]> = [
      [
        'hotspot',
        { type: 'single', optionId: 'a' },
        { path: 'body.value.type', message: 'This question takes areas chosen on the picture' },
      ],
      [
        'hotspot',
        { type: 'hotspot', optionIds: ['z'] },
        { path: 'body.value', message: 'Choose among this question’s areas' },
      ],
      [
        'hotspot',
        { type: 'hotspot', optionIds: ['a', 'b'] },
        { path: 'body.value.optionIds', message: 'Choose at most 1 area' },
      ],
      [
        'select_point',
        { type: 'select_point', point: { x: 401, y: 10 } },
        { path: 'body.value.point', message: 'Choose a point on the picture' },
      ],
      [
        'match',
        { type: 'match', pairs: [{ source: 'a', target: 'r9' }] },
        { path: 'body.value.pairs', message: 'Pair only this question’s own labels, words or items' },
      ],
      [
        'match',
        {
          type: 'match',
          pairs: [
            { source: 'a', target: 'r1' },
            { source: 'a', target: 'r2' },
          ],
        },
        { path: 'body.value.pairs', message: 'One of the labels, words or items is used more often than it may be' },
      ],
      [
        'order',
        { type: 'order', optionIds: ['a', 'a', 'b', 'c'] },
        { path: 'body.value.optionIds', message: 'Put each item in the order once' },
      ],
      [
        'inline_choice',
        { type: 'inline_choice', optionId: 'q' },
        { path: 'body.value', message: 'Choose among this question’s choices' },
      ],
    ];
    for (const [type, value, detail] of refusals) {
      const res = await save(type, value);
      expect(res.status, `${type} ${JSON.stringify(value)}`).toBe(400);
      expect(res.body.details).toEqual([detail]);
    }
    const [{ n }] = (await server.query<{ n: number }>`
      select count(*)::int as n from answers where question_id = any(${idList()}::int[])`) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('stores each answer and marks it on finish, part marks by the mapping', async () => {
    const { token, user } = await newLearner();
    await toPaper(token);
    const answers: Array<[string, unknown, number]> = [
      ['hotspot', { type: 'hotspot', optionIds: ['a'] }, 1],
      ['select_point', { type: 'select_point', point: { x: 50, y: 285 } }, 1],
      [
        'graphic_gap_match',
        {
          type: 'graphic_gap_match',
          pairs: [
            { source: 'b', target: 'p2' },
            { source: 'a', target: 'p1' },
          ],
        },
        2,
      ],
      [
        'gap_match',
        {
          type: 'gap_match',
          pairs: [
            { source: 'a', target: 'g1' },
            { source: 'c', target: 'g2' },
          ],
        },
        1,
      ],
      ['order', { type: 'order', optionIds: ['a', 'b', 'c', 'd'] }, 1],
      [
        'match',
        {
          type: 'match',
          pairs: [
            { source: 'a', target: 'r2' },
            { source: 'b', target: 'r1' },
          ],
        },
        0,
      ],
      ['inline_choice', { type: 'inline_choice', optionId: 'a' }, 1],
    ];
    for (const [type, value] of answers) {
      const res = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${ids[type]}`, { value });
      expect(res.status, `${type}: ${res.text}`).toBe(200);
    }
    expect((await call(token, 'POST', '/api/sitting/geo-demo/finish')).status).toBe(200);
    const stored = await server.query<{ question_id: number; value: unknown; marks_awarded: number }>`
      select an.question_id, an.value, an.marks_awarded from answers an join attempts a on a.id = an.attempt_id
      where a.user_id = ${user.id} and an.question_id = any(${idList()}::int[])`;
    for (const [type, value, marks] of answers) {
      const row = stored.find((s) => s.question_id === ids[type]);
      expect(row?.value, type).toEqual(value);
      expect(Number(row?.marks_awarded), type).toBe(marks);
    }
    // The admin's view of what the learner submitted names a pair's targets, and carries a text's gaps.
    const submitted = await server.api('GET', `/participant/get-submitted-data/${user.id}`, { token: admin });
    expect(submitted.status).toBe(200);
    const match = submitted.body.answers.find((a: { questionId: number }) => a.questionId === ids.match);
    expect(match.targets).toEqual([
      { id: 'r1', text: 'Polokwane' },
      { id: 'r2', text: 'Johannesburg' },
    ]);
    const gaps = submitted.body.answers.find((a: { questionId: number }) => a.questionId === ids.gap_match);
    expect(gaps.gapText).toBe('The {{g1}} flows into the {{g2}} Ocean.');
    expect(match.gapText).toBe('');
  });
});

answerKeysNeverLeak();
