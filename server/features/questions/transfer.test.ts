import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  admin = (await server.signIn('admin')).accessToken.token;
  const other = await createOlympiad(server.db, { varName: 'other-olympiad' });
  const o = await createUser(server.db, { role: 'admin', username: 'other-admin', password: 'olympus-demo' });
  await grant(server.db, o.id, other.id, 'admin');
  otherAdmin = (await server.signIn('other-admin')).accessToken.token;
});
afterAll(() => server?.close());

async function newModule() {
  const res = await server.api('POST', '/question-module/v-rest/', {
    token: admin,
    body: { olympiadId: demo.geoDemo, title: 'Imported' },
  });
  return res.body.module.id as number;
}
const count = async (moduleId: number) =>
  Number(
    (await server.query<{ n: number }>`select count(*)::int as n from questions where module_id = ${moduleId}`)[0]!.n,
  );

function upload(token: string | null, moduleId: number, bytes: Buffer | Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${server.url}/question/v-rest/import?questionModuleId=${moduleId}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

const header =
  'type,prompt,option_a,option_b,option_c,option_d,option_e,option_f,correct,tolerance,marks,difficulty,image_url,image_alt';

describe('import and export', () => {
  it('401/404 and a file that is not a spreadsheet', async () => {
    const m = await newModule();
    expect((await upload(null, m, Buffer.from(header), 'q.csv')).status).toBe(401);
    expect((await upload(otherAdmin, m, Buffer.from(header), 'q.csv')).status).toBe(404);
    expect((await upload(admin, m, Buffer.from([0, 1, 2, 3]), 'q.bin')).status).toBe(415);
    expect(
      (await server.api('GET', `/question/v-rest/export?questionModuleId=${m}`, { token: otherAdmin })).status,
    ).toBe(404);
  });

  it('imports a real xlsx written by exceljs (every type)', async () => {
    const m = await newModule();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(header.split(','));
    ws.addRow(['single', 'Largest province?', 'Northern Cape', 'Gauteng', '', '', '', '', 'a', '', 1, 'easy']);
    ws.addRow(['multiple', 'Neighbours?', 'Namibia', 'Kenya', 'Botswana', '', '', '', 'a;c', '', 2, 'medium']);
    ws.addRow(['true_false', 'Cape Town is on the Atlantic.', '', '', '', '', '', '', 'TRUE', '', 1, '']);
    ws.addRow(['numeric', 'Table Mountain height (m)?', '', '', '', '', '', '', 1085, 5, 2, 'hard']);
    ws.addRow(['short_text', 'Capital of Lesotho?', '', '', '', '', '', '', 'Maseru|Maseru City', '', 1, '']);
    const res = await upload(admin, m, Buffer.from(await wb.xlsx.writeBuffer()), 'questions.xlsx');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { imported: number }).imported).toBe(5);
    const list = await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin });
    expect(list.body.items.map((q: { answerKey: unknown }) => q.answerKey)).toEqual([
      { type: 'single', correct: 'a' },
      { type: 'multiple', correct: ['a', 'c'] },
      { type: 'true_false', correct: true },
      { type: 'numeric', value: 1085, tolerance: 5 },
      { type: 'short_text', accepted: ['Maseru', 'Maseru City'] },
    ]);
    // export → import round trip (xlsx and csv)
    for (const format of ['xlsx', 'csv']) {
      const exported = await fetch(`${server.url}/question/v-rest/export?questionModuleId=${m}&format=${format}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(exported.status).toBe(200);
      const bytes = Buffer.from(await exported.arrayBuffer());
      if (format === 'xlsx') {
        // Marks and a tolerance are number cells, not digits as text.
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(bytes as unknown as ArrayBuffer);
        const ws = book.worksheets[0]!;
        const col = (name: string) => (ws.getRow(1).values as unknown[]).indexOf(name);
        expect(ws.getRow(2).getCell(col('marks')).type).toBe(ExcelJS.ValueType.Number);
        expect(ws.getRow(2).getCell(col('marks')).value).toBe(1);
        expect(ws.getRow(5).getCell(col('tolerance')).value).toBe(5);
      }
      const m2 = await newModule();
      const again = await upload(admin, m2, bytes, `export.${format}`);
      expect(again.status).toBe(200);
      const copy = await server.api('GET', `/question/v-rest/?questionModuleId=${m2}`, { token: admin });
      expect(
        copy.body.items.map((q: { prompt: string; answerKey: unknown; options: unknown }) => [
          q.prompt,
          q.answerKey,
          q.options,
        ]),
      ).toEqual(
        list.body.items.map((q: { prompt: string; answerKey: unknown; options: unknown }) => [
          q.prompt,
          q.answerKey,
          q.options,
        ]),
      );
    }
  });

  it('exports formula-like cells as text in csv, and reads them back as they were', async () => {
    const m = await newModule();
    const csv = [
      header,
      'single,=1+1 is?,=2,@SUM(A1),+27 12 345,-x,,,a,,1,',
      'numeric,Below zero?,,,,,,,-5,0.5,1,',
      'short_text,A sign?,,,,,,,-|+|=,,1,',
    ].join('\n');
    expect((await upload(admin, m, Buffer.from(csv), 'formulas.csv')).status).toBe(200);
    const list = await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin });
    const exported = await fetch(`${server.url}/question/v-rest/export?questionModuleId=${m}&format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const text = await exported.text();
    expect(text).toContain(`single,'=1+1 is?,'=2,'@SUM(A1),'+27 12 345,'-x,`);
    // A plain number is only ever that number: left as it is.
    expect(text).toContain(`numeric,Below zero?${','.repeat(21)}-5,0.5,1,`);
    const m2 = await newModule();
    expect((await upload(admin, m2, Buffer.from(text), 'again.csv')).status).toBe(200);
    const copy = await server.api('GET', `/question/v-rest/?questionModuleId=${m2}`, { token: admin });
    const view = (items: Array<{ prompt: string; answerKey: unknown; options: unknown }>) =>
      items.map((q) => [q.prompt, q.answerKey, q.options]);
    expect(view(copy.body.items)).toEqual(view(list.body.items));
    expect(list.body.items[0].prompt).toBe('=1+1 is?');
  });

  it('reads a csv with a UTF-8 byte-order mark and one in Windows-1252', async () => {
    const m = await newModule();
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${header}\nsingle,Wat is die hoofstad van Namibië?,Windhoek,Walvisbaai,,,,,a,,1,\n`, 'utf8'),
    ]);
    expect((await upload(admin, m, bom, 'bom.csv')).status).toBe(200);
    const latin = Buffer.from(
      `${header}\nshort_text,Naam die rivier by Upington?,,,,,,,Oranjerivier|Gariep,,1,\nsingle,Caf\xe9 or th\xe9?,caf\xe9,th\xe9,,,,,a,,1,\n`,
      'latin1',
    );
    expect((await upload(admin, m, latin, 'win1252.csv')).status).toBe(200);
    const list = await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin });
    expect(list.body.items.map((q: { prompt: string }) => q.prompt)).toEqual([
      'Wat is die hoofstad van Namibië?',
      'Naam die rivier by Upington?',
      'Café or thé?',
    ]);
    expect(list.body.items[2].options[0].text).toBe('café');
  });

  it('reports every bad row and imports nothing', async () => {
    const m = await newModule();
    const csv = `${header}\nsingle,Good?,yes,no,,,,,a,,1,\nsingle,Bad key?,yes,no,,,,,z,,1,\nfruit,What?,,,,,,,a,,1,\nnumeric,How many?,,,,,,,lots,,1,\n`;
    const res = await upload(admin, m, Buffer.from(csv), 'bad.csv');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; details: Array<{ path: string }> };
    expect(body.message).toContain('3 of 4 rows');
    expect(body.details.map((d) => d.path.split(':')[0])).toEqual(['row 3', 'row 4', 'row 5']);
    expect(await count(m)).toBe(0);
  });

  it('imports 5,000 rows at once', async () => {
    const m = await newModule();
    const lines = [header];
    for (let i = 0; i < 5000; i++) lines.push(`single,Question ${i + 1}?,A${i},B${i},C${i},,,,b,,1,medium`);
    const started = Date.now();
    const res = await upload(admin, m, Buffer.from(lines.join('\r\n')), 'big.csv');
    expect(res.status).toBe(200);
    expect(await count(m)).toBe(5000);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('serves the template in both formats', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await fetch(`${server.url}/question/v-rest/template?format=${format}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      const m = await newModule();
      expect((await upload(admin, m, Buffer.from(await res.arrayBuffer()), `template.${format}`)).status).toBe(200);
      expect(await count(m)).toBe(9);
    }
  });
});

describe('the seven interactions in the spreadsheet', () => {
  const circle = (x: number, y: number, r = 10) => ({ shape: 'circle', x, y, r });
  async function mapUrl() {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#cde' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'map.png');
    const res = await fetch(`${server.url}/question/image?olympiadId=${demo.geoDemo}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    return ((await res.json()) as { url: string }).url;
  }

  it('exports and imports every type, with shuffle and fixed, the picture measured again', async () => {
    const url = await mapUrl();
    const picture = { imageUrl: url, imageAlt: 'A map', imageWidth: 400, imageHeight: 300 };
    const bodies = [
      {
        type: 'single',
        prompt: 'Largest province?',
        shuffle: true,
        options: [
          { id: 'a', text: 'Northern Cape', imageUrl: null },
          { id: 'b', text: 'Gauteng', imageUrl: null },
          { id: 'c', text: 'All of them', imageUrl: null, fixed: true },
        ],
        answerKey: { type: 'single', correct: 'a' },
      },
      {
        type: 'hotspot',
        prompt: 'Where is Polokwane?',
        ...picture,
        maxChoices: 2,
        options: [
          { id: 'a', text: 'North', imageUrl: null, area: circle(300, 40) },
          { id: 'b', text: 'Centre', imageUrl: null, area: { shape: 'rect', x: 150, y: 100, w: 50, h: 40 } },
          {
            id: 'c',
            text: 'South',
            imageUrl: null,
            area: {
              shape: 'poly',
              points: [
                [10, 290],
                [60, 290],
                [30, 250],
              ],
            },
          },
        ],
        answerKey: { type: 'hotspot', correct: ['a', 'b'] },
      },
      {
        type: 'select_point',
        prompt: 'Click on Cape Town.',
        ...picture,
        answerKey: { type: 'select_point', areas: [{ id: 'k1', area: circle(40, 280, 15) }] },
      },
      {
        type: 'graphic_gap_match',
        prompt: 'Put the oceans in their places.',
        ...picture,
        shuffle: false,
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
        gapText: 'The {{g1}} flows into the {{g2}}.',
        options: [
          { id: 'a', text: 'Orange', imageUrl: null, fixed: true },
          { id: 'b', text: 'Atlantic', imageUrl: null },
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
        },
      },
      {
        type: 'order',
        prompt: 'North to south.',
        options: [
          { id: 'a', text: 'Limpopo', imageUrl: null },
          { id: 'b', text: 'Gauteng', imageUrl: null },
        ],
        answerKey: { type: 'order', correct: ['b', 'a'] },
      },
      {
        type: 'match',
        prompt: 'Capitals.',
        options: [
          { id: 'a', text: 'Limpopo', imageUrl: null },
          { id: 'b', text: 'Gauteng', imageUrl: null },
        ],
        targets: [
          { id: 'x1', text: 'Polokwane', imageUrl: null },
          { id: 'x2', text: 'Johannesburg', imageUrl: null },
        ],
        answerKey: {
          type: 'match',
          correct: [
            { source: 'a', target: 'x1' },
            { source: 'b', target: 'x2' },
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
    const m = await newModule();
    for (const body of bodies) {
      const res = await server.api('POST', '/question/v-rest/', {
        token: admin,
        body: { questionModuleId: m, ...body },
      });
      expect(res.status, res.text).toBe(200);
    }
    type Q = Record<string, unknown>;
    const view = (items: Q[]) =>
      items.map((q) => [
        q.type,
        q.prompt,
        q.options,
        q.targets,
        q.gapText,
        q.maxChoices,
        q.shuffle,
        q.answerKey,
        q.imageUrl,
        q.imageWidth,
        q.imageHeight,
      ]);
    const list = await server.api('GET', `/question/v-rest/?questionModuleId=${m}`, { token: admin });
    for (const format of ['csv', 'xlsx']) {
      const exported = await fetch(`${server.url}/question/v-rest/export?questionModuleId=${m}&format=${format}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(exported.status).toBe(200);
      const m2 = await newModule();
      const again = await upload(admin, m2, Buffer.from(await exported.arrayBuffer()), `export.${format}`);
      expect(again.status, await again.clone().text()).toBe(200);
      const copy = await server.api('GET', `/question/v-rest/?questionModuleId=${m2}`, { token: admin });
      expect(view(copy.body.items)).toEqual(view(list.body.items));
    }
  });

  it('a picture type names the rows whose picture cannot be measured or whose areas are missing', async () => {
    const cols = [
      'type',
      'prompt',
      'option_a',
      'option_b',
      'correct',
      'image_url',
      'image_alt',
      'areas',
      'targets',
      'shuffle',
    ];
    const csv = [
      cols.join(','),
      'hotspot,Where?,North,South,a,https://example.org/map.png,A map,"{""a"":{""shape"":""circle"",""x"":5,""y"":5,""r"":2}}",,',
      'select_point,Where?,,,k1,,,,,',
      'match,Pair them,A,B,a r1;b r2,,,,"r1: One\nr2: Two",maybe',
    ].join('\n');
    const m = await newModule();
    const res = await upload(admin, m, Buffer.from(csv), 'pictures.csv');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details: Array<{ path: string; message: string }> };
    expect(body.details).toEqual([
      { path: 'row 2: image_url', message: 'Use a picture uploaded to Olympus, so that its size can be read' },
      { path: 'row 3: areas', message: 'Give the area of k1 in the areas column' },
      { path: 'row 4: shuffle', message: 'Use yes or no' },
    ]);
    expect(await count(m)).toBe(0);
  });
});
