import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { bombXlsx } from '../../platform/spreadsheet/test-files.js';

import { readItem } from './qti-item.js';
import { decodeXml, resolvePath } from './qti-xml.js';

import { type ImportAnswer, admin, newModule, questionsOf, server, upload, useQtiServer } from './qti-testing.js';

useQtiServer();

describe('QTI 3.0', () => {
  it('round trip: export a module as a package, import it into another, same questions (all five types)', async () => {
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
    expect(res.headers.get('x-olympus-left-out')).toBe('0');
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
    const before = (await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin })).body.items;
    const after = (await server.api('GET', `/question/v-rest/?questionModuleId=${m2}`, { token: admin })).body.items;
    expect(strip(after)).toEqual(strip(before));
  });

  it('refuses a single item outside the subset with its reason, and stores nothing', async () => {
    const m = await newModule();
    const relative = `<?xml version="1.0"?><qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="n1">
      <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"><qti-correct-response><qti-value>3.5</qti-value></qti-correct-response></qti-response-declaration>
      <qti-item-body><p>How much?</p><qti-text-entry-interaction response-identifier="RESPONSE"/></qti-item-body>
      <qti-response-processing><qti-response-condition><qti-response-if><qti-equal tolerance-mode="relative" tolerance="5">
        <qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>
      </qti-response-if></qti-response-condition></qti-response-processing></qti-assessment-item>`;
    const res = await upload(m, Buffer.from(relative), 'numeric.xml');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: Array<{ path: string; message: string }> }).details).toEqual([
      { path: 'item.xml', message: 'Item “n1”: A relative tolerance is not imported; only an absolute one is' },
    ]);
    expect((await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin })).body.total).toBe(0);
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
