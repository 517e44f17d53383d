import { readFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseXml } from './qti-xml.js';
import {
  type ImportAnswer,
  type Listed,
  admin,
  fieldsOf,
  fixture,
  newModule,
  qtiStructureProblems,
  questionsOf,
  server,
  upload,
  useQtiServer,
  zipOf,
} from './qti-testing.js';

/**
 * The importer at the edges other tools' items take it to, on Olympus's own items (fixtures/qti/own-interactions-21
 * and own-interactions-30, whose README.md says what each exercises): an SVG map drawn as a PNG, an area cut back to
 * the picture and one refused, an order scored by its own response processing, names from aria-label, picture labels
 * without names, a GIF, a picture shown at another size, mappings, and interactions refused by name. Each is asserted
 * as exactly what it became, then exported and imported again to the same question.
 *
 * The IMS QTI 2.1 and 1EdTech QTI 3.0 examples these edges were found on are not in the repository (their licences):
 * with QTI_REAL_ITEMS naming a folder that holds them as ims-qti21-interactions/ and qti30-examples/, the last
 * describe imports them too.
 */

useQtiServer();

const realDir = (name: string) => path.resolve(process.env.QTI_REAL_ITEMS ?? '', name);
/** A file of the third-party items, read from QTI_REAL_ITEMS. */
const real = (file: string) => readFileSync(realDir(file));
const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
/** Whether two pictures have the same size and the same pixels (compared as bytes: a deep equality is slow). */
async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  return x.info.width === y.info.width && x.info.height === y.info.height && x.data.equals(y.data);
}
/** A prompt as its words and tags, whatever its tool's indentation. */
const flat = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();
const image = expect.stringMatching(/^\/question\/image\/\d+\/[0-9a-f]{32}$/);
const not = (file: string, message: string) => ({ path: file, message: `Not imported: ${message}` });
const said = (file: string, id: string, message: string) => ({ path: file, message: `Item “${id}”: ${message}` });
const noType = (what: string, element: string) =>
  `${what} (<${element}>) is not a question type Olympus has; choice, text entry, inline choice, order, match, gap match, hotspot, select point and graphic gap match items are imported`;
const unnamedAreas =
  'Areas without a name were called “Area A”, “Area B”, “Area C” …: name them in the editor for learners who use a screen reader';
const unnamedPlaces =
  'Places without a name were called “Place 1”, “Place 2”, “Place 3”: name them in the editor for learners who use a screen reader';
const keptInPlace = 'The items are shown in each learner’s own order: an item kept in place was left out of that';

/** A stored picture: served (200) as an image; its pixels those of the given file when there is one. */
async function stored(url: string | null, file?: Buffer): Promise<Buffer> {
  const res = await fetch(`${server.url}${url}`);
  expect(res.status, url ?? 'no picture').toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^image\/(png|jpeg|gif|webp)$/);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (file) expect(await samePixels(bytes, file)).toBe(true);
  return bytes;
}

interface Imported {
  m: number;
  body: ImportAnswer;
  questions: Listed[];
}
/** A package (a fixture folder, or any folder by its absolute path) imported into a new module, as expected. */
async function imported(dir: string, expected: Partial<ImportAnswer>): Promise<Imported> {
  const m = await newModule();
  const res = await upload(m, await zipOf(dir), `${path.basename(dir)}.zip`);
  const body = (await res.json()) as ImportAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject(expected);
  return { m, body, questions: await questionsOf(m) };
}

/**
 * Exports the module and imports the package into a new one: every question comes back the same, field by field and
 * picture by picture, and every exported item has the structure QTI 3.0's schema asks for. Answers the notes.
 */
async function roundTrip(m: number, before: Listed[]): Promise<ImportAnswer['notes']> {
  const res = await fetch(`${server.url}/question/v-rest/export-qti?questionModuleId=${m}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-olympus-left-out')).toBe('0');
  const bytes = Buffer.from(await res.arrayBuffer());
  const zip = await JSZip.loadAsync(bytes);
  const items = Object.keys(zip.files).filter((n) => /^items\/item-\d+\.xml$/.test(n));
  expect(items).toHaveLength(before.length);
  for (const name of items) {
    const item = parseXml(await zip.file(name)!.async('string')).doc!.documentElement!;
    expect(qtiStructureProblems(item), name).toEqual([]);
  }
  const m2 = await newModule();
  const again = await upload(m2, bytes, `module-${m}-qti3.zip`);
  const answer = (await again.json()) as ImportAnswer;
  expect(again.status, JSON.stringify(answer)).toBe(200);
  expect(answer).toMatchObject({ imported: before.length, drafts: 0, refused: 0 });
  const after = await questionsOf(m2);
  expect(after.map(fieldsOf)).toEqual(before.map(fieldsOf));
  for (const [i, q] of before.entries()) {
    const back = after[i]!;
    const was = [q.imageUrl, ...q.options.map((o) => o.imageUrl), ...q.targets.map((t) => t.imageUrl)];
    const now = [back.imageUrl, ...back.options.map((o) => o.imageUrl), ...back.targets.map((t) => t.imageUrl)];
    for (const [k, url] of was.entries())
      if (url) expect(await samePixels(await stored(now[k]!), await stored(url)), `${q.type} picture ${k}`).toBe(true);
  }
  return answer.notes;
}

describe('Olympus’s own items at the edges of the importer', () => {
  describe('in QTI 2.1 (own-interactions-21)', () => {
    let got: Imported;
    beforeAll(async () => {
      got = await imported('own-interactions-21', { imported: 8, drafts: 0, refused: 2 });
    });

    it('each is imported as what it asks, with the notes it needs; the two without a type are refused by name', async () => {
      const { body, questions } = got;
      expect(body.notes).toEqual([
        not('associate.xml', `Item “twinCities”: ${noType('Making pairs from one list', 'associateInteraction')}`),
        not(
          'graphic_order.xml',
          `Item “roadTrip”: ${noType('Putting places on a picture in order', 'graphicOrderInteraction')}`,
        ),
        said(
          'graphic_gap_match.xml',
          'airportCodes',
          'The picture has no description for learners who cannot see it: describe it in the editor',
        ),
        said(
          'graphic_gap_match.xml',
          'airportCodes',
          '5 labels are pictures without a name (the item calls them “BFN”, “CPT”, “DUR” …): name them in the editor for learners who use a screen reader',
        ),
        said('graphic_gap_match.xml', 'airportCodes', unnamedPlaces),
        said('hotspot.xml', 'harbours', unnamedAreas),
        said('order.xml', 'peaks', keptInPlace),
        said(
          'order_own_scoring.xml',
          'peaksOwnScoring',
          "Part marks for other orders were left out (an order is all or nothing): “Mafadi, Giant's Castle, Champagne Castle” 1",
        ),
        said(
          'select_point.xml',
          'bloemfontein',
          'The item shows the picture at 160 × 100 and it is 240 × 150 pixels as stored: its areas were scaled to the pixels',
        ),
      ]);
      // In the package's order: the good items of a package are imported whatever its other items are.
      expect(questions.map((q) => q.type)).toEqual([
        'gap_match',
        'graphic_gap_match',
        'hotspot',
        'inline_choice',
        'match',
        'order',
        'order',
        'select_point',
      ]);
      const [gapMatch, graphicGapMatch, hotspot, inlineChoice, match, order, ownScoring, selectPoint] = questions as [
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
      ];

      expect(gapMatch).toMatchObject({
        prompt: "<p>Fill in the rivers along South Africa's borders.</p>",
        shuffle: false,
        gapText:
          'The {{g1}} flows west to the Atlantic along the border with Namibia.\nThe {{g2}} marks the border with Zimbabwe.',
        options: ['Orange', 'Vaal', 'Limpopo', 'Tugela'].map((text, i) => ({ id: 'abcd'[i], text, imageUrl: null })),
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
          mapping: {
            entries: [
              { response: 'a g1', points: 1 },
              { response: 'c g2', points: 2 },
            ],
            defaultValue: -1,
            lowerBound: 0,
            upperBound: null,
          },
        },
        marks: 3,
      });

      // Picture labels (gapImg objects) without names: stored as the options' pictures, their text empty.
      expect(flat(graphicGapMatch.prompt)).toBe(
        "<p>Every airport has a three-letter code: Bloemfontein's is BFN.</p><p>Put the right code on each empty tag of the map.</p>",
      );
      const codes = ['bfn', 'cpt', 'dur', 'jnb', 'plz'];
      expect(graphicGapMatch).toMatchObject({
        shuffle: false,
        imageUrl: image,
        imageAlt: 'The picture of the question (not described)',
        imageWidth: 260,
        imageHeight: 220,
        options: codes.map((_, i) => ({ id: 'abcde'[i], text: '', imageUrl: image })),
        targets: [
          { id: 'p1', text: 'Place 1', area: { shape: 'rect', x: 160, y: 60, w: 36, h: 14 } },
          { id: 'p2', text: 'Place 2', area: { shape: 'rect', x: 190, y: 130, w: 36, h: 14 } },
          { id: 'p3', text: 'Place 3', area: { shape: 'rect', x: 40, y: 160, w: 36, h: 14 } },
        ],
        answerKey: {
          type: 'graphic_gap_match',
          // JNB on the first tag, DUR on the second, CPT on the third.
          correct: [
            { source: 'd', target: 'p1' },
            { source: 'c', target: 'p2' },
            { source: 'b', target: 'p3' },
          ],
          mapping: {
            entries: [
              { response: 'd p1', points: 1 },
              { response: 'c p2', points: 1 },
              { response: 'b p3', points: 1 },
            ],
            defaultValue: -1,
            lowerBound: 0,
          },
        },
        marks: 3,
      });
      expect(graphicGapMatch.targets).toHaveLength(3);
      await stored(graphicGapMatch.imageUrl, fixture('own-interactions-21/images/airports.png'));
      for (const [i, code] of codes.entries())
        await stored(graphicGapMatch.options[i]!.imageUrl, fixture(`own-interactions-21/images/${code}.png`));

      // A GIF map: stored as a PNG of its first frame, the same pixels; the object's text is its description.
      expect(hotspot).toMatchObject({
        prompt:
          '<p>The map marks four harbours of the South African coast: Saldanha Bay, Mossel Bay, Port Elizabeth and Richards Bay.</p>\n<p>Which one is Port Elizabeth?</p>',
        imageUrl: image,
        imageAlt: 'Map of the South African coast',
        imageWidth: 240,
        imageHeight: 200,
        maxChoices: 1,
        options: [
          { id: 'a', text: 'Area A', imageUrl: null, area: { shape: 'circle', x: 40, y: 150, r: 10 } },
          { id: 'b', text: 'Area B', imageUrl: null, area: { shape: 'circle', x: 120, y: 178, r: 10 } },
          { id: 'c', text: 'Area C', imageUrl: null, area: { shape: 'circle', x: 170, y: 160, r: 10 } },
          { id: 'd', text: 'Area D', imageUrl: null, area: { shape: 'circle', x: 210, y: 100, r: 10 } },
        ],
        answerKey: { type: 'hotspot', correct: ['c'] },
        marks: 1,
      });
      expect(hotspot.answerKey).not.toHaveProperty('mapping');
      const gif = fixture('own-interactions-21/images/harbours.gif');
      expect((await sharp(gif).metadata()).format).toBe('gif');
      const map = await stored(hotspot.imageUrl, gif);
      expect((await sharp(map).metadata()).format).toBe('png');

      // The line the inline choice stands in, with the rest of the quotation, is the text.
      expect(inlineChoice).toMatchObject({
        prompt: '<p>Choose the city.</p>',
        shuffle: false,
        gapText: 'Table Mountain rises above {{g1}};\nits flat top is often covered by a cloud called the tablecloth.',
        options: [
          { id: 'a', text: 'Durban' },
          { id: 'b', text: 'Cape Town' },
          { id: 'c', text: 'Pretoria' },
        ],
        targets: [],
        answerKey: { type: 'inline_choice', correct: 'b' },
        marks: 1,
      });

      // A province may take four towns; half marks for each of KwaZulu-Natal's two.
      expect(match).toMatchObject({
        prompt: '<p>Match each town to its province.</p>',
        shuffle: true,
        options: ['Soweto', 'Pietermaritzburg', 'Eshowe', 'Stellenbosch'].map((text, i) => ({ id: 'abcd'[i], text })),
        targets: [
          { id: 'r1', text: 'KwaZulu-Natal', matchMax: 4 },
          { id: 'r2', text: 'Gauteng', matchMax: 4 },
          { id: 'r3', text: 'Western Cape', matchMax: 4 },
        ],
        answerKey: {
          type: 'match',
          correct: [
            { source: 'a', target: 'r2' },
            { source: 'b', target: 'r1' },
            { source: 'c', target: 'r1' },
            { source: 'd', target: 'r3' },
          ],
          mapping: {
            entries: [
              { response: 'a r2', points: 1 },
              { response: 'b r1', points: 0.5 },
              { response: 'c r1', points: 0.5 },
              { response: 'd r3', points: 1 },
            ],
            defaultValue: 0,
            lowerBound: 0,
          },
        },
        marks: 3,
      });
      expect(match.options.every((o) => o.matchMax === undefined)).toBe(true);

      // Both orders are stored highest first; the one kept in place is shuffled with the rest.
      const peaks = [
        { id: 'a', text: 'Mafadi' },
        { id: 'b', text: 'Champagne Castle' },
        { id: 'c', text: "Giant's Castle" },
      ];
      const orderPrompt = '<p>Put these Drakensberg peaks in order of height, the highest first.</p>';
      expect(order).toMatchObject({
        prompt: orderPrompt,
        shuffle: true,
        options: peaks,
        answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
        marks: 1,
      });
      expect(order.options.some((o) => o.fixed)).toBe(false);
      // Scored by its own response processing: the right order's 3 are the marks, the 1 for another is noted.
      expect(ownScoring).toMatchObject({
        prompt: orderPrompt,
        shuffle: true,
        options: peaks,
        answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
        marks: 3,
      });

      // The 240 × 150 map shown at 160 × 100: the key's circle (100, 50, r 10) scaled by 1.5 to the stored pixels.
      expect(selectPoint).toMatchObject({
        prompt: '<p>Mark Bloemfontein on this map of the provinces.</p>',
        imageUrl: image,
        imageAlt: 'Map of the provinces',
        imageWidth: 240,
        imageHeight: 150,
        options: [],
        answerKey: { type: 'select_point', areas: [{ id: 'a', area: { shape: 'circle', x: 150, y: 75, r: 15 } }] },
        marks: 1,
      });
      expect(selectPoint.answerKey).not.toHaveProperty('mapping');
      await stored(selectPoint.imageUrl, fixture('own-interactions-21/images/provinces.png'));
    });

    it('exported and imported again, each is the same question; the pictures to place still want their names', async () => {
      expect(await roundTrip(got.m, got.questions)).toEqual([
        said(
          'items/item-0002.xml',
          'item-0002',
          '5 labels are pictures without a name (the item calls them “a”, “b”, “c” …): name them in the editor for learners who use a screen reader',
        ),
      ]);
    });
  });

  describe('in QTI 3.0 (own-interactions-30)', () => {
    let got: Imported;
    beforeAll(async () => {
      got = await imported('own-interactions-30', { imported: 7, drafts: 0, refused: 2 });
    });

    it('each is imported as what it asks: an SVG map drawn as a PNG, an area past its edge cut back, one mostly off refused', async () => {
      const { body, questions } = got;
      expect(body.notes).toEqual([
        not(
          'graphic-order.xml',
          `Item “lowveldRoute”: ${noType('Putting places on a picture in order', 'qti-graphic-order-interaction')}`,
        ),
        // Kruger Gate's centre lies 20 px beyond the right edge: most of its circle is off the map.
        not('hotspot-off.xml', 'Item “lowveldOff”: This area reaches outside the picture: draw it within the picture'),
        said(
          'hotspot-svg.xml',
          'lowveld',
          'The SVG picture “images/lowveld.svg” was stored as a PNG of 600 × 400 pixels',
        ),
        said(
          'hotspot-svg.xml',
          'lowveld',
          'The area “GRA” reached past the edge of the picture and was cut back to it',
        ),
      ]);
      expect(questions.map((q) => q.type)).toEqual([
        'gap_match',
        'graphic_gap_match',
        'hotspot',
        'inline_choice',
        'match',
        'order',
        'select_point',
      ]);
      const [gapMatch, graphicGapMatch, hotspot, inlineChoice, match, order, selectPoint] = questions as [
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
      ];

      expect(gapMatch).toMatchObject({
        prompt: '<p>South Africa has three capitals.</p>',
        shuffle: false,
        gapText: 'The government sits in {{g1}};\nParliament meets in {{g2}}.',
        options: ['Pretoria', 'Cape Town', 'Durban'].map((text, i) => ({ id: 'abc'[i], text, imageUrl: null })),
        targets: [
          { id: 'g1', text: '' },
          { id: 'g2', text: '' },
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
            defaultValue: -1,
            lowerBound: 0,
          },
        },
        marks: 2,
      });

      // Picture labels named by their alternative text; the places by their aria-label, so neither is noted.
      const passes = ['sani', 'swartberg', 'bains', 'long-tom'];
      expect(graphicGapMatch).toMatchObject({
        prompt: '<p>Name the three passes marked on the map.</p>',
        shuffle: false,
        imageUrl: image,
        imageAlt: 'A map of mountain passes',
        imageWidth: 300,
        imageHeight: 210,
        options: ['Sani Pass', 'Swartberg Pass', "Bain's Kloof Pass", 'Long Tom Pass'].map((text, i) => ({
          id: 'abcd'[i],
          text,
          imageUrl: image,
        })),
        targets: [
          { id: 'p1', text: 'North-west tag', area: { shape: 'rect', x: 30, y: 40, w: 50, h: 22 } },
          { id: 'p2', text: 'South tag', area: { shape: 'rect', x: 160, y: 150, w: 50, h: 22 } },
          { id: 'p3', text: 'East tag', area: { shape: 'rect', x: 220, y: 80, w: 50, h: 22 } },
        ],
        answerKey: {
          type: 'graphic_gap_match',
          correct: [
            { source: 'a', target: 'p1' },
            { source: 'b', target: 'p2' },
            { source: 'd', target: 'p3' },
          ],
          mapping: {
            entries: [
              { response: 'a p1', points: 1 },
              { response: 'b p2', points: 1 },
              { response: 'd p3', points: 1 },
            ],
            defaultValue: -1,
            lowerBound: 0,
          },
        },
        marks: 3,
      });
      await stored(graphicGapMatch.imageUrl, fixture('own-interactions-30/images/passes.png'));
      for (const [i, name] of passes.entries())
        await stored(graphicGapMatch.options[i]!.imageUrl, fixture(`own-interactions-30/images/${name}.png`));

      // The SVG (viewBox 300 × 200, no size of its own) drawn at the 600 × 400 the item shows it, so the circles stay
      // as written, named by their aria-label; Graskop's reached 10 px above the map and is made smaller about its
      // centre (r 30 → 20).
      expect(hotspot).toMatchObject({
        prompt:
          '<p>The map of the Lowveld marks Graskop, Skukuza, Kruger Gate and Nelspruit.</p>\n<p>Which mark is Kruger Gate?</p>',
        imageUrl: image,
        imageAlt: 'A map of the Lowveld with four marks',
        imageWidth: 600,
        imageHeight: 400,
        maxChoices: 1,
        options: [
          { id: 'a', text: 'Graskop', area: { shape: 'circle', x: 120, y: 20, r: 20 } },
          { id: 'b', text: 'Skukuza', area: { shape: 'circle', x: 300, y: 180, r: 30 } },
          { id: 'c', text: 'Kruger Gate', area: { shape: 'circle', x: 460, y: 120, r: 30 } },
          { id: 'd', text: 'Nelspruit', area: { shape: 'circle', x: 180, y: 300, r: 30 } },
        ],
        answerKey: { type: 'hotspot', correct: ['c'] },
        marks: 1,
      });
      const drawn = await stored(hotspot.imageUrl);
      const meta = await sharp(drawn).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 400]);
      // The drawing, not an empty box: Skukuza's white mark is drawn at (150, 90) of the viewBox, so at (300, 180).
      const { data, info } = await sharp(drawn).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
      expect(at(300, 180)).toEqual([255, 255, 255, 255]);

      expect(inlineChoice).toMatchObject({
        prompt: '<p>Choose the word.</p>',
        shuffle: false,
        gapText: 'The Karoo is a {{g1}} plateau;\nits name is said to mean "land of thirst".',
        options: [
          { id: 'a', text: 'wet' },
          { id: 'b', text: 'dry' },
        ],
        answerKey: { type: 'inline_choice', correct: 'b' },
        marks: 1,
      });
      // No shuffle attribute: QTI's default is the order as written.
      expect(match).toMatchObject({
        prompt: '<p>Match each national park to its province.</p>',
        shuffle: false,
        options: ['Addo Elephant', 'Golden Gate Highlands', 'Tsitsikamma'].map((text, i) => ({ id: 'abc'[i], text })),
        targets: [
          { id: 'r1', text: 'Eastern Cape', matchMax: 3 },
          { id: 'r2', text: 'Free State', matchMax: 3 },
        ],
        answerKey: {
          type: 'match',
          correct: [
            { source: 'a', target: 'r1' },
            { source: 'b', target: 'r2' },
            { source: 'c', target: 'r1' },
          ],
          mapping: {
            entries: [
              { response: 'a r1', points: 0.5 },
              { response: 'b r2', points: 1 },
              { response: 'c r1', points: 0.5 },
            ],
            defaultValue: 0,
            lowerBound: 0,
          },
        },
        marks: 2,
      });
      // A prompt of its own paragraphs (QTI 3.0) stays a block after the item's text; stored north to south.
      expect(flat(order.prompt)).toBe(
        '<p>Three cities lie on the road from Zimbabwe to the Cape.</p><div><p>Put them in order from north to south.</p></div>',
      );
      expect(order).toMatchObject({
        shuffle: true,
        options: [
          { id: 'a', text: 'Polokwane' },
          { id: 'b', text: 'Johannesburg' },
          { id: 'c', text: 'Bloemfontein' },
        ],
        answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
        marks: 1,
      });
      // Shown at its own size: the key's circle as written.
      expect(selectPoint).toMatchObject({
        prompt: '<p>Mark the point where the Vaal flows into the Orange.</p>',
        imageAlt: 'A map of two rivers',
        imageWidth: 200,
        imageHeight: 160,
        answerKey: { type: 'select_point', areas: [{ id: 'a', area: { shape: 'circle', x: 118, y: 66, r: 12 } }] },
        marks: 1,
      });
      await stored(selectPoint.imageUrl, fixture('own-interactions-30/images/rivers.png'));
    });

    it('exported and imported again, each is the same question, without a note', async () => {
      expect(await roundTrip(got.m, got.questions)).toEqual([]);
    });
  });
});

/** The third-party originals, from outside the repository. */
describe.runIf(process.env.QTI_REAL_ITEMS)('the items other tools publish (QTI_REAL_ITEMS)', () => {
  describe('the IMS QTI 2.1 examples', () => {
    let got: Imported;
    beforeAll(async () => {
      got = await imported(realDir('ims-qti21-interactions'), { imported: 8, drafts: 0, refused: 2 });
    });

    it('each interaction is imported as what it asks; the two Olympus has no type for are refused by name', async () => {
      const { body, questions } = got;
      const note = (file: string, id: string, message: string) => ({ path: file, message: `Item “${id}”: ${message}` });
      expect(body.notes).toEqual([
        not('associate.xml', `Item “associate”: ${noType('Making pairs from one list', 'associateInteraction')}`),
        not(
          'graphic_order.xml',
          `Item “graphicOrder”: ${noType('Putting places on a picture in order', 'graphicOrderInteraction')}`,
        ),
        note(
          'graphic_gap_match.xml',
          'graphicGapfill',
          'The picture has no description for learners who cannot see it: describe it in the editor',
        ),
        note(
          'graphic_gap_match.xml',
          'graphicGapfill',
          '6 labels are pictures without a name (the item calls them “CBG”, “EBG”, “EDI” …): name them in the editor for learners who use a screen reader',
        ),
        note(
          'graphic_gap_match.xml',
          'graphicGapfill',
          'Places without a name were called “Place 1”, “Place 2”, “Place 3”: name them in the editor for learners who use a screen reader',
        ),
        note(
          'hotspot.xml',
          'hotspot',
          'Areas without a name were called “Area A”, “Area B”, “Area C” …: name them in the editor for learners who use a screen reader',
        ),
        note(
          'order.xml',
          'order',
          'The items are shown in each learner’s own order: an item kept in place was left out of that',
        ),
        note(
          'order_partial_scoring.xml',
          'orderPartialScoring',
          'The items are shown in each learner’s own order: an item kept in place was left out of that',
        ),
        note(
          'order_partial_scoring.xml',
          'orderPartialScoring',
          'Part marks for other orders were left out (an order is all or nothing): “Michael Schumacher, Jenson Button, Rubens Barrichello” 1',
        ),
        note(
          'select_point.xml',
          'selectPoint',
          'The item shows the picture at 196 × 280 and it is 206 × 280 pixels as stored: its areas were scaled to the pixels',
        ),
      ]);
      // In the package's order: the good items of a package are imported whatever its other items are.
      expect(questions.map((q) => q.type)).toEqual([
        'gap_match',
        'graphic_gap_match',
        'hotspot',
        'inline_choice',
        'match',
        'order',
        'order',
        'select_point',
      ]);
      const [gapMatch, graphicGapMatch, hotspot, inlineChoice, match, order, orderPartial, selectPoint] = questions as [
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
      ];
      const quote = "And all the clouds that lour'd upon our house\nIn the deep bosom of the ocean buried.";

      // Gap match (Richard III, Take 1): four words for two gaps in the quotation, each right word its own points.
      expect(flat(gapMatch.prompt)).toBe(
        "<p>Identify the missing words in this famous quote from Shakespeare's Richard III.</p>",
      );
      expect(gapMatch).toMatchObject({
        shuffle: false,
        gapText: `Now is the {{g1}} of our discontent\nMade glorious {{g2}} by this sun of York;\n${quote}`,
        options: [
          { id: 'a', text: 'winter', imageUrl: null },
          { id: 'b', text: 'spring', imageUrl: null },
          { id: 'c', text: 'summer', imageUrl: null },
          { id: 'd', text: 'autumn', imageUrl: null },
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
          mapping: {
            entries: [
              { response: 'a g1', points: 1 },
              { response: 'c g2', points: 2 },
            ],
            defaultValue: -1,
            lowerBound: 0,
            upperBound: null,
          },
        },
        marks: 3,
      });

      // Graphic gap match (Airport Tags): six pictures of airport codes (gapImg objects) for three places.
      expect(flat(graphicGapMatch.prompt)).toBe(
        '<p>The International Air Transport Association assigns three-letter codes to identify airports worldwide. For example, London Heathrow has code LHR.</p><p>Some of the labels on the following diagram are missing: can you identify the correct three-letter codes for the unlabelled airports?</p>',
      );
      expect(graphicGapMatch).toMatchObject({
        shuffle: false,
        imageUrl: image,
        imageAlt: 'The picture of the question (not described)',
        imageWidth: 206,
        imageHeight: 280,
        options: ['CBG', 'EBG', 'EDI', 'GLA', 'MAN', 'MCH'].map((_, i) => ({
          id: 'abcdef'[i],
          text: '',
          imageUrl: image,
        })),
        targets: [
          { id: 'p1', text: 'Place 1', area: { shape: 'rect', x: 12, y: 108, w: 27, h: 13 } },
          { id: 'p2', text: 'Place 2', area: { shape: 'rect', x: 128, y: 103, w: 27, h: 23 } },
          { id: 'p3', text: 'Place 3', area: { shape: 'rect', x: 66, y: 165, w: 27, h: 13 } },
        ],
        answerKey: {
          type: 'graphic_gap_match',
          // GLA on A, EDI on B, MAN on C.
          correct: [
            { source: 'd', target: 'p1' },
            { source: 'c', target: 'p2' },
            { source: 'e', target: 'p3' },
          ],
          mapping: {
            entries: [
              { response: 'd p1', points: 1 },
              { response: 'c p2', points: 1 },
              { response: 'e p3', points: 1 },
            ],
            defaultValue: -1,
            lowerBound: 0,
          },
        },
        marks: 3,
      });
      expect(graphicGapMatch.targets).toHaveLength(3); // the fourth place is commented out in the item
      await stored(graphicGapMatch.imageUrl, real('ims-qti21-interactions/images/ukairtags.png'));
      for (const [i, code] of ['CBG', 'EBG', 'EDI', 'GLA', 'MAN', 'MCH'].entries())
        await stored(graphicGapMatch.options[i]!.imageUrl, real(`ims-qti21-interactions/images/${code}.png`));

      // Hotspot (UK Airports, Take 1): the object's picture and its text as its description, four unnamed circles.
      expect(flat(hotspot.prompt)).toBe(
        '<p>The picture illustrates four of the most popular destinations for air travellers arriving in the United Kingdom: London, Manchester, Edinburgh and Glasgow.</p><p>Which one is Glasgow?</p>',
      );
      expect(hotspot).toMatchObject({
        imageUrl: image,
        imageAlt: 'UK Map',
        imageWidth: 206,
        imageHeight: 280,
        maxChoices: 1,
        options: [
          { id: 'a', text: 'Area A', imageUrl: null, area: { shape: 'circle', x: 77, y: 115, r: 8 } },
          { id: 'b', text: 'Area B', imageUrl: null, area: { shape: 'circle', x: 118, y: 184, r: 8 } },
          { id: 'c', text: 'Area C', imageUrl: null, area: { shape: 'circle', x: 150, y: 235, r: 8 } },
          { id: 'd', text: 'Area D', imageUrl: null, area: { shape: 'circle', x: 96, y: 114, r: 8 } },
        ],
        answerKey: { type: 'hotspot', correct: ['a'] },
        marks: 1,
      });
      expect(hotspot.answerKey).not.toHaveProperty('mapping');
      await stored(hotspot.imageUrl, real('ims-qti21-interactions/images/ukair.png'));

      // Inline choice (Richard III, Take 2): the line it stands in, with the rest of the quotation, is the text.
      expect(flat(inlineChoice.prompt)).toBe(
        "<p>Identify the missing word in this famous quote from Shakespeare's Richard III.</p>",
      );
      expect(inlineChoice).toMatchObject({
        shuffle: false,
        gapText: `Now is the winter of our discontent\nMade glorious summer by this sun of {{g1}};\n${quote}`,
        options: [
          { id: 'a', text: 'Gloucester' },
          { id: 'b', text: 'Lancaster' },
          { id: 'c', text: 'York' },
        ],
        targets: [],
        answerKey: { type: 'inline_choice', correct: 'c' },
        marks: 1,
      });

      // Match (Characters and Plays): a play may take four characters; half marks for each lover of the Dream.
      expect(flat(match.prompt)).toBe(
        '<p>Match the following characters to the Shakespeare play they appeared in:</p>',
      );
      expect(match).toMatchObject({
        shuffle: true,
        options: [
          { id: 'a', text: 'Capulet' },
          { id: 'b', text: 'Demetrius' },
          { id: 'c', text: 'Lysander' },
          { id: 'd', text: 'Prospero' },
        ],
        targets: [
          { id: 'r1', text: "A Midsummer-Night's Dream", matchMax: 4 },
          { id: 'r2', text: 'Romeo and Juliet', matchMax: 4 },
          { id: 'r3', text: 'The Tempest', matchMax: 4 },
        ],
        answerKey: {
          type: 'match',
          correct: [
            { source: 'a', target: 'r2' },
            { source: 'b', target: 'r1' },
            { source: 'c', target: 'r1' },
            { source: 'd', target: 'r3' },
          ],
          mapping: {
            entries: [
              { response: 'a r2', points: 1 },
              { response: 'b r1', points: 0.5 },
              { response: 'c r1', points: 0.5 },
              { response: 'd r3', points: 1 },
            ],
            defaultValue: 0,
            lowerBound: 0,
          },
        },
        marks: 3,
      });
      expect(match.options.every((o) => o.matchMax === undefined)).toBe(true);

      // Order (Grand Prix of Bahrain): the drivers in the finishing order, shown in each learner's own order.
      const podium = [
        { id: 'a', text: 'Michael Schumacher' },
        { id: 'b', text: 'Rubens Barrichello' },
        { id: 'c', text: 'Jenson Button' },
      ];
      const orderPrompt =
        '<p>The following F1 drivers finished on the podium in the first ever Grand Prix of Bahrain. Can you rearrange them into the correct finishing order?</p>';
      expect(flat(order.prompt)).toBe(orderPrompt);
      expect(order).toMatchObject({
        shuffle: true,
        options: podium,
        answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
        marks: 1,
      });
      expect(order.options.some((o) => o.fixed)).toBe(false);
      // Scored by its own response processing: the right order's 2 are the marks, the 1 for another order is noted.
      expect(flat(orderPartial.prompt)).toBe(orderPrompt);
      expect(orderPartial).toMatchObject({
        shuffle: true,
        options: podium,
        answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
        marks: 2,
      });

      // Select point (Where is Edinburgh?): the 206 px map shown at 196, so the key's circle is in the stored pixels.
      expect(flat(selectPoint.prompt)).toBe('<p>Mark Edinburgh on this map of the United Kingdom.</p>');
      expect(selectPoint).toMatchObject({
        imageUrl: image,
        imageAlt: 'UK Map',
        imageWidth: 206,
        imageHeight: 280,
        options: [],
        answerKey: {
          type: 'select_point',
          areas: [{ id: 'a', area: { shape: 'circle', x: 107.204, y: 113, r: 16.408 } }],
        },
        marks: 1,
      });
      expect(selectPoint.answerKey).not.toHaveProperty('mapping');
      await stored(selectPoint.imageUrl, real('ims-qti21-interactions/images/uk.png'));
    });

    it('exported and imported again, each is the same question; the pictures to place still want their names', async () => {
      expect(await roundTrip(got.m, got.questions)).toEqual([
        {
          path: 'items/item-0002.xml',
          message:
            'Item “item-0002”: 6 labels are pictures without a name (the item calls them “a”, “b”, “c” …): name them in the editor for learners who use a screen reader',
        },
      ]);
    });
  });

  describe('1EdTech’s QTI 3.0 examples', () => {
    let got: Imported;
    beforeAll(async () => {
      got = await imported(realDir('qti30-examples'), { imported: 7, drafts: 0, refused: 1 });
    });

    it('each is imported as what it asks: an SVG map drawn as a PNG at the size the item shows it, an area past its edge cut back', async () => {
      const { body, questions } = got;
      expect(body.notes).toEqual([
        not(
          'QTI3-graphic-order.xml',
          `Item “QTI3-graphic-order”: ${noType('Putting places on a picture in order', 'qti-graphic-order-interaction')}`,
        ),
        {
          path: 'QTI3-hotspot.xml',
          message:
            'Item “QTI3-hotspot”: Areas without a name were called “Area A”, “Area B”, “Area C” …: name them in the editor for learners who use a screen reader',
        },
        {
          path: 'QTI3-hotspot.xml',
          message:
            'Item “QTI3-hotspot”: The SVG picture “images/map_cape_cod.svg” was stored as a PNG of 700 × 550 pixels',
        },
        {
          path: 'QTI3-hotspot.xml',
          message: 'Item “QTI3-hotspot”: The area “R” reached past the edge of the picture and was cut back to it',
        },
        {
          path: 'graphic-gap-match-item1.xml',
          message:
            'Item “graphic-gap-match-item1”: Places without a name were called “Place 1”, “Place 2”, “Place 3”: name them in the editor for learners who use a screen reader',
        },
      ]);
      expect(questions.map((q) => q.type)).toEqual([
        'hotspot',
        'inline_choice',
        'match',
        'order',
        'gap_match',
        'graphic_gap_match',
        'select_point',
      ]);
      const [hotspot, inlineChoice, match, order, gapMatch, graphicGapMatch, selectPoint] = questions as [
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
        Listed,
      ];

      // Hotspot (Cape Cod lighthouses): the SVG drawn at 700 × 550, so the circles stay as written; Race Point's circle
      // reached 11 px above the map and is made smaller about its centre.
      expect(flat(hotspot.prompt)).toBe(
        '<p>The picture illustrates four of the most popular lighthouses on outer Cape Cod, Massachusetts: Chatham Lighthouse, Highland Lighthouse, Nauset Lighthouse, and Race Point Lighthouse.</p><p>Which one is Highland Lighthouse?</p>',
      );
      expect(hotspot).toMatchObject({
        imageUrl: image,
        imageAlt: 'a map of Cape Cod Massachusetts with 4 lighthouse icons distributed on the outer Cape',
        imageWidth: 700,
        imageHeight: 550,
        maxChoices: 1,
        options: [
          { id: 'a', text: 'Area A', area: { shape: 'circle', x: 418, y: 29, r: 29 } },
          { id: 'b', text: 'Area B', area: { shape: 'circle', x: 546, y: 56, r: 40 } },
          { id: 'c', text: 'Area C', area: { shape: 'circle', x: 596, y: 182, r: 40 } },
          { id: 'd', text: 'Area D', area: { shape: 'circle', x: 598, y: 316, r: 40 } },
        ],
        answerKey: { type: 'hotspot', correct: ['b'] },
        marks: 1,
      });
      const map = await sharp(await stored(hotspot.imageUrl)).metadata();
      expect([map.format, map.width, map.height]).toEqual(['png', 700, 550]);

      expect(inlineChoice).toMatchObject({
        shuffle: false,
        gapText:
          "Now is the winter of our discontent\nMade glorious summer by this sun of {{g1}};\nAnd all the clouds that lour'd upon our house\nIn the deep bosom of the ocean buried.",
        options: [
          { id: 'a', text: 'Gloucester' },
          { id: 'b', text: 'Lancaster' },
          { id: 'c', text: 'York' },
        ],
        answerKey: { type: 'inline_choice', correct: 'c' },
        marks: 1,
      });
      // QTI's default is the order as written: no shuffle attribute, no shuffle.
      expect(match).toMatchObject({
        shuffle: false,
        options: [
          { id: 'a', text: 'Capulet' },
          { id: 'b', text: 'Demetrius' },
          { id: 'c', text: 'Lysander' },
          { id: 'd', text: 'Prospero' },
        ],
        targets: [
          { id: 'r1', text: "A Midsummer-Night's Dream", matchMax: 4 },
          { id: 'r2', text: 'Romeo and Juliet', matchMax: 4 },
          { id: 'r3', text: 'The Tempest', matchMax: 4 },
        ],
        answerKey: {
          type: 'match',
          correct: [
            { source: 'a', target: 'r2' },
            { source: 'b', target: 'r1' },
            { source: 'c', target: 'r1' },
            { source: 'd', target: 'r3' },
          ],
          mapping: { entries: expect.arrayContaining([{ response: 'b r1', points: 0.5 }]), defaultValue: 0 },
        },
        marks: 3,
      });
      // A prompt of its own paragraphs (QTI 3.0) stays a block after the item's text.
      expect(flat(order.prompt)).toBe(
        '<p>The following F1 drivers finished on the podium in the first ever Grand Prix of Bahrain.</p><div><p>Rearrange them into the correct finishing order.</p></div>',
      );
      expect(order).toMatchObject({
        shuffle: true,
        options: [
          { id: 'a', text: 'Michael Schumacher' },
          { id: 'b', text: 'Rubens Barrichello' },
          { id: 'c', text: 'Jenson Button' },
        ],
        answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
        marks: 1,
      });
      expect(gapMatch).toMatchObject({
        shuffle: false,
        gapText:
          "Now is the {{g1}} of our discontent\nMade glorious {{g2}} by this sun of York;\nAnd all the clouds that lour'd upon our house\nIn the deep bosom of the ocean buried.",
        options: [
          { id: 'a', text: 'winter' },
          { id: 'b', text: 'spring' },
          { id: 'c', text: 'summer' },
          { id: 'd', text: 'autumn' },
        ],
        answerKey: {
          type: 'gap_match',
          correct: [
            { source: 'a', target: 'g1' },
            { source: 'c', target: 'g2' },
          ],
          mapping: { defaultValue: -1, lowerBound: 0 },
        },
        marks: 3,
      });
      // Picture labels named by their alternative text; the places keep their rectangles.
      expect(graphicGapMatch).toMatchObject({
        shuffle: false,
        imageAlt: 'Outline map of the United Kingdom',
        imageWidth: 305,
        imageHeight: 390,
        options: ['CBG', 'EBG', 'EDI', 'GLA', 'MAN', 'MCH'].map((code, i) => ({
          id: 'abcdef'[i],
          text: `The initials ${code}`,
          imageUrl: image,
        })),
        targets: [
          { id: 'p1', text: 'Place 1', area: { shape: 'rect', x: 11, y: 122, w: 53, h: 29 } },
          { id: 'p2', text: 'Place 2', area: { shape: 'rect', x: 187, y: 105, w: 53, h: 29 } },
          { id: 'p3', text: 'Place 3', area: { shape: 'rect', x: 91, y: 206, w: 53, h: 29 } },
        ],
        answerKey: {
          type: 'graphic_gap_match',
          correct: [
            { source: 'd', target: 'p1' },
            { source: 'c', target: 'p2' },
            { source: 'e', target: 'p3' },
          ],
          mapping: { defaultValue: -1, lowerBound: 0 },
        },
        marks: 3,
      });
      await stored(graphicGapMatch.imageUrl, real('qti30-examples/images/ukairtags2024.png'));
      for (const [i, code] of ['cbg', 'ebg', 'edi', 'gla', 'man', 'mch'].entries())
        await stored(graphicGapMatch.options[i]!.imageUrl, real(`qti30-examples/images/${code}.png`));
      // Shown at its own size: the key's circle as written.
      expect(selectPoint).toMatchObject({
        imageAlt: 'A map of the United Kingdom',
        imageWidth: 196,
        imageHeight: 280,
        answerKey: { type: 'select_point', areas: [{ id: 'a', area: { shape: 'circle', x: 93, y: 111, r: 16 } }] },
        marks: 1,
      });
      await stored(selectPoint.imageUrl, real('qti30-examples/images/uk_green.png'));
    });

    it('exported and imported again, each is the same question, without a note', async () => {
      expect(await roundTrip(got.m, got.questions)).toEqual([]);
    });
  });

  describe('what a mature importer takes besides', () => {
    it('a GIF map, areas named by aria-label, and an area mostly off the picture refused', async () => {
      const hotspot = real('ims-qti21-interactions/hotspot.xml').toString('utf8');
      const gif = await sharp(real('ims-qti21-interactions/images/ukair.png')).gif().toBuffer();
      const named = hotspot
        .replace('type="image/png"', 'type="image/gif"')
        .replace('images/ukair.png', 'images/ukair.gif')
        .replace(/identifier="([A-D])"\/>/g, 'identifier="$1" aria-label="Airport $1"/>');
      // Glasgow's circle moved so that most of it lies beyond the map's right edge.
      const off = hotspot
        .replace('coords="77,115,8"', 'coords="210,115,8"')
        .replace('identifier="hotspot"', 'identifier="off"');
      const m = await newModule();
      const res = await upload(
        m,
        await zipOf('', {
          'a-hotspot.xml': named,
          'b-off.xml': off,
          'images/ukair.gif': gif,
          'images/ukair.png': real('ims-qti21-interactions/images/ukair.png'),
        }),
        'variants.zip',
      );
      const body = (await res.json()) as ImportAnswer;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ imported: 1, refused: 1 });
      expect(body.notes).toEqual([
        not('b-off.xml', 'Item “off”: This area reaches outside the picture: draw it within the picture'),
      ]);
      const [q] = await questionsOf(m);
      expect(q).toMatchObject({
        type: 'hotspot',
        imageWidth: 206,
        imageHeight: 280,
        options: ['A', 'B', 'C', 'D'].map((l) => ({ text: `Airport ${l}` })),
        answerKey: { type: 'hotspot', correct: ['a'] },
      });
      // A GIF is kept as a PNG of its first frame: the same pixels.
      const bytes = await stored(q!.imageUrl);
      expect((await sharp(bytes).metadata()).format).toBe('png');
      expect(await samePixels(bytes, gif)).toBe(true);
    });
  });
});
