import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombXlsx } from '../../platform/spreadsheet/test-files.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { readItem } from './qti-read.js';
import { decodeXml, resolvePath } from './qti-xml.js';

let server: TestServer;
let demo: DemoIds;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  admin = (await server.signIn('admin')).accessToken.token;
});
afterAll(() => server?.close());

const newModule = async () =>
  (
    await server.api('POST', '/question-module/v-rest/', {
      token: admin,
      body: { olympiadId: demo.geoDemo, title: 'QTI' },
    })
  ).body.module.id as number;
function upload(moduleId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${server.url}/question/v-rest/import-qti?questionModuleId=${moduleId}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
}

describe('QTI 3.0', () => {
  it('round trip: export a module as a package, import it into another, same questions (numeric left out)', async () => {
    const m = await newModule();
    const add = (body: object) =>
      server.api('POST', '/question/v-rest/', { token: admin, body: { questionModuleId: m, marks: 2, ...body } });
    await add({
      type: 'single',
      prompt: '<p>Largest <strong>province</strong>?</p>',
      options: [
        { id: 'a', text: 'Northern Cape' },
        { id: 'b', text: 'Gauteng & co' },
      ],
      answerKey: { type: 'single', correct: 'a' },
    });
    await add({
      type: 'multiple',
      prompt: '<p>Neighbours?</p>',
      options: [
        { id: 'a', text: 'Namibia' },
        { id: 'b', text: 'Kenya' },
        { id: 'c', text: 'Botswana' },
      ],
      answerKey: { type: 'multiple', correct: ['a', 'c'] },
    });
    await add({
      type: 'true_false',
      prompt: '<p>Cape Town is on the Atlantic.</p>',
      answerKey: { type: 'true_false', correct: false },
    });
    await add({
      type: 'short_text',
      prompt: '<p>Capital of Lesotho?</p>',
      answerKey: { type: 'short_text', accepted: ['Maseru', 'Maseru City'] },
    });
    await add({ type: 'numeric', prompt: '<p>Height?</p>', answerKey: { type: 'numeric', value: 1085, tolerance: 5 } });

    const res = await fetch(`${server.url}/question/v-rest/export-qti?questionModuleId=${m}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-olympus-left-out')).toBe('1');
    const zipBytes = Buffer.from(await res.arrayBuffer());
    const zip = await JSZip.loadAsync(zipBytes);
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['imsmanifest.xml', 'items/item-0001.xml']));
    const first = await zip.file('items/item-0001.xml')!.async('string');
    expect(first).toContain('xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"');
    expect(first).toContain('<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"');

    const m2 = await newModule();
    const imported = await upload(m2, zipBytes, 'package.zip');
    expect(imported.status).toBe(200);
    const strip = (
      items: Array<{ type: string; prompt: string; options: unknown; answerKey: unknown; marks: number }>,
    ) =>
      items.map((q) => ({
        type: q.type,
        prompt: q.prompt,
        options: q.options,
        answerKey: q.answerKey,
        marks: q.marks,
      }));
    const before = (
      await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin })
    ).body.items.filter((q: { type: string }) => q.type !== 'numeric');
    const after = (await server.api('GET', `/question/v-rest/?questionModuleId=${m2}`, { token: admin })).body.items;
    expect(strip(after)).toEqual(strip(before));
  });

  it('refuses items outside the subset, all or nothing', async () => {
    const m = await newModule();
    const numeric = `<?xml version="1.0"?><qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="n1">
      <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"><qti-correct-response><qti-value>3.5</qti-value></qti-correct-response></qti-response-declaration>
      <qti-item-body><p>How much?</p><qti-text-entry-interaction response-identifier="RESPONSE"/></qti-item-body></qti-assessment-item>`;
    const res = await upload(m, Buffer.from(numeric), 'numeric.xml');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: Array<{ path: string }> }).details[0]!.path).toBe('item.xml');
    expect((await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin })).body.total).toBe(0);
  });
});

/** A fixture folder as the zip another tool would hand over. */
const fixtures = path.join(import.meta.dirname, 'fixtures', 'qti');
async function zipOf(dir: string, extra: Record<string, string> = {}): Promise<Buffer> {
  const zip = new JSZip();
  const base = path.join(fixtures, dir);
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else zip.file(path.relative(base, p).split(path.sep).join('/'), readFileSync(p));
    }
  };
  if (dir) walk(base);
  for (const [name, text] of Object.entries(extra)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
interface Listed {
  id: number;
  type: string;
  prompt: string;
  options: Array<{ id: string; text: string; imageUrl: string | null }>;
  answerKey: unknown;
  marks: number;
  verified: boolean;
}
const questionsOf = async (moduleId: number) =>
  (await server.api('GET', `/question/v-rest/?questionModuleId=${moduleId}`, { token: admin })).body.items as Listed[];
type ImportAnswer = {
  imported: number;
  drafts: number;
  notes: Array<{ path: string; message: string }>;
  message: string;
  details: Array<{ path: string; message: string }>;
  code?: string;
};

describe('QTI written by other tools', () => {
  it('imports the IMS QTI 2.1 samples (choice with its picture, choice_multiple, text_entry) from a plain zip', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('ims-qti21'), 'ims-samples.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 3, drafts: 0 });
    expect(body.notes).toContainEqual({
      path: 'text_entry.xml',
      message: 'Item “textEntry”: Answers worth part of the marks were left out: “york”',
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
    expect(Buffer.from(await image.arrayBuffer())).toEqual(fixture('ims-qti21/images/sign.png'));

    expect(multiple).toMatchObject({
      type: 'multiple',
      prompt: '<p>Which of the following elements are used to form water?</p>',
      answerKey: { type: 'multiple', correct: ['a', 'd'] },
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

  it('names every item that cannot be imported (file, item, reason) and stores nothing', async () => {
    const m = await newModule();
    const res = await upload(m, await zipOf('refused'), 'mixed.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status).toBe(400);
    expect(body.message).toBe('4 of 4 items cannot be imported; nothing was imported');
    expect(body.details).toEqual([
      {
        path: 'broken.xml',
        message: 'The file is not well-formed XML (Opening and ending tag mismatch: "p" != "itemBody")',
      },
      {
        path: 'numeric.xml',
        message:
          'Item “height”: Text entry with base type “float” is not imported (numeric answers with a tolerance are not in the subset)',
      },
      {
        path: 'order.xml',
        message: 'Item “order”: <orderInteraction> is not imported; only choice and text-entry items are',
      },
      { path: 'wrong-response.xml', message: 'Item “mismatch”: No response declaration for “RESPONSE_2”' },
    ]);

    // A manifest that names a file the package lacks, next to a good item: all or nothing.
    const manifest = `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="m">
      <resources>
        <resource identifier="a" type="imsqti_item_xmlv2p1" href="choice_multiple.xml"/>
        <resource identifier="b" type="imsqti_item_xmlv2p1" href="items/missing.xml"/>
      </resources></manifest>`;
    const zipped = await zipOf('', {
      'imsmanifest.xml': manifest,
      'choice_multiple.xml': fixture('ims-qti21/choice_multiple.xml').toString('utf8'),
    });
    const partial = await upload(m, zipped, 'partial.zip');
    expect(partial.status).toBe(400);
    expect(((await partial.json()) as ImportAnswer).details).toEqual([
      { path: 'items/missing.xml', message: 'The manifest names this item, but the package does not hold it' },
    ]);

    // A single item file whose picture is not with it.
    const alone = await upload(m, fixture('ims-qti21/choice.xml'), 'choice.xml');
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as ImportAnswer).details).toEqual([
      { path: 'item.xml', message: 'Item “choice”: the image “images/sign.png” is not in the package' },
    ]);
    expect(await questionsOf(m)).toEqual([]);
  });
});

describe('QTI packages that would inflate without bound', () => {
  it('a ~400 KB zip that inflates to 400 MB answers 413, whether its headers tell the truth or lie, and stores nothing', async () => {
    const m = await newModule();
    for (const lie of [false, true]) {
      const started = Date.now();
      const res = await upload(m, bombXlsx(400, lie), 'bomb.zip');
      expect(res.status).toBe(413);
      expect(((await res.json()) as ImportAnswer).code).toBe('payload_too_large');
      expect(Date.now() - started).toBeLessThan(30_000);
    }
    expect(await questionsOf(m)).toEqual([]);
  });
});

describe('reading QTI files', () => {
  const item = (prompt: string) => `<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="x">
    <responseDeclaration identifier="R" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration>
    <itemBody><p>${prompt}</p><choiceInteraction responseIdentifier="R" maxChoices="1">
      <simpleChoice identifier="A">Oui</simpleChoice><simpleChoice identifier="B">Non</simpleChoice></choiceInteraction></itemBody>
    </assessmentItem>`;

  it('honours the declared encoding and byte-order marks', () => {
    const latin1 = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${item('Caf\u00e9 ?')}`, 'latin1');
    expect(readItem(decodeXml(latin1), 'a.xml').item!.build(() => '').prompt).toContain('<p>Café ?</p>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(item('Ĳssel'), 'utf16le')]);
    expect(readItem(decodeXml(utf16), 'a.xml').item!.build(() => '').prompt).toContain('<p>Ĳssel</p>');
  });

  it('expands no DOCTYPE entities: external entities and entity bombs are refused as not well-formed', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]>${item('&e;')}`;
    expect(readItem(xxe, 'xxe.xml').error).toBe('The file is not well-formed XML (entity not found:&e;)');
    const bomb = `<!DOCTYPE a [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${item('&b;')}`;
    expect(readItem(bomb, 'bomb.xml').error).toMatch(/^The file is not well-formed XML/);
  });

  it('prompts: paragraphs inside a QTI 3.0 prompt stay paragraphs; a text entry among blocks leaves no blank', () => {
    const ns = 'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"';
    const choice = `<qti-assessment-item ${ns} identifier="c"><qti-response-declaration identifier="R" cardinality="single" base-type="identifier"/>
      <qti-item-body><qti-choice-interaction response-identifier="R" max-choices="1"><qti-prompt><p>One</p><p>Two</p></qti-prompt>
      <qti-simple-choice identifier="A">a</qti-simple-choice><qti-simple-choice identifier="B">b</qti-simple-choice></qti-choice-interaction></qti-item-body></qti-assessment-item>`;
    expect(readItem(choice, 'c.xml').item!.build(() => '')).toMatchObject({
      prompt: '<p>One</p><p>Two</p>',
      answerKey: null,
    });
    const text = `<qti-assessment-item ${ns} identifier="t"><qti-response-declaration identifier="R" cardinality="single" base-type="string"/>
      <qti-item-body><div><p>Capital?</p><qti-text-entry-interaction response-identifier="R"/></div></qti-item-body></qti-assessment-item>`;
    expect(readItem(text, 't.xml').item!.build(() => '').prompt).toBe('<p>Capital?</p>');
  });

  it('resolves package paths relative to the file that names them, never outside the package', () => {
    expect(resolvePath('items/i1/qti.xml', 'assets/map%20big.png')).toBe('items/i1/assets/map big.png');
    expect(resolvePath('items/i1/qti.xml', '../shared/a.png')).toBe('items/shared/a.png');
    expect(resolvePath('qti.xml', '../../etc/passwd')).toBeNull();
    expect(resolvePath('qti.xml', '/etc/passwd')).toBeNull();
    expect(resolvePath('qti.xml', 'data:image/png;base64,AAAA')).toBeNull();
  });
});
