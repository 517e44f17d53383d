import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The seven interactions of decision 084 through the real routes: each type created and updated as the editor sends
 * it, stored with only what the type uses, the picture's size read from the uploaded picture itself.
 */
let server: TestServer;
let demo: DemoIds;
let admin: string;
let teacher: string;
let otherAdmin: string;
let moduleId: number;
let map: string;

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 220, b: 240 } } })
    .png()
    .toBuffer();

async function uploadImage(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'map.png');
  const res = await fetch(`${server.url}/question/image?olympiadId=${demo.geoDemo}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  admin = (await server.signIn('admin')).accessToken.token;
  teacher = (await server.signIn('teacher')).accessToken.token;
  const other = await createOlympiad(server.db, { varName: 'other-olympiad' });
  const o = await createUser(server.db, { role: 'admin', username: 'other-admin', password: 'olympus-demo' });
  await grant(server.db, o.id, other.id, 'admin');
  otherAdmin = (await server.signIn('other-admin')).accessToken.token;
  const m = await server.api('POST', '/question-module/v-rest/', {
    token: admin,
    body: { olympiadId: demo.geoDemo, title: 'Interactions' },
  });
  moduleId = m.body.module.id;
  map = await uploadImage(await picture(400, 300));
});
afterAll(() => server?.close());

const circle = (x: number, y: number, r = 10) => ({ shape: 'circle', x, y, r });
const onMap = { imageUrl: '', imageAlt: 'A map of South Africa', imageWidth: 999, imageHeight: 999 };

/** One question of each type, as the editor sends it (the picture's size as the browser claims it: wrong). */
const questions = () => ({
  hotspot: {
    type: 'hotspot',
    prompt: '<p>Which province is Polokwane in?</p>',
    ...onMap,
    imageUrl: map,
    options: [
      { id: 'a', text: 'Limpopo', imageUrl: null, area: circle(300, 40), fixed: true },
      { id: 'b', text: 'Gauteng', imageUrl: null, area: { shape: 'rect', x: 250, y: 80, w: 30, h: 20 } },
    ],
    maxChoices: 1,
    answerKey: { type: 'hotspot', correct: ['a'] },
  },
  select_point: {
    type: 'select_point',
    prompt: '<p>Click on Cape Town.</p>',
    ...onMap,
    imageUrl: map,
    answerKey: { type: 'select_point', areas: [{ id: 'a', area: circle(40, 280, 15) }] },
  },
  graphic_gap_match: {
    type: 'graphic_gap_match',
    prompt: '<p>Put the oceans in their places.</p>',
    ...onMap,
    imageUrl: map,
    options: [
      { id: 'a', text: ' Atlantic ', imageUrl: null, matchMax: 1 },
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
  gap_match: {
    type: 'gap_match',
    prompt: '',
    gapText: 'The {{g1}} flows into the {{g2}} Ocean.',
    options: [
      { id: 'a', text: 'Orange', imageUrl: null },
      { id: 'b', text: 'Atlantic', imageUrl: null },
      { id: 'c', text: 'Indian', imageUrl: null },
    ],
    targets: [
      { id: 'g1', text: 'ignored', imageUrl: null },
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
  order: {
    type: 'order',
    prompt: '<p>From north to south.</p>',
    options: [
      { id: 'a', text: 'Limpopo', imageUrl: null, fixed: true },
      { id: 'b', text: 'Gauteng', imageUrl: null },
      { id: 'c', text: 'Free State', imageUrl: null },
    ],
    answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
  },
  match: {
    type: 'match',
    prompt: '<p>Match each province to its capital.</p>',
    options: [
      { id: 'a', text: 'Limpopo', imageUrl: null },
      { id: 'b', text: 'Gauteng', imageUrl: null },
    ],
    targets: [
      { id: 'r1', text: 'Polokwane', imageUrl: null },
      { id: 'r2', text: 'Johannesburg', imageUrl: null, fixed: true },
    ],
    answerKey: {
      type: 'match',
      correct: [
        { source: 'a', target: 'r1' },
        { source: 'b', target: 'r2' },
      ],
    },
    maxChoices: 4,
  },
  inline_choice: {
    type: 'inline_choice',
    prompt: '',
    gapText: 'Pretoria lies in {{g1}}.',
    options: [
      { id: 'a', text: 'Gauteng', imageUrl: null },
      { id: 'b', text: 'Limpopo', imageUrl: null },
    ],
    answerKey: { type: 'inline_choice', correct: 'a' },
  },
});

const create = (body: Record<string, unknown>, token = admin) =>
  server.api('POST', '/question/v-rest/', { token, body: { questionModuleId: moduleId, ...body } });

describe('creating and updating the seven interactions', () => {
  it('401, 403 and another olympiad’s module (404), nothing stored', async () => {
    const before = await server.query<{ n: number }>`select count(*)::int as n from questions`;
    expect(
      (await server.api('POST', '/question/v-rest/', { body: { questionModuleId: moduleId, ...questions().match } }))
        .status,
    ).toBe(401);
    expect((await create(questions().match, teacher)).status).toBe(403);
    expect((await create(questions().match, otherAdmin)).status).toBe(404);
    const after = await server.query<{ n: number }>`select count(*)::int as n from questions`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('stores each type with only what it uses, the picture’s size read from the picture', async () => {
    const all = questions();
    for (const [type, body] of Object.entries(all)) {
      const res = await create(body);
      expect(res.status, `${type}: ${res.text}`).toBe(200);
      const [row] = await server.query<Record<string, unknown>>`
        select type, options, targets, gap_text, max_choices, image_width, image_height, answer_key
        from questions where id = ${res.body.question.id}`;
      expect(row!.type).toBe(type);
      const onPicture = ['hotspot', 'select_point', 'graphic_gap_match'].includes(type);
      // The browser said 999 × 999; the picture is 400 × 300.
      expect([row!.image_width, row!.image_height]).toEqual(onPicture ? [400, 300] : [null, null]);
      expect(res.body.question).toMatchObject({ imageWidth: onPicture ? 400 : null, targets: row!.targets });
      if (type === 'hotspot') {
        // A hotspot's areas stay in place, so none is fixed.
        expect(row!.options).toEqual([
          { id: 'a', text: 'Limpopo', imageUrl: null, area: circle(300, 40) },
          { id: 'b', text: 'Gauteng', imageUrl: null, area: { shape: 'rect', x: 250, y: 80, w: 30, h: 20 } },
        ]);
        expect(row!.max_choices).toBe(1);
      }
      if (type === 'select_point') {
        expect(row!.options).toEqual([]);
        expect(row!.answer_key).toEqual({ type: 'select_point', areas: [{ id: 'a', area: circle(40, 280, 15) }] });
      }
      if (type === 'graphic_gap_match') {
        expect(row!.options).toEqual([
          { id: 'a', text: 'Atlantic', imageUrl: null },
          { id: 'b', text: 'Indian', imageUrl: null },
        ]);
        expect(row!.targets).toEqual([
          { id: 'p1', text: 'West', imageUrl: null, area: circle(20, 150) },
          { id: 'p2', text: 'East', imageUrl: null, area: circle(380, 150) },
        ]);
      }
      if (type === 'gap_match') {
        expect(row!.gap_text).toBe('The {{g1}} flows into the {{g2}} Ocean.');
        expect(row!.targets).toEqual([
          { id: 'g1', text: '', imageUrl: null },
          { id: 'g2', text: '', imageUrl: null },
        ]);
        expect((row!.answer_key as { mapping: unknown }).mapping).toEqual({
          entries: [
            { response: 'a g1', points: 1 },
            { response: 'b g2', points: 1 },
          ],
          defaultValue: 0,
          lowerBound: 0,
          upperBound: null,
        });
      }
      if (type === 'order') expect((row!.options as Array<{ fixed?: boolean }>).some((o) => o.fixed)).toBe(false);
      if (type === 'match') {
        expect(row!.targets).toEqual([
          { id: 'r1', text: 'Polokwane', imageUrl: null },
          { id: 'r2', text: 'Johannesburg', imageUrl: null, fixed: true },
        ]);
        expect([row!.gap_text, row!.max_choices]).toEqual(['', 1]);
      }
      if (type === 'inline_choice') expect([row!.gap_text, row!.targets]).toEqual(['Pretoria lies in {{g1}}.', []]);
    }
  });

  it('a large picture is measured as stored (at most 2000 px on its long side), and areas are checked against it', async () => {
    const wide = await uploadImage(await picture(3000, 1500));
    const res = await create({ ...questions().select_point, imageUrl: wide, imageWidth: 3000, imageHeight: 1500 });
    expect(res.status, res.text).toBe(200);
    expect([res.body.question.imageWidth, res.body.question.imageHeight]).toEqual([2000, 1000]);
    // An area the browser's figures would allow, beyond the picture as it really is.
    const beyond = await create({
      ...questions().select_point,
      imageUrl: map,
      imageWidth: 1000,
      imageHeight: 1000,
      answerKey: { type: 'select_point', areas: [{ id: 'a', area: circle(600, 600, 20) }] },
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.details).toEqual([
      {
        path: 'body.answerKey.areas.0.area',
        message: 'This area reaches outside the picture: draw it within the picture',
      },
    ]);
  });

  it('a picture type whose picture cannot be measured is a 400 naming the picture', async () => {
    for (const imageUrl of ['https://example.org/map.png', '/question/image/999999/0123456789abcdef0123456789abcdef']) {
      const res = await create({ ...questions().hotspot, imageUrl });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { path: 'body.imageUrl', message: 'The size of this picture could not be read: upload the picture here again' },
      ]);
    }
    // A type not measured on its picture keeps a picture from elsewhere, without a size.
    const plain = await create({ ...questions().order, imageUrl: 'https://example.org/map.png', imageAlt: 'A map' });
    expect(plain.status).toBe(200);
    expect(plain.body.question.imageWidth).toBeNull();
  });

  it('rules of a type are a 400 with the teacher’s words', async () => {
    const res = await create({ ...questions().gap_match, gapText: 'The {{g1}} flows into the sea.' });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ path: 'body.gapText', message: 'The gap {{g2}} is not in the text' });
  });

  it('updates: the picture measured again, another olympiad’s question a 404 with the row unchanged', async () => {
    const created = await create(questions().graphic_gap_match);
    const id = created.body.question.id as number;
    const other = await uploadImage(await picture(500, 400));
    const body = { ...questions().graphic_gap_match, imageUrl: other, imageWidth: 1000, imageHeight: 1000 };
    expect((await server.api('PUT', `/question/v-rest/${id}`, { body })).status).toBe(401);
    expect((await server.api('PUT', `/question/v-rest/${id}`, { token: teacher, body })).status).toBe(403);
    expect((await server.api('PUT', `/question/v-rest/${id}`, { token: otherAdmin, body })).status).toBe(404);
    const [unchanged] = await server.query<{ image_url: string }>`select image_url from questions where id = ${id}`;
    expect(unchanged!.image_url).toBe(map);
    const updated = await server.api('PUT', `/question/v-rest/${id}`, {
      token: admin,
      body: {
        ...body,
        targets: [...body.targets, { id: 'p3', text: 'South', imageUrl: null, area: circle(250, 380) }],
      },
    });
    expect(updated.status, updated.text).toBe(200);
    const [row] = await server.query<{ image_width: number; image_height: number; targets: unknown[] }>`
      select image_width, image_height, targets from questions where id = ${id}`;
    expect([row!.image_width, row!.image_height, row!.targets.length]).toEqual([500, 400, 3]);
    // The copy keeps every field of the type.
    const copy = await server.api('POST', `/question/v-rest/${id}/duplicate`, { token: admin });
    expect(copy.body.question).toMatchObject({
      imageWidth: 500,
      imageHeight: 400,
      targets: updated.body.question.targets,
    });
  });
});
