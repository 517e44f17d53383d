import JSZip from 'jszip';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { childrenNamed, descendants, elementsOf, keyOf, parseXml, resolvePath } from './qti-xml.js';
import {
  type ImportAnswer,
  type Listed,
  admin,
  demo,
  newModule,
  questionsOf,
  server,
  upload,
  useQtiServer,
  zipOf,
} from './qti-testing.js';

useQtiServer();

let otherAdmin: string;
beforeAll(async () => {
  const other = await createOlympiad(server.db, { varName: 'qti-other-olympiad' });
  const o = await createUser(server.db, { role: 'admin', username: 'qti-other-admin', password: 'olympus-demo' });
  await grant(server.db, o.id, other.id, 'admin');
  otherAdmin = (await server.signIn('qti-other-admin')).accessToken.token;
});

/** A small picture of one colour, uploaded as the editor uploads question images; its address. */
async function picture(r: number, g: number, b: number): Promise<string> {
  const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r, g, b } } })
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
const exportOf = (moduleId: number, token: string | null = admin) =>
  fetch(`${server.url}/question/v-rest/export-qti?questionModuleId=${moduleId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const srcs = (html: string) => [...html.matchAll(/<img [^>]*?src="([^"]+)"/g)].map((m) => m[1]!);

describe('QTI both ways: a self-contained export that Olympus re-imports unchanged', () => {
  it('every type with a prompt picture, a question picture and option pictures, field by field and pixel by pixel', async () => {
    const m = await newModule();
    const [inPrompt, ofQuestion, red, green, blue] = await Promise.all([
      picture(200, 30, 30),
      picture(30, 200, 30),
      picture(250, 0, 0),
      picture(0, 250, 0),
      picture(0, 0, 250),
    ]);
    const withPictures = (text: string) => ({
      prompt: `<p>${text}</p><p><img src="${inPrompt}" alt="A map of the region"></p>`,
      imageUrl: ofQuestion,
      imageAlt: 'A photograph of the coast',
    });
    const bodies = [
      {
        type: 'single',
        ...withPictures('Which flag is Lesotho’s?'),
        marks: 2,
        options: [
          { id: 'a', text: 'The red one', imageUrl: red },
          { id: 'b', text: 'The green one', imageUrl: green },
          { id: 'c', text: 'None of these', imageUrl: null, fixed: true },
        ],
        answerKey: { type: 'single', correct: 'b' },
      },
      {
        type: 'multiple',
        ...withPictures('Which colours are in the flag of South Africa?'),
        shuffle: false,
        options: [
          { id: 'a', text: '', imageUrl: red },
          { id: 'b', text: '', imageUrl: green },
          { id: 'c', text: '', imageUrl: blue },
        ],
        answerKey: { type: 'multiple', correct: ['a', 'b', 'c'] },
        marks: 3,
      },
      {
        type: 'true_false',
        ...withPictures('The coast faces west.'),
        answerKey: { type: 'true_false', correct: true },
      },
      {
        type: 'numeric',
        ...withPictures('How long is the coast, in km?'),
        answerKey: { type: 'numeric', value: 2798.5, tolerance: 10 },
        marks: 4,
      },
      {
        type: 'short_text',
        ...withPictures('Name the ocean.'),
        answerKey: { type: 'short_text', accepted: ['Atlantic', 'Atlantic Ocean'] },
      },
    ];
    for (const body of bodies) {
      const res = await server.api('POST', '/question/v-rest/', {
        token: admin,
        body: { questionModuleId: m, ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const res = await exportOf(m);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-olympus-left-out')).toBe('0');
    const bytes = Buffer.from(await res.arrayBuffer());
    const zip = await JSZip.loadAsync(bytes);
    const files = Object.keys(zip.files).filter((f) => !zip.files[f]!.dir);

    // The manifest lists each item with every file it needs, and every listed file is in the package.
    const manifest = parseXml(await zip.file('imsmanifest.xml')!.async('string')).doc!.documentElement!;
    const resources = descendants(manifest, (e) => keyOf(e) === 'resource');
    expect(resources).toHaveLength(5);
    const listed = new Set<string>(['imsmanifest.xml']);
    for (const r of resources) {
      expect(r.getAttribute('type')).toBe('imsqti_item_xmlv3p0');
      const href = r.getAttribute('href')!;
      const own = childrenNamed(r, 'file').map((f) => f.getAttribute('href')!);
      for (const f of own) listed.add(f);
      expect(own[0]).toBe(href);
      const xml = await zip.file(href)!.async('string');
      const item = parseXml(xml).doc!.documentElement!;
      expect(item.namespaceURI).toBe('http://www.imsglobal.org/xsd/imsqtiasi_v3p0');
      expect(item.localName).toBe('qti-assessment-item');
      // No QTI 3.0 schema is to be had from the npm registry, so the structure the schema asks for is checked here:
      // the item's parts in the schema's order, every element in the QTI namespace.
      expect(
        elementsOf(item)
          .map((e) => e.localName)
          .join(' '),
      ).toMatch(/^(qti-response-declaration )+(qti-outcome-declaration )+qti-item-body qti-response-processing$/);
      expect(descendants(item, (e) => e.namespaceURI !== item.namespaceURI)).toEqual([]);
      // Nothing points at the server: every picture is a relative address of a file the resource lists.
      expect(xml).not.toContain('/question/image/');
      const pictures = descendants(item, (e) => keyOf(e) === 'img').map((i) =>
        resolvePath(href, i.getAttribute('src')!),
      );
      expect(pictures.length).toBeGreaterThanOrEqual(2);
      for (const p of pictures) {
        expect(p).not.toBeNull();
        expect(own).toContain(p);
      }
      expect(new Set(own.slice(1))).toEqual(new Set(pictures));
    }
    expect(new Set(files)).toEqual(listed);
    // Each picture once, however many items show it.
    expect(files.filter((f) => f.startsWith('items/images/'))).toHaveLength(5);

    const first = await zip.file('items/item-0001.xml')!.async('string');
    expect(first).toContain('shuffle="true"');
    expect(first).toContain('<qti-simple-choice identifier="c" fixed="true">None of these</qti-simple-choice>');
    expect(await zip.file('items/item-0002.xml')!.async('string')).toContain('shuffle="false"');
    expect(await zip.file('items/item-0004.xml')!.async('string')).toContain(
      '<qti-equal tolerance-mode="absolute" tolerance="10">',
    );

    const m2 = await newModule();
    const imported = await upload(m2, bytes, `module-${m}-qti3.zip`);
    const answer = (await imported.json()) as ImportAnswer;
    expect(imported.status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({ imported: 5, drafts: 0, refused: 0, notes: [] });

    const before = await questionsOf(m);
    const after = await questionsOf(m2);
    const fields = (q: Listed) => ({
      type: q.type,
      prompt: q.prompt.replace(/src="[^"]+"/g, 'src=""'),
      imageAlt: q.imageAlt,
      hasImage: q.imageUrl != null,
      shuffle: q.shuffle,
      options: q.options.map((o) => ({
        id: o.id,
        text: o.text,
        fixed: o.fixed ?? false,
        hasImage: o.imageUrl != null,
      })),
      answerKey: q.answerKey,
      marks: q.marks,
    });
    expect(after.map(fields)).toEqual(before.map(fields));
    expect(before.map((q) => q.shuffle)).toEqual([true, false, true, true, true]);
    for (const [i, q] of before.entries()) {
      const again = after[i]!;
      expect(await pixels(again.imageUrl!)).toEqual(await pixels(q.imageUrl!));
      const [was, is] = [srcs(q.prompt), srcs(again.prompt)];
      expect(is).toHaveLength(was.length);
      for (const [k, src] of was.entries()) expect(await pixels(is[k]!)).toEqual(await pixels(src));
      for (const [k, o] of q.options.entries())
        if (o.imageUrl) expect(await pixels(again.options[k]!.imageUrl!)).toEqual(await pixels(o.imageUrl));
    }
    // Stored as the question's own picture and the options' own, not folded into the prompt.
    expect(after[0]!.imageUrl).toMatch(/^\/question\/image\/\d+\/[0-9a-f]{32}$/);
    expect(after[1]!.options.every((o) => /^\/question\/image\//.test(o.imageUrl ?? ''))).toBe(true);
  });

  it('a picture the server no longer holds keeps its address; the re-import names that item and imports the rest', async () => {
    const m = await newModule();
    const add = (prompt: string) =>
      server.api('POST', '/question/v-rest/', {
        token: admin,
        body: {
          questionModuleId: m,
          type: 'true_false',
          prompt,
          answerKey: { type: 'true_false', correct: true },
        },
      });
    expect((await add('<p>Durban is on the coast.</p>')).status).toBe(200);
    const gone = '/question/image/999999/0123456789abcdef0123456789abcdef';
    expect((await add(`<p>This is Durban.</p><p><img src="${gone}" alt="Durban"></p>`)).status).toBe(200);
    // A draft (no correct answer yet) is left out of the package, and counted.
    const draft = await server.api('POST', '/question/v-rest/', {
      token: admin,
      body: { questionModuleId: m, type: 'true_false', prompt: '<p>Draft.</p>' },
    });
    expect(draft.status).toBe(200);
    const exported = await exportOf(m);
    expect(exported.headers.get('x-olympus-left-out')).toBe('1');
    const bytes = Buffer.from(await exported.arrayBuffer());
    const m2 = await newModule();
    const res = await upload(m2, bytes, 'package.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ imported: 1, refused: 1 });
    expect(body.notes).toEqual([
      {
        path: 'items/item-0002.xml',
        message: `Not imported: Item “item-0002”: The image “${gone}” is not a file in the package`,
      },
    ]);
  });
});

describe('items whose itemBody has no text of its own', () => {
  const v21 = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="p21" title="Provinces" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>B</value></correctResponse></responseDeclaration>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody>${body}</itemBody>
  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
</assessmentItem>`;
  const v30 = (id: string, declaration: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${id}" title="${id}" adaptive="false" time-dependent="false">
  ${declaration}
  <qti-item-body>${body}</qti-item-body>
</qti-assessment-item>`;

  it('imports the question from the interaction’s own prompt, or with the options alone asking it; refuses a text entry with nothing to ask', async () => {
    const m = await newModule();
    const package_ = await zipOf('', {
      // QTI 2.1: the whole question in the interaction's <prompt>, the itemBody itself empty.
      'a-prompt-21.xml': v21(`
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="true" maxChoices="1">
      <prompt>Which province is the largest?</prompt>
      <simpleChoice identifier="A">Gauteng</simpleChoice>
      <simpleChoice identifier="B">Northern Cape</simpleChoice>
    </choiceInteraction>`),
      // QTI 2.2: an empty paragraph and no prompt: the options are the statements to choose from.
      'b-statements-22.xml': v21(`<p></p>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
      <simpleChoice identifier="A">The Orange River flows into the Indian Ocean.</simpleChoice>
      <simpleChoice identifier="B">The Orange River flows into the Atlantic Ocean.</simpleChoice>
    </choiceInteraction>`)
        .replace('imsqti_v2p1', 'imsqti_v2p2')
        .replace('identifier="p21"', 'identifier="p22"'),
      // QTI 3.0: an empty <qti-prompt/>, options only, one kept in place while the others are shuffled.
      'c-options-30.xml': v30(
        'o30',
        '<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="identifier"><qti-correct-response><qti-value>A</qti-value><qti-value>C</qti-value></qti-correct-response></qti-response-declaration>',
        `<div><qti-choice-interaction response-identifier="RESPONSE" shuffle="true" max-choices="0"><qti-prompt/>
          <qti-simple-choice identifier="A">Limpopo is a province.</qti-simple-choice>
          <qti-simple-choice identifier="B">Durban is a province.</qti-simple-choice>
          <qti-simple-choice identifier="C">Gauteng is a province.</qti-simple-choice>
          <qti-simple-choice identifier="D" fixed="true">None of the above</qti-simple-choice>
        </qti-choice-interaction></div>`,
      ),
      // QTI 3.0 text entry with nothing around it: valid XML, but nothing asks the learner anything.
      'd-text-30.xml': v30(
        't30',
        '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"><qti-correct-response><qti-value>Maseru</qti-value></qti-correct-response></qti-response-declaration>',
        '<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>',
      ),
    });
    const res = await upload(m, package_, 'empty-bodies.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 3, refused: 1 });
    expect(body.notes).toEqual([
      { path: 'd-text-30.xml', message: 'Not imported: Item “t30”: the item has no question text' },
    ]);
    const [prompted, statements, options] = await questionsOf(m);
    expect(prompted).toMatchObject({
      type: 'single',
      prompt: '<p>Which province is the largest?</p>',
      shuffle: true,
      answerKey: { type: 'single', correct: 'b' },
    });
    expect(statements).toMatchObject({
      type: 'single',
      prompt: '',
      shuffle: false,
      options: [
        { id: 'a', text: 'The Orange River flows into the Indian Ocean.' },
        { id: 'b', text: 'The Orange River flows into the Atlantic Ocean.' },
      ],
    });
    expect(options).toMatchObject({
      type: 'multiple',
      prompt: '',
      shuffle: true,
      answerKey: { type: 'multiple', correct: ['a', 'c'] },
    });
    expect(options!.options.map((o) => o.fixed ?? false)).toEqual([false, false, false, true]);

    // The export writes them back the same way: no prompt block, the interaction's settings kept.
    const zip = await JSZip.loadAsync(Buffer.from(await (await exportOf(m)).arrayBuffer()));
    const third = await zip.file('items/item-0003.xml')!.async('string');
    expect(third).not.toContain('olympus-prompt');
    expect(third).toContain('<qti-simple-choice identifier="d" fixed="true">None of the above</qti-simple-choice>');
  });

  it('the editor takes the same rule: a choice question without prompt text, but not a true/false one', async () => {
    const m = await newModule();
    const choice = await server.api('POST', '/question/v-rest/', {
      token: admin,
      body: {
        questionModuleId: m,
        type: 'single',
        prompt: '<p> </p>',
        options: [
          { id: 'a', text: 'Pretoria is the seat of government.' },
          { id: 'b', text: 'Pretoria is the seat of parliament.' },
        ],
        answerKey: { type: 'single', correct: 'a' },
      },
    });
    expect(choice.status, JSON.stringify(choice.body)).toBe(200);
    // The olympiad check names it by its place alone, without an empty quotation.
    const blockers = (await server.api('GET', `/olympiad/verify/${demo.geoDemo}`, { token: admin })).body
      .blockers as Array<{ questionId: number | null; message: string }>;
    const named = blockers.filter((b) => b.questionId === choice.body.question.id).map((b) => b.message);
    // geo-demo is bilingual, so the question also lacks its Afrikaans version; neither message quotes the prompt.
    expect(named.sort()).toEqual([
      expect.stringMatching(/^Module \d+, question 1 has no Afrikaans version$/),
      expect.stringMatching(/^Module \d+, question 1 is not verified$/),
    ]);
    const statement = await server.api('POST', '/question/v-rest/', {
      token: admin,
      body: { questionModuleId: m, type: 'true_false', prompt: '', answerKey: { type: 'true_false', correct: true } },
    });
    expect(statement.status).toBe(400);
    expect(statement.body.details).toContainEqual({ path: 'body.prompt', message: 'Write the question' });
    expect((await questionsOf(m)).map((q) => q.type)).toEqual(['single']);
  });
});

describe('shuffle and fixed in the editor', () => {
  it('a question stores its shuffle setting and its options their fixed place, and keeps them on a change', async () => {
    const m = await newModule();
    const created = await server.api('POST', '/question/v-rest/', {
      token: admin,
      body: {
        questionModuleId: m,
        type: 'single',
        prompt: '<p>Which is a river?</p>',
        shuffle: false,
        options: [
          { id: 'a', text: 'Vaal' },
          { id: 'b', text: 'Drakensberg' },
          { id: 'c', text: 'All of the above', fixed: true },
        ],
        answerKey: { type: 'single', correct: 'a' },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.question).toMatchObject({ shuffle: false });
    const [row] = await server.query<{ shuffle: boolean; options: Array<{ id: string; fixed?: boolean }> }>`
      select shuffle, options from questions where id = ${created.body.question.id}`;
    expect(row!.shuffle).toBe(false);
    // Stored only where it is true, so the options of every other question stay as they were.
    expect(row!.options.map((o) => o.fixed)).toEqual([undefined, undefined, true]);

    const q = created.body.question;
    const put = await server.api('PUT', `/question/v-rest/${q.id}`, {
      token: admin,
      body: { type: q.type, prompt: q.prompt, options: q.options, answerKey: q.answerKey, shuffle: true },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.question).toMatchObject({ shuffle: true, options: [{}, {}, { fixed: true }] });
  });
});

describe('who may import and export QTI', () => {
  it('401 without a token, 403 for a teacher and an accountant, 404 for another olympiad’s admin with nothing changed', async () => {
    const m = await newModule();
    await server.api('POST', '/question/v-rest/', {
      token: admin,
      body: {
        questionModuleId: m,
        type: 'true_false',
        prompt: '<p>Yes?</p>',
        answerKey: { type: 'true_false', correct: true },
      },
    });
    const good = await zipOf('ims-qti21');
    const as = async (token: string | null) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(good)]), 'p.zip');
      const imported = await fetch(`${server.url}/question/v-rest/import-qti?questionModuleId=${m}`, {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return [imported.status, (await exportOf(m, token)).status];
    };
    const teacher = (await server.signIn('teacher')).accessToken.token;
    const accountant = (await server.signIn('accountant')).accessToken.token;
    expect(await as(null)).toEqual([401, 401]);
    expect(await as(teacher)).toEqual([403, 403]);
    expect(await as(accountant)).toEqual([403, 403]);
    expect(await as(otherAdmin)).toEqual([404, 404]);
    expect((await questionsOf(m)).map((q) => q.prompt)).toEqual(['<p>Yes?</p>']);

    // Bad input is a clear 400 in the one error shape, never a 500.
    const junk = await upload(m, Buffer.from('PK\u0003\u0004 not really a zip'), 'junk.zip');
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    expect(await questionsOf(m)).toHaveLength(1);
  });
});
