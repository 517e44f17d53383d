import JSZip from 'jszip';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { itemXml } from './qti-write.js';
import { childrenNamed, descendants, keyOf, parseXml, resolvePath } from './qti-xml.js';
import {
  type ImportAnswer,
  type Listed,
  admin,
  demo,
  newModule,
  qtiStructureProblems,
  questionsOf,
  server,
  upload,
  useQtiServer,
} from './qti-testing.js';

useQtiServer();

/** A picture of one colour with a darker square in it, uploaded as the editor uploads question images. */
async function picture(width: number, height: number, r: number, g: number, b: number): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: { create: { width: 8, height: 8, channels: 3, background: { r: r / 2, g: g / 2, b: b / 2 } } },
        left: 4,
        top: 4,
      },
    ])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'picture.png');
  const res = await fetch(`${server.url}/question/image?olympiadId=${demo.geoDemo}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}
const pixels = async (url: string) =>
  sharp(Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer()))
    .ensureAlpha()
    .raw()
    .toBuffer();

/** Everything a question is, its pictures as whether they are there (their pixels are compared apart). */
const fields = (q: Listed) => {
  const strip = <T extends { imageUrl: string | null }>({ imageUrl, ...rest }: T) => ({
    ...rest,
    hasImage: imageUrl != null,
  });
  return {
    type: q.type,
    prompt: q.prompt,
    imageAlt: q.imageAlt,
    hasImage: q.imageUrl != null,
    imageWidth: q.imageWidth,
    imageHeight: q.imageHeight,
    shuffle: q.shuffle,
    options: q.options.map(strip),
    targets: q.targets.map(strip),
    gapText: q.gapText,
    maxChoices: q.maxChoices,
    answerKey: q.answerKey,
    marks: q.marks,
  };
};

describe('QTI both ways: the seven interactions of decision 084', () => {
  it('every new type with its pictures exports as valid QTI 3.0 and comes back the same, field by field and pixel by pixel', async () => {
    const m = await newModule();
    const [map, coast, red, blue] = await Promise.all([
      picture(240, 160, 120, 200, 120),
      picture(300, 200, 90, 140, 220),
      picture(40, 20, 250, 0, 0),
      picture(40, 20, 0, 0, 250),
    ]);
    // The browser sends the size it read; the server measures the picture again and keeps its own figures.
    const onMap = { imageUrl: map, imageAlt: 'A map of the coast with three bays', imageWidth: 240, imageHeight: 160 };
    const bodies = [
      {
        type: 'hotspot',
        prompt: '<p>Choose the two natural harbours.</p>',
        ...onMap,
        maxChoices: 2,
        marks: 2,
        options: [
          { id: 'a', text: 'The northern bay', area: { shape: 'circle', x: 60, y: 50, r: 20 } },
          { id: 'b', text: 'The southern bay', area: { shape: 'rect', x: 150, y: 100, w: 40.5, h: 30 } },
          {
            id: 'c',
            text: 'The cliffs',
            area: {
              shape: 'poly',
              points: [
                [200, 10],
                [235, 10],
                [235, 60],
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
            defaultValue: 0,
            lowerBound: 0,
            upperBound: 2,
          },
        },
      },
      {
        type: 'select_point',
        prompt: '<p>Click where it is safest to land.</p>',
        ...onMap,
        marks: 2,
        answerKey: {
          type: 'select_point',
          areas: [
            { id: 'a', area: { shape: 'circle', x: 60, y: 50, r: 25 } },
            { id: 'b', area: { shape: 'rect', x: 150, y: 90, w: 60, h: 60 } },
          ],
          mapping: {
            entries: [
              { response: 'a', points: 2 },
              { response: 'b', points: 1 },
            ],
            defaultValue: 0,
            lowerBound: 0,
            upperBound: null,
          },
        },
      },
      {
        type: 'select_point',
        prompt: '<p>Click on the island.</p>',
        imageUrl: coast,
        imageAlt: 'A coast with an island',
        imageWidth: 300,
        imageHeight: 200,
        answerKey: {
          type: 'select_point',
          areas: [
            {
              id: 'a',
              area: {
                shape: 'poly',
                points: [
                  [100, 100],
                  [140, 90],
                  [160, 130],
                  [110, 150],
                ],
              },
            },
          ],
        },
      },
      {
        type: 'graphic_gap_match',
        prompt: '<p>Label the coast.</p>',
        ...onMap,
        shuffle: true,
        marks: 3,
        options: [
          { id: 'a', text: 'Harbour', fixed: true },
          { id: 'b', text: 'Lighthouse', imageUrl: red },
          { id: 'c', text: 'Bay', matchMax: 0 },
        ],
        targets: [
          { id: 'p1', text: 'North', area: { shape: 'circle', x: 60, y: 50, r: 20 } },
          { id: 'p2', text: 'South', area: { shape: 'rect', x: 150, y: 100, w: 40, h: 30 }, matchMax: 2 },
        ],
        answerKey: {
          type: 'graphic_gap_match',
          correct: [
            { source: 'a', target: 'p1' },
            { source: 'c', target: 'p2' },
            { source: 'b', target: 'p2' },
          ],
        },
      },
      {
        type: 'gap_match',
        prompt: '<p>Complete the text about the Orange River.</p>',
        shuffle: false,
        marks: 2,
        gapText: 'The Orange River flows {{g1}} into the Atlantic Ocean.\nIt is long.\n\nIts source is in {{g2}}.',
        options: [
          { id: 'a', text: 'west' },
          { id: 'b', text: 'east' },
          { id: 'c', text: 'Lesotho' },
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
              { response: 'c g2', points: 1 },
              { response: 'b g1', points: -1 },
            ],
            defaultValue: 0,
            lowerBound: 0,
            upperBound: null,
          },
        },
      },
      {
        type: 'order',
        prompt: '<p>Put the rivers in order, the longest first.</p>',
        options: [
          { id: 'a', text: 'Orange', imageUrl: blue },
          { id: 'b', text: 'Limpopo' },
          { id: 'c', text: 'Vaal' },
        ],
        answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
      },
      {
        type: 'match',
        prompt: '<p>Match each landform with what describes it.</p>',
        shuffle: true,
        marks: 3,
        options: [
          { id: 'a', text: 'Dune' },
          { id: 'b', text: 'Mesa', matchMax: 2 },
        ],
        targets: [
          { id: 'r1', text: 'Made of sand' },
          { id: 'r2', text: 'A flat top', fixed: true },
          { id: 'r3', text: 'Steep sides', imageUrl: red },
        ],
        answerKey: {
          type: 'match',
          correct: [
            { source: 'a', target: 'r1' },
            { source: 'b', target: 'r2' },
            { source: 'b', target: 'r3' },
          ],
        },
      },
      {
        type: 'inline_choice',
        prompt: '<p>Choose the word that completes the sentence.</p>',
        imageUrl: coast,
        imageAlt: 'Table Mountain under cloud',
        shuffle: true,
        gapText: 'Cape Town has a {{g1}} climate.\n\nIt rains most in winter.',
        options: [
          { id: 'a', text: 'Mediterranean' },
          { id: 'b', text: 'desert' },
          { id: 'c', text: 'none of these', fixed: true },
        ],
        answerKey: { type: 'inline_choice', correct: 'a' },
      },
    ];
    for (const body of bodies) {
      const res = await server.api('POST', '/question/v-rest/', {
        token: admin,
        body: { questionModuleId: m, ...body },
      });
      expect(res.status, `${body.type}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const before = await questionsOf(m);
    // The server measured the pictures: their areas are in these pixels, and the export writes them so.
    expect(before.map((q) => [q.imageWidth, q.imageHeight])).toEqual([
      [240, 160],
      [240, 160],
      [300, 200],
      [240, 160],
      [null, null],
      [null, null],
      [null, null],
      [300, 200],
    ]);

    const res = await fetch(`${server.url}/question/v-rest/export-qti?questionModuleId=${m}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-olympus-left-out')).toBe('0');
    const bytes = Buffer.from(await res.arrayBuffer());
    const zip = await JSZip.loadAsync(bytes);
    const manifest = parseXml(await zip.file('imsmanifest.xml')!.async('string')).doc!.documentElement!;
    const resources = descendants(manifest, (e) => keyOf(e) === 'resource');
    expect(resources).toHaveLength(bodies.length);
    const interactions: string[] = [];
    const templates: string[] = [];
    for (const r of resources) {
      const href = r.getAttribute('href')!;
      const own = childrenNamed(r, 'file').map((f) => f.getAttribute('href')!);
      const xml = await zip.file(href)!.async('string');
      const item = parseXml(xml).doc!.documentElement!;
      expect(qtiStructureProblems(item), href).toEqual([]);
      interactions.push(descendants(item, (e) => keyOf(e).endsWith('interaction'))[0]!.localName!);
      templates.push(
        (descendants(item, (e) => keyOf(e) === 'responseprocessing')[0]!.getAttribute('template') ?? '')
          .split('/')
          .pop()!,
      );
      // Self-contained: every picture a file of the package that the manifest lists with its item.
      expect(xml).not.toContain('/question/image/');
      for (const img of descendants(item, (e) => keyOf(e) === 'img')) {
        const path = resolvePath(href, img.getAttribute('src')!);
        expect(own).toContain(path);
        expect(zip.file(path!)).not.toBeNull();
      }
    }
    expect(interactions).toEqual([
      'qti-hotspot-interaction',
      'qti-select-point-interaction',
      'qti-select-point-interaction',
      'qti-graphic-gap-match-interaction',
      'qti-gap-match-interaction',
      'qti-order-interaction',
      'qti-match-interaction',
      'qti-inline-choice-interaction',
    ]);
    // Scored as the key says: its points by the mapping (or the area mapping), else all or nothing.
    expect(templates).toEqual([
      'map_response.xml',
      'map_response_point.xml',
      'map_response_point.xml',
      'match_correct.xml',
      'map_response.xml',
      'match_correct.xml',
      'match_correct.xml',
      'match_correct.xml',
    ]);
    const file = (n: number) => zip.file(`items/item-000${n}.xml`)!.async('string');
    expect(await file(1)).toContain(
      '<qti-hotspot-choice identifier="b" shape="rect" coords="150,100,190.5,130" hotspot-label="The southern bay"/>',
    );
    expect(await file(1)).toContain('width="240" height="160"/>');
    expect(await file(2)).toContain(
      '<qti-area-mapping default-value="0" lower-bound="0"><qti-area-map-entry shape="circle" coords="60,50,25" mapped-value="2"/>',
    );
    // Without points, each key area is worth the marks and the score is capped at them: all or nothing.
    expect(await file(3)).toContain('<qti-area-mapping default-value="0" lower-bound="0" upper-bound="1">');
    expect(await file(4)).toContain('<qti-value>a p1</qti-value>');
    expect(await file(5)).toContain(
      '<p>The Orange River flows <qti-gap identifier="g1"/> into the Atlantic Ocean.<br/>It is long.</p><p>Its source is in <qti-gap identifier="g2"/>.</p>',
    );
    expect(await file(5)).toContain('<qti-map-entry map-key="b g1" mapped-value="-1"/>');
    expect(await file(6)).toContain('cardinality="ordered"');
    expect(await file(8)).toMatch(
      /<div class="olympus-question-image"><img src="images\/[^"]+" alt="Table Mountain under cloud"\/><\/div>/,
    );
    expect(await file(8)).toContain('<p>Cape Town has a <qti-inline-choice-interaction');

    const m2 = await newModule();
    const imported = await upload(m2, bytes, `module-${m}-qti3.zip`);
    const answer = (await imported.json()) as ImportAnswer;
    expect(imported.status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({ imported: bodies.length, drafts: 0, refused: 0, notes: [] });
    const after = await questionsOf(m2);
    expect(after.map(fields)).toEqual(before.map(fields));
    for (const [i, q] of before.entries()) {
      const again = after[i]!;
      if (q.imageUrl) expect(await pixels(again.imageUrl!), `picture of ${q.type}`).toEqual(await pixels(q.imageUrl));
      for (const [list, was] of [
        [again.options, q.options],
        [again.targets, q.targets],
      ] as const)
        for (const [k, o] of was.entries())
          if (o.imageUrl) expect(await pixels(list[k]!.imageUrl!)).toEqual(await pixels(o.imageUrl));
    }
  });

  it('the structure check finds what the schema forbids, so a passing export means something', () => {
    const base = {
      type: 'hotspot' as const,
      prompt: '',
      imageUrl: 'map.png',
      imageAlt: 'A map',
      imageWidth: 100,
      imageHeight: 100,
      shuffle: false,
      maxChoices: 1,
      marks: 1,
      options: [
        { id: 'a', text: 'A', imageUrl: null, area: { shape: 'circle' as const, x: 10, y: 10, r: 5 } },
        { id: 'b', text: 'B', imageUrl: null, area: { shape: 'circle' as const, x: 50, y: 50, r: 5 } },
      ],
      answerKey: { type: 'hotspot' as const, correct: ['a'] },
    };
    const good = itemXml(base, 'good');
    expect(qtiStructureProblems(parseXml(good).doc!.documentElement!)).toEqual([]);
    const broken = good
      .replace(/<img [^>]*\/>/, '')
      .replace('coords="50,50,5"', 'coords="50,50"')
      .replace('base-type="identifier"', 'base-type="point"');
    expect(qtiStructureProblems(parseXml(broken).doc!.documentElement!)).toEqual([
      '<qti-hotspot-interaction> holds qti-hotspot-choice qti-hotspot-choice',
      '<qti-hotspot-interaction> is declared single point',
      '<qti-hotspot-choice> has coords “50,50” for a circle',
    ]);
  });
});
