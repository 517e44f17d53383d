import { deflateSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CertificateConfigAnswer, CertificateFile, type CertificateConfig } from '#contract/certificates';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import type { Client } from '../../test/harness.js';
import { pdfPagesText } from '../../test/pdf.js';
import { defaultConfig } from './config.js';
import { addResults, demo, download, other, publish, server, useCertificatesServer, waterkloof } from './testing.js';

/**
 * The designer's calls (docs/spec.md: GET and POST /olympiad/certificate-config/{id}), its files and its preview,
 * on the real server and database.
 */
useCertificatesServer();

const configRows = 'select * from certificate_configs order by olympiad_id';
const uploadRows = 'select * from uploads order by id';

/** A small PNG of one colour (what a signature or a background upload looks like to the server). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x33)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let admin: Client;
beforeAll(async () => {
  admin = await server.as('admin');
  await addResults(demo.geoDemo, waterkloof, [
    { first: 'Zoë', last: 'Müller-Nel', grade: 11, score: 48, award: 'gold', best: true },
    { first: 'Anré', last: 'du Plessis', grade: 10, score: 20, award: 'participation' },
  ]);
  await publish(demo.geoDemo, null);
});

describe('GET /olympiad/certificate-config/{id}', () => {
  const get = (id: number) => (c: Client) => c.get(`/olympiad/certificate-config/${id}`);

  it('401 without a token, 403 for teachers, learners and finance staff', async () => {
    await unauthenticated(server, get(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], get(demo.geoDemo));
  });

  it('404 for another olympiad', async () => {
    await notFoundUnchanged(server, configRows, admin, get(other.olympiadId));
  });

  it('answers the default design (landscape A4, framed) and the kinds of the award rule', async () => {
    const res = await admin.get(`/olympiad/certificate-config/${demo.geoDemo}`, { schema: CertificateConfigAnswer });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBeNull();
    // The test server's PUBLIC_URL is a public name: nothing to warn about (defaults.test.ts has a local one).
    expect(res.body.publicAddress).toEqual({ url: 'http://olympus.test', local: false });
    expect(res.body.config.default.orientation).toBe('landscape');
    expect(res.body.config.default.backgroundFileId).toBeNull();
    expect(res.body.config.default.fields.map((f) => f.kind)).toEqual(
      expect.arrayContaining(['learner', 'award', 'school', 'grade', 'date', 'signature', 'qr', 'olympiad']),
    );
    expect(res.body.kinds.map((k) => k.key)).toEqual([
      'gold',
      'silver',
      'bronze',
      'merit',
      'participation',
      'best-in-school',
    ]);
  });
});

describe('POST /olympiad/certificate-config/{id}', () => {
  const save = (id: number, config: unknown) => (c: Client) =>
    c.post(`/olympiad/certificate-config/${id}`, { body: config });
  const base = (): CertificateConfig => defaultConfig();

  it('401 without a token, 403 for teachers, learners and finance staff', async () => {
    await unauthenticated(server, save(demo.geoDemo, base()));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], save(demo.geoDemo, base()));
  });

  it('404 for another olympiad, nothing saved', async () => {
    await notFoundUnchanged(server, configRows, admin, save(other.olympiadId, base()));
  });

  it('refuses a design that does not fit, with the path of each field at fault, and saves nothing', async () => {
    const [otherFile] = await server.query<{ id: number }>`
      insert into uploads (filename, original_name, content_type, size, sha256, olympiad_id)
      values ('2026-01/other.png', 'other.png', 'image/png', 10, 'x', ${other.olympiadId}) returning id`;
    const wrong = base();
    wrong.default.fields[0] = { ...wrong.default.fields[0]!, x: 800, width: 200 };
    wrong.default.fields[1] = { ...wrong.default.fields[1]!, y: 590 };
    wrong.default.fields.push({
      kind: 'text',
      text: 'Hello {nobody}',
      x: 10,
      y: 10,
      width: 100,
      size: 12,
      font: 'sans',
      align: 'left',
      colour: '#000000',
    });
    wrong.default.backgroundFileId = otherFile!.id;
    wrong.templates = { platinum: base().default };
    const res = await expectRowsUnchanged(server, configRows, () => save(demo.geoDemo, wrong)(admin));
    expectError(res, 400);
    const paths = (res.body.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.default.fields.0.width',
        'body.default.fields.1.y',
        `body.default.fields.${wrong.default.fields.length - 1}.text`,
        'body.default.backgroundFileId',
        'body.templates.platinum',
      ]),
    );
    const shape = await save(demo.geoDemo, {
      default: { fields: [{ kind: 'learner', x: -5, y: 0, width: 10, size: 12, font: 'comic' }] },
    })(admin);
    expectError(shape, 400);
    expect((shape.body.details as { path: string }[]).map((d) => d.path)).toEqual(
      expect.arrayContaining(['body.default.fields.0.x', 'body.default.fields.0.font']),
    );
  });

  it('an admin saves a design: the row holds it, the answer and GET give it back, and it is audited', async () => {
    const config = base();
    config.default.fields = config.default.fields.map((f) =>
      f.kind === 'learner' ? { ...f, font: 'serif-bold' as const } : f,
    );
    config.templates.gold = {
      ...base().default,
      orientation: 'portrait',
      fields: [
        { kind: 'learner', x: 40, y: 300, width: 515, size: 40, font: 'script', align: 'center', colour: '#112233' },
      ],
    };
    const res = await save(demo.geoDemo, config)(admin);
    expect(res.status).toBe(200);
    expect(res.body.config).toEqual(config);
    const [row] = await server.query<{ config: CertificateConfig }>`
      select config from certificate_configs where olympiad_id = ${demo.geoDemo}`;
    expect(row!.config).toEqual(config);
    const again = await admin.get(`/olympiad/certificate-config/${demo.geoDemo}`);
    expect(again.body.config).toEqual(config);
    expect(again.body.updatedAt).toBe(res.body.updatedAt);
    const [audit] = await server.query<{ action: string }>`
      select action from audit_log where action = 'certificate-config.save' and olympiad_id = ${demo.geoDemo}`;
    expect(audit).toBeDefined();
    await save(demo.geoDemo, base())(admin);
  });
});

describe('POST and GET /olympiad/certificate-config/{id}/files', () => {
  const upload =
    (id: number, bytes: Buffer = png(300, 100), name = 'signature.png') =>
    (c: Client) =>
      c.upload(`/olympiad/certificate-config/${id}/files`, { bytes, name });

  it('401 without a token, 403 for teachers, learners and finance staff; 404 for another olympiad', async () => {
    await unauthenticated(server, upload(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], upload(demo.geoDemo));
    await notFoundUnchanged(server, uploadRows, admin, upload(other.olympiadId));
  });

  it('refuses what is not a PDF, PNG or JPEG by its content (415), and a damaged PDF (400)', async () => {
    const text = await expectRowsUnchanged(server, uploadRows, () =>
      upload(demo.geoDemo, Buffer.from('<svg></svg>'), 'logo.png')(admin),
    );
    expectError(text, 415);
    const broken = await expectRowsUnchanged(server, uploadRows, () =>
      upload(demo.geoDemo, Buffer.from('%PDF-1.7 nothing else'), 'bg.pdf')(admin),
    );
    expectError(broken, 400);
  });

  it('stores a PNG and a PDF with their size in points, and serves them back to the designer', async () => {
    const res = await upload(demo.geoDemo)(admin);
    expect(res.status).toBe(200);
    const file = CertificateFile.parse(res.body);
    expect(file).toMatchObject({ name: 'signature.png', contentType: 'image/png', width: 300, height: 100 });
    const [row] = await server.query<{ olympiad_id: number; content_type: string }>`
      select olympiad_id, content_type from uploads where id = ${file.fileId}`;
    expect(row).toEqual({ olympiad_id: demo.geoDemo, content_type: 'image/png' });
    const back = await download(admin.token, `/olympiad/certificate-config/${demo.geoDemo}/files/${file.fileId}`);
    expect(back.status).toBe(200);
    expect(back.type).toBe('image/png');
    // Kept re-encoded without metadata (decision 067): the same pixels, not necessarily the same bytes.
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(Buffer.from(back.bytes))).equals(await pixels(png(300, 100)))).toBe(true);
    expectError(await admin.get(`/olympiad/certificate-config/${other.olympiadId}/files/${file.fileId}`), 404);

    const pdf = await PDFDocument.create();
    pdf.addPage([841.89, 595.28]).drawRectangle({ x: 20, y: 20, width: 800, height: 555, borderWidth: 6 });
    const bg = await upload(demo.geoDemo, Buffer.from(await pdf.save()), 'background.pdf')(admin);
    expect(bg.body).toMatchObject({ contentType: 'application/pdf', width: 841.89, height: 595.28 });
  });
});

describe('POST /olympiad/certificate-config/{id}/preview', () => {
  const preview =
    (id: number, body: unknown = { config: defaultConfig() }) =>
    (c: Client) =>
      c.post(`/olympiad/certificate-config/${id}/preview`, { body });

  it('401 without a token, 403 for teachers, learners and finance staff; 404 for another olympiad', async () => {
    await unauthenticated(server, preview(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], preview(demo.geoDemo));
    await notFoundUnchanged(server, configRows, admin, preview(other.olympiadId));
  });

  it('refuses an unsaved design that does not fit (400, paths under body.config) and another olympiad’s attempt', async () => {
    const wrong = defaultConfig();
    wrong.default.fields[0] = { ...wrong.default.fields[0]!, width: 2000 };
    const res = await preview(demo.geoDemo, { config: wrong })(admin);
    expectError(res, 400);
    expect(res.body.details[0].path).toBe('body.config.default.fields.0.width');
    const [otherAttempt] = await server.query<{
      id: number;
    }>`select id from attempts where olympiad_id = ${other.olympiadId}`;
    expectError(await preview(demo.geoDemo, { config: defaultConfig(), attemptId: otherAttempt!.id })(admin), 404);
  });

  it('draws the best-scoring learner with the unsaved design, background and signature included', async () => {
    const sig = (
      await admin.upload(`/olympiad/certificate-config/${demo.geoDemo}/files`, { bytes: png(240, 80), name: 's.png' })
    ).body.fileId as number;
    const config = defaultConfig();
    config.default.signatureFileId = sig;
    const res = await fetch(`${server.url}/olympiad/certificate-config/${demo.geoDemo}/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ config }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const [page] = await pdfPagesText(new Uint8Array(await res.arrayBuffer()));
    expect(page).toContain('Zoë Müller-Nel');
    expect(page).toContain('Gold, best in school');
    expect(page).toContain('Hoërskool Waterkloof');
    expect(page).toContain('Grade 11');
  });
});
