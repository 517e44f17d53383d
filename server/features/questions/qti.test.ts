import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

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
