import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type ImportAnswer,
  admin,
  demo,
  fixture,
  newModule,
  questionsOf,
  server,
  upload,
  useQtiServer,
  zipOf,
} from './qti-testing.js';

useQtiServer();

describe('QTI written by other tools', () => {
  it('imports the IMS QTI 2.1 samples (choice with its picture, choice_multiple, text_entry) from a plain zip', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('ims-qti21'), 'ims-samples.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 3, drafts: 0 });
    expect(body.notes).toContainEqual({
      path: 'text_entry.xml',
      message:
        'Item “textEntry”: “york” (0.5) is the same answer as “York” (1) without regard to case: its points were left out',
    });
    const [choice, multiple, text] = await questionsOf(m);
    expect(choice).toMatchObject({
      type: 'single',
      options: [
        { id: 'a', text: 'You must stay with your luggage at all times.' },
        { id: 'b', text: 'Do not let someone else look after your luggage.' },
        { id: 'c', text: 'Remember your luggage when you leave.' },
      ],
      answerKey: { type: 'single', correct: 'a' },
      marks: 1,
    });
    expect(choice!.prompt).toContain('<p>Look at the text in the picture.</p>');
    expect(choice!.prompt).toContain('<p>What does it say?</p>');
    // The picture came with the package: stored like an uploaded image and served from its own address.
    const src = /<img src="([^"]+)" alt="NEVER LEAVE LUGGAGE UNATTENDED"/.exec(choice!.prompt)?.[1];
    expect(src).toMatch(/^\/question\/image\/\d+\/[0-9a-f]{32}$/);
    const image = await fetch(`${server.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // Kept re-encoded (decision 067): the same pixels, not necessarily the same bytes.
    const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer();
    expect(await pixels(Buffer.from(await image.arrayBuffer()))).toEqual(
      await pixels(fixture('ims-qti21/images/sign.png')),
    );

    expect(multiple).toMatchObject({
      type: 'multiple',
      prompt: '<p>Which of the following elements are used to form water?</p>',
      // Its mapping comes with it: Chlorine costs a mark, any other wrong element two, never below 0.
      answerKey: {
        type: 'multiple',
        correct: ['a', 'd'],
        mapping: {
          entries: [
            { response: 'a', points: 1 },
            { response: 'd', points: 1 },
            { response: 'f', points: -1 },
          ],
          defaultValue: -2,
          lowerBound: 0,
          upperBound: 2,
        },
      },
      marks: 2,
    });
    expect(multiple!.options.map((o) => o.text)).toEqual([
      'Hydrogen',
      'Helium',
      'Carbon',
      'Oxygen',
      'Nitrogen',
      'Chlorine',
    ]);
    expect(text).toMatchObject({ type: 'short_text', answerKey: { type: 'short_text', accepted: ['York'] }, marks: 1 });
    expect(text!.prompt).toContain('Made glorious summer by this sun of _____;');
    expect(text!.prompt).toContain('<blockquote>');
  });

  it('QTI 3.0 with a namespace prefix, its own response identifier, CDATA and XHTML (sanitised) in the prompt', async () => {
    const m = await newModule();
    const res = await upload(m, fixture('qti30/choice-prefixed.xml'), 'choice.xml');
    expect(res.status, await res.clone().text()).toBe(200);
    const [q] = await questionsOf(m);
    expect(q).toMatchObject({
      type: 'single',
      options: [
        { id: 'a', text: 'Limpopo' },
        { id: 'b', text: 'Orange' },
        { id: 'c', text: 'Vaal' },
      ],
      answerKey: { type: 'single', correct: 'b' },
      marks: 3,
    });
    expect(q!.prompt).toContain('Which river forms the border between <em>South Africa</em> and Namibia?');
    expect(q!.prompt).toContain('(R &lt; 5 km wide)');
    expect(q!.prompt).not.toMatch(/javascript|onclick|Correct!/);
  });

  it('an item without a correct response (self-closing declaration) is a draft that blocks the olympiad check until it has a key', async () => {
    const m = await newModule();
    const res = await upload(m, fixture('qti30/text-entry-keyless.xml'), 'capital.xml');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 1, drafts: 1 });
    expect(body.message).toContain('1 have no correct answer yet');
    const [q] = await questionsOf(m);
    expect(q).toMatchObject({
      type: 'short_text',
      prompt: '<p>What is the capital of Lesotho?</p>',
      answerKey: null,
      verified: false,
    });
    const blockersOf = async () =>
      (await server.api('GET', `/olympiad/verify/${demo.geoDemo}`, { token: admin })).body.blockers as Array<{
        kind: string;
        message: string;
        questionId: number | null;
      }>;
    const blocker = (await blockersOf()).find((b) => b.questionId === q!.id && b.kind === 'question_without_answer');
    expect(blocker?.message).toMatch(/“What is the capital of Lesotho\?”\) has no correct answer$/);

    const put = await server.api('PUT', `/question/v-rest/${q!.id}`, {
      token: admin,
      body: {
        type: 'short_text',
        prompt: q!.prompt,
        answerKey: { type: 'short_text', accepted: ['Maseru'] },
      },
    });
    expect(put.status).toBe(200);
    expect((await blockersOf()).some((b) => b.questionId === q!.id && b.kind === 'question_without_answer')).toBe(
      false,
    );
  });

  it('a TAO-style QTI 2.2 package: follows the manifest, item folders with assets, the test skipped', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('tao-qti22'), 'tao-export.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 3, drafts: 1 });
    expect(body.notes).toEqual([
      {
        path: 'items/i3/qti.xml',
        message: 'Item “i5f1e2d3c4b5a63” has no correct response: imported as a draft that needs its key',
      },
    ]);
    const [provinces, peak, oceans] = await questionsOf(m);
    expect(provinces).toMatchObject({
      type: 'multiple',
      answerKey: { type: 'multiple', correct: ['a', 'c'] },
      marks: 2,
    });
    expect(provinces!.prompt).toMatch(
      /^<p>Study the map\.<\/p>\s*<p><img src="\/question\/image\/\d+\/[0-9a-f]{32}" alt="A map of South Africa" width="300"><\/p>\s*<p>Which provinces have a coastline\?<\/p>$/,
    );
    expect(peak).toMatchObject({
      type: 'short_text',
      prompt: '<p>The highest peak in South Africa is _____.</p>',
      answerKey: { type: 'short_text', accepted: ['Mafadi', 'Mount Mafadi'] },
    });
    expect(oceans).toMatchObject({
      type: 'single',
      prompt: '<p>Which ocean lies east of South Africa?</p>',
      options: [
        { id: 'a', text: 'Atlantic' },
        { id: 'b', text: 'Indian' },
      ],
      answerKey: null,
    });
  });

  it('imports item by item: the good items are stored, each refused one is named (file, item, reason) in the notes', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('refused'), 'mixed.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    // The number item (exact, no tolerance) is good; the three others cannot be imported and hold nothing back.
    expect(body).toMatchObject({ imported: 1, drafts: 0, refused: 3 });
    expect(body.message).toBe('1 question was imported; 3 items were not imported (see the notes)');
    expect(body.notes).toEqual([
      {
        path: 'broken.xml',
        message: 'Not imported: The file is not well-formed XML (Opening and ending tag mismatch: "p" != "itemBody")',
      },
      {
        path: 'slider.xml',
        message:
          'Not imported: Item “slider”: A slider (<sliderInteraction>) is not a question type Olympus has; choice, text entry, inline choice, order, match, gap match, hotspot, select point and graphic gap match items are imported',
      },
      {
        path: 'wrong-response.xml',
        message: 'Not imported: Item “mismatch”: No response declaration for “RESPONSE_2”',
      },
    ]);
    expect(await questionsOf(m)).toMatchObject([
      {
        type: 'numeric',
        prompt: '<p>How high is Table Mountain, in metres? _____</p>',
        answerKey: { type: 'numeric', value: 1085, tolerance: 0 },
      },
    ]);
    const [audit] = await server.query<{ data: { refused: number; items: number } }>`
      select data from audit_log where action = 'question.import-qti' order by id desc limit 1`;
    expect(audit!.data).toMatchObject({ items: 1, refused: 3 });

    // A manifest that names a file the package lacks, next to a good item: the good item is imported.
    const manifest = `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="m">
      <resources>
        <resource identifier="a" type="imsqti_item_xmlv2p1" href="choice_multiple.xml"/>
        <resource identifier="b" type="imsqti_item_xmlv2p1" href="items/missing.xml"/>
      </resources></manifest>`;
    const zipped = await zipOf('', {
      'imsmanifest.xml': manifest,
      'choice_multiple.xml': fixture('ims-qti21/choice_multiple.xml').toString('utf8'),
    });
    const m2 = await newModule();
    const partial = await upload(m2, zipped, 'partial.zip');
    expect(partial.status).toBe(200);
    expect(((await partial.json()) as ImportAnswer).notes).toEqual([
      {
        path: 'items/missing.xml',
        message: 'Not imported: The manifest names this item, but the package does not hold it',
      },
    ]);
    expect((await questionsOf(m2)).map((q) => q.type)).toEqual(['multiple']);
  });

  it('a package with nothing to import is a 400 that names every item, and stores nothing', async () => {
    const m = await newModule();
    const zipped = await zipOf('', {
      'slider.xml': fixture('refused/slider.xml').toString('utf8'),
      'wrong-response.xml': fixture('refused/wrong-response.xml').toString('utf8'),
    });
    const res = await upload(m, zipped, 'refused.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status).toBe(400);
    expect(body).toMatchObject({
      code: 'validation_failed',
      message: '2 of 2 items cannot be imported; nothing was imported',
    });
    expect(body.details.map((d) => d.path)).toEqual(['slider.xml', 'wrong-response.xml']);

    // A single item file whose picture is not with it.
    const alone = await upload(m, fixture('ims-qti21/choice.xml'), 'choice.xml');
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as ImportAnswer).details).toEqual([
      { path: 'item.xml', message: 'Item “choice”: the image “images/sign.png” is not in the package' },
    ]);
    expect(await questionsOf(m)).toEqual([]);
  });
});
