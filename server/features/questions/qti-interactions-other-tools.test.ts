import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type ImportAnswer,
  type Listed,
  fixture,
  newModule,
  questionsOf,
  server,
  upload,
  useQtiServer,
  zipOf,
} from './qti-testing.js';

useQtiServer();

const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer();
const stored = async (url: string | null) => Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
const byType = (questions: Listed[]) => Object.fromEntries(questions.map((q) => [q.type, q])) as Record<string, Listed>;
const image = expect.stringMatching(/^\/question\/image\/\d+\/[0-9a-f]{32}$/);

describe('the seven interactions written by other tools', () => {
  it('imports QTI 2.1 items in the style of the IMS samples: picture objects, area mappings, pairs, a fixed item, a quotation', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('interactions-21'), 'ims-interactions.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 7, drafts: 0, refused: 0 });
    expect(body.notes).toEqual([
      {
        path: 'graphic_gap_match.xml',
        message:
          'Item “graphicGapMatch”: Places without a name were called “Place 1”, “Place 2”, “Place 3” …: name them in the editor for learners who use a screen reader',
      },
      {
        path: 'hotspot.xml',
        message:
          'Item “hotspot”: Areas without a name were called “Area A”, “Area B”, “Area C” …: name them in the editor for learners who use a screen reader',
      },
      {
        path: 'order.xml',
        message:
          'Item “order”: The items are shown in each learner’s own order: an item kept in place was left out of that',
      },
    ]);
    const q = byType(await questionsOf(m));

    // The picture of the interaction is the question's picture, in the units its areas are written in.
    expect(q.hotspot).toMatchObject({
      prompt: '<p>The picture shows four towns of the region.</p>\n<p>Where is the capital city?</p>',
      imageUrl: image,
      imageAlt: 'A map of the region with four towns',
      imageWidth: 206,
      imageHeight: 280,
      maxChoices: 1,
      options: [
        { id: 'a', text: 'Area A', area: { shape: 'circle', x: 77, y: 115, r: 8 } },
        { id: 'b', text: 'Area B', area: { shape: 'circle', x: 118, y: 184, r: 8 } },
        { id: 'c', text: 'Area C', area: { shape: 'circle', x: 150, y: 235, r: 8 } },
        { id: 'd', text: 'Area D', area: { shape: 'circle', x: 96, y: 114, r: 8 } },
      ],
      answerKey: { type: 'hotspot', correct: ['b'] },
      marks: 1,
    });
    expect(await pixels(await stored(q.hotspot!.imageUrl))).toEqual(
      await pixels(fixture('interactions-21/images/map.png')),
    );
    // The area mapping's one area worth the marks: any point in it is right, all or nothing.
    expect(q.select_point).toMatchObject({
      prompt: '<p>Mark the mouth of the river on the map.</p>',
      imageWidth: 206,
      imageHeight: 280,
      options: [],
      answerKey: { type: 'select_point', areas: [{ id: 'a', area: { shape: 'circle', x: 150, y: 235, r: 16 } }] },
      marks: 1,
    });
    expect(q.select_point!.answerKey).not.toHaveProperty('mapping');
    // Picture labels (gapImg objects) on places; the mapping of pairs "label place" with its points; marks as its best.
    expect(q.graphic_gap_match).toMatchObject({
      shuffle: false,
      options: [
        { id: 'a', text: 'Johannesburg', imageUrl: image },
        { id: 'b', text: 'Cape Town', imageUrl: image },
        { id: 'c', text: 'Durban', imageUrl: image },
      ],
      targets: [
        { id: 'p1', text: 'Place 1', area: { shape: 'circle', x: 77, y: 115, r: 8 } },
        { id: 'p2', text: 'Place 2' },
        { id: 'p3', text: 'Place 3' },
        { id: 'p4', text: 'Place 4' },
      ],
      answerKey: {
        type: 'graphic_gap_match',
        correct: [
          { source: 'a', target: 'p2' },
          { source: 'b', target: 'p1' },
          { source: 'c', target: 'p3' },
        ],
        mapping: {
          entries: [
            { response: 'a p2', points: 1 },
            { response: 'b p1', points: 1 },
            { response: 'c p3', points: 1 },
          ],
          defaultValue: 0,
          lowerBound: 0,
        },
      },
      marks: 3,
    });
    expect(await pixels(await stored(q.graphic_gap_match!.options[1]!.imageUrl))).toEqual(
      await pixels(fixture('interactions-21/images/cpt.png')),
    );
    // The text of a gap match: its paragraphs (in a quotation) parted by a blank line, each gap `{{g1}}`.
    expect(q.gap_match).toMatchObject({
      prompt: '<p>Complete the text about the Orange River.</p>',
      shuffle: true,
      gapText: 'The Orange River flows {{g1}} into the Atlantic Ocean.\n\nIts source is in the mountains of {{g2}}.',
      options: [
        { id: 'a', text: 'west' },
        { id: 'b', text: 'east' },
        { id: 'c', text: 'Lesotho' },
        { id: 'd', text: 'Namibia' },
      ],
      targets: [
        { id: 'g1', text: '' },
        { id: 'g2', text: '' },
      ],
      answerKey: {
        type: 'gap_match',
        correct: [
          { source: 'a', target: 'g1' },
          { source: 'c', target: 'g2' },
        ],
        mapping: { defaultValue: -1, lowerBound: 0 },
      },
      marks: 2,
    });
    // The items of an order in the right order (the editor's key), always shuffled for each learner.
    expect(q.order).toMatchObject({
      shuffle: true,
      options: [
        { id: 'a', text: 'Michael Schumacher' },
        { id: 'b', text: 'Rubens Barrichello' },
        { id: 'c', text: 'Jenson Button' },
      ],
      answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
    });
    expect(q.order!.options.some((o) => o.fixed)).toBe(false);
    expect(q.match).toMatchObject({
      prompt: '<p>Match each province with its capital.</p>',
      shuffle: true,
      options: [
        { id: 'a', text: 'Gauteng' },
        { id: 'b', text: 'Western Cape' },
        { id: 'c', text: 'KwaZulu-Natal' },
      ],
      targets: [
        { id: 'r1', text: 'Johannesburg' },
        { id: 'r2', text: 'Cape Town' },
        { id: 'r3', text: 'Pietermaritzburg' },
        { id: 'r4', text: 'Durban', fixed: true },
      ],
      answerKey: {
        type: 'match',
        correct: [
          { source: 'a', target: 'r1' },
          { source: 'b', target: 'r2' },
          { source: 'c', target: 'r3' },
        ],
        mapping: { entries: expect.arrayContaining([{ response: 'c r4', points: -0.5 }]) },
      },
      marks: 3,
    });
    // The sentence the choice stands in is the text with its one gap; the quotation it leaves empty goes too.
    expect(q.inline_choice).toMatchObject({
      prompt: '<p>Identify the missing word in this sentence from the atlas.</p>',
      shuffle: false,
      gapText: 'The capital of Lesotho is {{g1}}, on the Caledon River.',
      options: [
        { id: 'a', text: 'Maseru' },
        { id: 'b', text: 'Bloemfontein' },
        { id: 'c', text: 'Gaborone' },
      ],
      targets: [],
      answerKey: { type: 'inline_choice', correct: 'a' },
    });
  });

  it('imports QTI 3.0 items: img with and without a size, labelled areas of every shape, points per area and pair, inline formatting', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('interactions-30'), 'qti3-interactions.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 7, drafts: 0, refused: 0 });
    expect(body.notes).toEqual([
      { path: 'gap_match.xml', message: 'Item “gap30”: The text with gaps is plain text: its formatting was left out' },
      {
        path: 'inline_choice.xml',
        message:
          'Item “inline30”: Part marks for other choices were left out (an inline choice is all or nothing): “TEMP” 0.5',
      },
    ]);
    const q = byType(await questionsOf(m));
    expect(q.hotspot).toMatchObject({
      prompt: '<p>Choose the two natural harbours.</p>',
      imageAlt: 'A stretch of coast with three bays',
      imageWidth: 300,
      imageHeight: 200,
      maxChoices: 2,
      options: [
        { id: 'a', text: 'The northern bay', area: { shape: 'circle', x: 60, y: 50, r: 20 } },
        { id: 'b', text: 'The southern bay', area: { shape: 'rect', x: 180, y: 100, w: 40, h: 40 } },
        // A polygon closed by repeating its first corner keeps three corners.
        {
          id: 'c',
          text: 'The cliffs',
          area: {
            shape: 'poly',
            points: [
              [250, 20],
              [290, 20],
              [290, 60],
            ],
          },
        },
      ],
      answerKey: {
        type: 'hotspot',
        correct: ['a', 'b'],
        mapping: {
          entries: [
            { response: 'a', points: 1 },
            { response: 'b', points: 1 },
            { response: 'c', points: -1 },
          ],
          upperBound: 2,
        },
      },
      marks: 2,
    });
    // No width and height on the picture: its own size. Each area its own points (QTI's areaMapping).
    expect(q.select_point).toMatchObject({
      prompt: '<p>A boat must land on this coast.</p>\n<p>Click where it is safest to land.</p>',
      imageWidth: 300,
      imageHeight: 200,
      answerKey: {
        type: 'select_point',
        areas: [
          { id: 'a', area: { shape: 'circle', x: 60, y: 50, r: 25 } },
          { id: 'b', area: { shape: 'rect', x: 170, y: 90, w: 60, h: 60 } },
        ],
        mapping: {
          entries: [
            { response: 'a', points: 2 },
            { response: 'b', points: 1 },
          ],
        },
      },
      marks: 2,
    });
    expect(q.graphic_gap_match).toMatchObject({
      shuffle: true,
      options: [
        { id: 'a', text: 'bay', imageUrl: null, matchMax: 0 },
        { id: 'b', text: 'cape', fixed: true },
      ],
      targets: [
        { id: 'p1', text: 'North', area: { shape: 'circle', x: 60, y: 50, r: 20 } },
        { id: 'p2', text: 'South', area: { shape: 'rect', x: 180, y: 100, w: 40, h: 40 } },
      ],
      answerKey: {
        type: 'graphic_gap_match',
        correct: [
          { source: 'a', target: 'p1' },
          { source: 'a', target: 'p2' },
        ],
      },
    });
    expect(q.graphic_gap_match!.answerKey).not.toHaveProperty('mapping');
    expect(q.gap_match).toMatchObject({
      prompt: '',
      shuffle: false,
      gapText: 'Gauteng has most of its rain in {{g1}}.\nCape Town has most of its rain in {{g2}}.',
      options: [
        { id: 'a', text: 'summer', matchMax: 0 },
        { id: 'b', text: 'winter', matchMax: 0 },
      ],
      answerKey: {
        type: 'gap_match',
        correct: [
          { source: 'a', target: 'g1' },
          { source: 'b', target: 'g2' },
        ],
      },
      marks: 2,
    });
    // Written Vaal, Orange, Limpopo; the right order is Orange, Limpopo, Vaal.
    expect(q.order).toMatchObject({
      options: [
        { id: 'a', text: 'Orange' },
        { id: 'b', text: 'Limpopo' },
        { id: 'c', text: 'Vaal' },
      ],
      answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
      marks: 2,
    });
    expect(q.match).toMatchObject({
      shuffle: false,
      options: [
        { id: 'a', text: 'Mesa', matchMax: 2 },
        { id: 'b', text: 'Dune' },
      ],
      targets: [
        { id: 'r1', text: 'A flat top' },
        { id: 'r2', text: 'Steep sides' },
        { id: 'r3', text: 'Made of sand' },
      ],
      answerKey: {
        type: 'match',
        correct: [
          { source: 'a', target: 'r1' },
          { source: 'a', target: 'r2' },
          { source: 'b', target: 'r3' },
        ],
      },
    });
    expect(q.inline_choice).toMatchObject({
      prompt: '',
      shuffle: true,
      gapText: 'Cape Town has a {{g1}} climate.',
      options: [
        { id: 'a', text: 'Mediterranean' },
        { id: 'b', text: 'temperate' },
        { id: 'c', text: 'desert', fixed: true },
      ],
      answerKey: { type: 'inline_choice', correct: 'a' },
      marks: 1,
    });
  });

  it('names each item it cannot take with its reason, imports the rest, and makes a draft of a select point with only a correct point', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('interactions-refused'), 'refused-interactions.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 1, drafts: 1, refused: 8 });
    const not = (path: string, message: string) => ({ path, message: `Not imported: ${message}` });
    expect(body.notes).toEqual([
      not(
        'a-select-point-two.xml',
        'Item “twoPoints”: The item asks for 2 points; a select-point question takes one point',
      ),
      not(
        'b-two-interactions.xml',
        'Item “twoInteractions”: The item has 2 interactions; only items with a single one are imported',
      ),
      not('c-hotspot-default.xml', 'Item “wholePicture”: The area “A” is the whole picture, which is not imported'),
      not(
        'd-order-partial.xml',
        'Item “partOrder”: The correct order names 2 of the 3 items; every item is put in order here',
      ),
      not(
        'e-match-reversed.xml',
        'Item “reversedPair”: The correct response “JHB GP” names the right-hand item first; a pair names the left-hand item, then the right-hand item',
      ),
      not(
        'f-slider.xml',
        'Item “slider”: A slider (<sliderInteraction>) is not a question type Olympus has; choice, text entry, inline choice, order, match, gap match, hotspot, select point and graphic gap match items are imported',
      ),
      not(
        'g-hotspot-web-picture.xml',
        'Item “webPicture”: The picture “https://maps.example.org/region.png” is not a file in the package; areas are drawn on a stored picture',
      ),
      // The editor's own rule (checkQuestion), in its words.
      not('h-hotspot-outside.xml', 'Item “outside”: This area reaches outside the picture: draw it within the picture'),
      {
        path: 'i-select-point-only-a-point.xml',
        message: 'Item “pointOnly” has no correct response: imported as a draft that needs its key',
      },
      {
        path: 'i-select-point-only-a-point.xml',
        message:
          'Item “pointOnly”: The correct point (150, 235) has no area around it, so how near is near enough is not said: imported as a draft, draw its key area in the editor',
      },
    ]);
    expect(await questionsOf(m)).toMatchObject([
      { type: 'select_point', prompt: '<p>Mark the mouth of the river.</p>', imageWidth: 206, answerKey: null },
    ]);
  });

  it('an item that shows its picture at another size than its pixels has its areas scaled to the pixels, and says so', async () => {
    const m = await newModule();
    // The 206 × 280 map shown at half its size: the item's coordinates are in those units.
    const half = fixture('interactions-21/hotspot.xml')
      .toString('utf8')
      .replace('width="206" height="280"', 'width="103" height="140"')
      .replace(/coords="([^"]+)"/g, (_, c: string) => `coords="${c.split(',').map((n) => Number(n) / 2)}"`);
    const res = await upload(
      m,
      await zipOf('', {
        'hotspot.xml': half,
        'images/map.png': fixture('interactions-21/images/map.png'),
      }),
      'half.zip',
    );
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.notes).toContainEqual({
      path: 'hotspot.xml',
      message:
        'Item “hotspot”: The item shows the picture at 103 × 140 and it is 206 × 280 pixels as stored: its areas were scaled to the pixels',
    });
    const [q] = await questionsOf(m);
    expect(q).toMatchObject({ imageWidth: 206, imageHeight: 280 });
    expect(q!.options[0]!.area).toEqual({ shape: 'circle', x: 77, y: 115, r: 8 });
    expect(q!.options[3]!.area).toEqual({ shape: 'circle', x: 96, y: 114, r: 8 });
  });
});
