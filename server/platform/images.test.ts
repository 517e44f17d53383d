import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../test/client.js';
import { expectError, expectRowsUnchanged } from '../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../test/harness.js';

/**
 * Every image upload reads the header first and keeps a re-encoded copy (decision 067), on the real server and
 * database: a pixel bomb is refused with nothing stored, EXIF is gone from what is served, a large image is kept at
 * 2000 px on its long side and its phone copy (800 px wide) is served for `?w=800`.
 */
let server: TestServer;
let demo: DemoIds;
let admin: Client;
let overlord: Client;
let partnerId: number;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  [admin, overlord] = await Promise.all([server.as('admin'), server.as('overlord')]);
  const partner = await overlord.post('/api/site-copy/partners', { body: { name: 'Map Society' } });
  partnerId = partner.body.partner.id as number;
});
afterAll(() => server?.close());

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid PNG header claiming 20,000 × 20,000 RGB pixels (1.2 GB decoded) whose IDAT holds only its first 100 rows,
 * deflated to a few kilobytes: what a pixel bomb looks like to the server.
 */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(20_000 * 3)]);
  const idat = deflateSync(Buffer.concat(Array.from({ length: 100 }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A camera's JPEG: 3000 × 2000 stored, EXIF with the owner's name, orientation 6 (shown turned, 2000 × 3000). */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2a7' } })
    .composite([{ input: { create: { width: 600, height: 400, channels: 3, background: '#c31' } }, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Artist: 'A. Teacher', Copyright: 'Home address 12 Oak Street' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const uploadRows = 'select * from uploads order by id';
const storedFiles = () =>
  readdirSync(server.app.config.dataDir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => path.join(f.parentPath, f.name))
    .sort();

/** Every route that takes an image, and who may call it. */
const routes: {
  name: string;
  call: (bytes: Buffer, name: string) => Promise<ApiResponse>;
}[] = [
  {
    name: 'POST /question/image',
    call: (bytes, name) => admin.upload('/question/image', { bytes, name }, { query: { olympiadId: demo.geoDemo } }),
  },
  {
    name: 'POST /website-copy/v-rest/image',
    call: (bytes, name) =>
      admin.upload('/website-copy/v-rest/image', { bytes, name }, { query: { olympiadId: demo.geoDemo } }),
  },
  {
    name: 'POST /api/site-copy/image',
    call: (bytes, name) => overlord.upload('/api/site-copy/image', { bytes, name }),
  },
  {
    name: 'POST /api/site-copy/partners/{id}/logo',
    call: (bytes, name) => overlord.upload(`/api/site-copy/partners/${partnerId}/logo`, { bytes, name }),
  },
  {
    name: 'POST /olympiad/certificate-config/{id}/files',
    call: (bytes, name) => admin.upload(`/olympiad/certificate-config/${demo.geoDemo}/files`, { bytes, name }),
  },
];

describe('a pixel bomb on every image upload', () => {
  it('the crafted PNG is small and claims 400 million pixels', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(40 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
  });

  for (const route of routes)
    it(`${route.name}: 413 image_too_large, no uploads row, no file`, async () => {
      const files = storedFiles();
      const res = await expectRowsUnchanged(server, uploadRows, () => route.call(pixelBomb(), 'bomb.png'));
      expectError(res, 413);
      expect(res.body).toMatchObject({ success: false, code: 'image_too_large' });
      expect(res.body.message).toMatch(/40 million pixels/);
      expect(storedFiles()).toEqual(files);
    });

  it('POST /question/v-rest/import-qti: the package is refused naming the image, nothing stored', async () => {
    const mod = await admin.post('/question-module/v-rest/', { body: { olympiadId: demo.geoDemo, title: 'Bombs' } });
    const zip = new JSZip();
    zip.file(
      'choice.xml',
      readFileSync(path.join(import.meta.dirname, '../features/questions/fixtures/qti/ims-qti21/choice.xml')),
    );
    zip.file('images/sign.png', pixelBomb());
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const files = storedFiles();
    const uploadsAndQuestions = async () => [
      await server.query`select * from uploads order by id`,
      await server.query`select * from questions order by id`,
    ];
    const res = await expectRowsUnchanged(server, uploadsAndQuestions, () =>
      admin.upload(
        '/question/v-rest/import-qti',
        { bytes, name: 'bomb.zip' },
        {
          query: { questionModuleId: mod.body.module.id },
        },
      ),
    );
    expectError(res, 400);
    expect(res.body.details).toEqual([
      { path: 'choice.xml', message: 'Item “choice”: the image “images/sign.png” has more than 40 million pixels' },
    ]);
    expect(storedFiles()).toEqual(files);
  });

  it('a JPEG whose frame header claims 20,000 × 20,000 is refused the same way', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    // The SOF0 frame header: FFC0, length, precision, then height and width.
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(20_000, sof + 5);
    jpeg.writeUInt16BE(20_000, sof + 7);
    const res = await expectRowsUnchanged(server, uploadRows, () => routes[0]!.call(jpeg, 'bomb.jpg'));
    expectError(res, 413);
    expect(res.body.code).toBe('image_too_large');
  });
});

describe('what is kept of an image', () => {
  const get = async (url: string) => {
    const res = await fetch(server.url + url);
    expect(res.status).toBe(200);
    return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('a camera JPEG as a question image: turned upright, no EXIF, 2000 px long side, an 800 px phone copy', async () => {
    const original = await cameraJpeg();
    expect(await sharp(original).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const files = storedFiles().length;
    const res = await routes[0]!.call(original, 'photo.jpeg');
    expect(res.status).toBe(200);
    expect(storedFiles()).toHaveLength(files + 2);
    const url = res.body.url as string;
    expect(url).toMatch(/^\/question\/image\/\d+\/[0-9a-f]{32}$/);

    const full = await get(url);
    expect(full.type).toBe('image/jpeg');
    const fullMeta = await sharp(full.bytes).metadata();
    expect(fullMeta).toMatchObject({ format: 'jpeg', width: 1333, height: 2000 });
    expect(fullMeta.exif).toBeUndefined();
    expect(fullMeta.orientation).toBeUndefined();
    // Turned: the red corner, top left as stored, is top right once upright.
    const { data } = await sharp(full.bytes).extract({ left: 1300, top: 10, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[0]).toBeGreaterThan(150);

    const phone = await get(`${url}?w=800`);
    expect(phone.type).toBe('image/jpeg');
    const phoneMeta = await sharp(phone.bytes).metadata();
    expect(phoneMeta).toMatchObject({ width: 800, height: 1200 });
    expect(phoneMeta.exif).toBeUndefined();
    expect(phone.bytes.length).toBeLessThan(full.bytes.length);
    // Wider asks get the kept copy.
    expect((await get(`${url}?w=1600`)).bytes.equals(full.bytes)).toBe(true);

    const id = Number(url.split('/')[3]);
    const [row] = await server.query<{ content_type: string; size: number; phone_filename: string | null }>`
      select content_type, size, phone_filename from uploads where id = ${id}`;
    expect(row).toMatchObject({ content_type: 'image/jpeg', size: full.bytes.length });
    expect(row!.phone_filename).toMatch(/-800w\.jpg$/);
    expectError(await server.anonymous().get(`${url}?w=abc`), 400);
  });

  it('a copy image keeps its format, a narrow one has no phone copy, and a GIF is kept as a still PNG', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#1236' } })
      .png()
      .withExif({ IFD0: { Artist: 'Someone' } })
      .toBuffer();
    const res = await routes[2]!.call(small, 'diagram.png');
    expect(res.status).toBe(200);
    const full = await get(res.body.url as string);
    expect(full.type).toBe('image/png');
    expect(await sharp(full.bytes).metadata()).toMatchObject({ width: 300, height: 200, hasAlpha: true });
    expect((await sharp(full.bytes).metadata()).exif).toBeUndefined();
    expect((await get(`${res.body.url}?w=800`)).bytes.equals(full.bytes)).toBe(true);

    const gif = await sharp({ create: { width: 1000, height: 100, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const logo = await routes[3]!.call(gif, 'logo.gif');
    expect(logo.status).toBe(200);
    const kept = await get(logo.body.partner.logoUrl as string);
    expect(kept.type).toBe('image/png');
    expect(await sharp(kept.bytes).metadata()).toMatchObject({ format: 'png', width: 1000, height: 100 });
    const phone = await get(`${logo.body.partner.logoUrl}?w=800`);
    expect(await sharp(phone.bytes).metadata()).toMatchObject({ width: 800, height: 80 });
  });

  it('a certificate signature keeps its size for print, loses its EXIF and is measured upright', async () => {
    const res = await routes[4]!.call(await cameraJpeg(), 'signature.jpg');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentType: 'image/jpeg', width: 2000, height: 3000 });
    const back = await fetch(`${server.url}/olympiad/certificate-config/${demo.geoDemo}/files/${res.body.fileId}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const meta = await sharp(Buffer.from(await back.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 2000, height: 3000 });
    expect(meta.exif).toBeUndefined();
  });

  it('a damaged image (its header whole, its pixels cut short) is a 400 with nothing stored', async () => {
    const whole = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const files = storedFiles();
    const res = await expectRowsUnchanged(server, uploadRows, () =>
      routes[0]!.call(whole.subarray(0, whole.length >> 1), 'broken.png'),
    );
    expectError(res, 400);
    expect(storedFiles()).toEqual(files);
  });
});

describe('GET /question/image/{id}/{sig}?w=…&f=webp: the copies a page chooses from by srcset (decision 088)', () => {
  const get = async (url: string) => {
    const res = await fetch(server.url + url);
    expect(res.status, url).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes };
  };
  const webpFiles = () => storedFiles().filter((f) => f.endsWith('.webp'));
  let photo: string;
  let diagram: string;

  beforeAll(async () => {
    const landscape = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2a7' } })
      .composite([{ input: { create: { width: 600, height: 400, channels: 3, background: '#c31' } }, left: 0, top: 0 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    photo = (await routes[0]!.call(landscape, 'photo.jpg')).body.url as string;
    const png = await sharp({ create: { width: 1000, height: 600, channels: 4, background: '#1236' } })
      .png()
      .toBuffer();
    diagram = (await routes[0]!.call(png, 'diagram.png')).body.url as string;
  });

  it('each width in WebP, never wider than the kept copy, kept a year by any cache', async () => {
    for (const [url, asked, width, height] of [
      [photo, 400, 400, 266],
      [photo, 800, 800, 533],
      [photo, 1200, 1200, 800],
      [photo, undefined, 2000, 1333],
      [diagram, 400, 400, 240],
      [diagram, 800, 800, 480],
      [diagram, 1200, 1000, 600],
      [diagram, undefined, 1000, 600],
    ] as const) {
      const copy = await get(asked ? `${url}?w=${asked}&f=webp` : `${url}?f=webp`);
      expect(copy.type).toBe('image/webp');
      expect(copy.cache).toBe('public, max-age=31536000, immutable');
      expect(await sharp(copy.bytes).metadata(), `${url} w=${asked}`).toMatchObject({ format: 'webp', width, height });
    }
    // A diagram keeps its transparency.
    expect(await sharp((await get(`${diagram}?w=800&f=webp`)).bytes).metadata()).toMatchObject({ hasAlpha: true });
  });

  it('another width takes the next one made, and past the widest the kept copy', async () => {
    const at = async (w: number) => (await get(`${photo}?w=${w}&f=webp`)).bytes;
    expect((await at(1)).equals(await at(400))).toBe(true);
    expect((await at(401)).equals(await at(800))).toBe(true);
    expect((await at(1000)).equals(await at(1200))).toBe(true);
    expect((await at(1201)).equals((await get(`${photo}?f=webp`)).bytes)).toBe(true);
  });

  it('is made once and kept beside the upload; a crowd asking at once waits for one encode', async () => {
    const square = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const fresh = (await routes[0]!.call(square, 'fresh.jpg')).body.url as string;
    const before = webpFiles();
    const crowd = await Promise.all(Array.from({ length: 8 }, () => get(`${fresh}?w=800&f=webp`)));
    expect(crowd.every((c) => c.bytes.equals(crowd[0]!.bytes))).toBe(true);
    const made = webpFiles().filter((f) => !before.includes(f));
    expect(made).toEqual([expect.stringMatching(/-800w\.webp$/)]);
    expect(readFileSync(made[0]!).equals(crowd[0]!.bytes)).toBe(true);
    // Asked again, it is read from where it was kept.
    expect((await get(`${fresh}?w=700&f=webp`)).bytes.equals(crowd[0]!.bytes)).toBe(true);
    expect(webpFiles()).toHaveLength(before.length + 1);
  });

  it('the kept copy and the phone copy are unchanged, and an upload from before the phone copies gets WebP too', async () => {
    const kept = await get(photo);
    expect(kept).toMatchObject({ type: 'image/jpeg', cache: 'public, max-age=31536000, immutable' });
    expect(await sharp(kept.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 1333 });
    const phone = await get(`${photo}?w=800`);
    expect(await sharp(phone.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 800 });
    const id = Number(photo.split('/')[3]);
    const [row] = await server.query<{ size: number }>`select size from uploads where id = ${id}`;
    expect(row!.size).toBe(kept.bytes.length);

    const old = (await routes[0]!.call(await cameraJpeg(), 'old.jpg')).body.url as string;
    await server.query`update uploads set phone_filename = null where id = ${Number(old.split('/')[3])}`;
    expect(await sharp((await get(`${old}?w=800`)).bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1333 });
    expect(await sharp((await get(`${old}?w=800&f=webp`)).bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
    });
  });

  it('a query it does not know is a 400 in the one error shape, never a 500', async () => {
    const anonymous = server.anonymous();
    for (const query of ['f=avif', 'f=', 'f=WEBP', 'w=0&f=webp', 'w=10001&f=webp', 'w=1.5&f=webp', 'w=abc', 'x=1']) {
      const res = await anonymous.get(`${photo}?${query}`);
      expectError(res, 400, query);
      expect(res.body.code, query).toBe('validation_failed');
    }
    expectError(await anonymous.get(`${photo.replace(/[0-9a-f]{4}$/, '0000')}?w=800&f=webp`), 404);
  });
});
