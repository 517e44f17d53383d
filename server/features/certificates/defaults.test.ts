import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateConfigAnswer, GenerationStatus } from '#contract/certificates';
import { createOlympiad } from '../../seed/factories.js';
import { expectError, forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { pdfPagesText } from '../../test/pdf.js';

/**
 * What a certificate made on a new installation says and shows, on a server left at the default PUBLIC_URL
 * (`npm start`: http://localhost:3000): the admin's pages learn that the printed address is a local one, the
 * designer gets that address and the PDF's own fonts, and a new design names its signatory on the signature line.
 */

let server: TestServer;
let demo: DemoIds;
let admin: Client;
let title: string;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: 'http://localhost:3000', JOBS_WORKER: 'false' } });
  demo = await demoIds(server);
  admin = await server.as('admin');
  [{ title }] = (await server.query<{ title: string }>`select title from olympiads where id = ${demo.geoDemo}`) as [
    { title: string },
  ];
});
afterAll(() => server?.close());

describe('the printed address', () => {
  it('GET /olympiad/certificate-config/{id} says it is local, with the address the PDF prints', async () => {
    const res = await admin.get(`/olympiad/certificate-config/${demo.geoDemo}`, { schema: CertificateConfigAnswer });
    expect(res.status).toBe(200);
    expect(res.body.publicAddress).toEqual({ url: 'http://localhost:3000', local: true });
  });

  it('GET /certificates/get-generation-status says so too, before anything is generated or sent', async () => {
    const res = await admin.get('/certificates/get-generation-status', {
      query: { olympiadId: demo.geoDemo },
      schema: GenerationStatus,
    });
    expect(res.status).toBe(200);
    expect(res.body.publicAddress).toEqual({ url: 'http://localhost:3000', local: true });
  });
});

describe('a new design', () => {
  it('names its signatory on the signature line (the olympiad) above “Organiser”, and the PDF prints them', async () => {
    const res = await admin.get(`/olympiad/certificate-config/${demo.geoDemo}`, { schema: CertificateConfigAnswer });
    expect(res.body.updatedAt).toBeNull();
    for (const template of [res.body.config.default, ...Object.values(res.body.config.templates)]) {
      expect(template.signatureFileId).toBeNull();
      const signature = template.fields.find((f) => f.kind === 'signature')!;
      expect(signature.text).toBe('{olympiad}');
      const caption = template.fields.find(
        (f) => f.kind === 'text' && f.x === signature.x && f.y >= signature.y + signature.size,
      );
      expect(caption?.text).toBe('Organiser');
    }

    const pdf = await fetch(`${server.url}/olympiad/certificate-config/${demo.geoDemo}/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ config: res.body.config, kind: 'participation' }),
    });
    expect(pdf.status).toBe(200);
    const [page] = await pdfPagesText(new Uint8Array(await pdf.arrayBuffer()));
    const lines = page!.split('\n');
    // The participation design prints the olympiad's title once in its body; the signature line is the second.
    expect(lines.filter((l) => l === title)).toHaveLength(2);
    expect(lines).toContain('Organiser');
    expect(page).toMatch(/verify at localhost:3000\/verify\/[A-Z0-9]+/);
  });

  it('a saved design’s signatory is checked like any wording: an unknown placeholder is refused', async () => {
    const config = (
      await admin.get(`/olympiad/certificate-config/${demo.geoDemo}`, { schema: CertificateConfigAnswer })
    ).body.config;
    const at = config.default.fields.findIndex((f) => f.kind === 'signature');
    config.default.fields[at] = { ...config.default.fields[at]!, text: 'Dr {principal}' };
    const res = await admin.post(`/olympiad/certificate-config/${demo.geoDemo}`, { body: config });
    expectError(res, 400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(`body.default.fields.${at}.text`);
  });
});

describe('GET /olympiad/certificate-config/{id}/fonts/{font}', () => {
  const font = (name: string) => (c: Client) => c.get(`/olympiad/certificate-config/${demo.geoDemo}/fonts/${name}`);

  it('401 without a token, 403 for teachers and learners, 400 for a font the PDF does not print with', async () => {
    await unauthenticated(server, font('serif'));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant'], font('serif'));
    expectError(await font('comic-sans')(admin), 400);
  });

  it('404 for another olympiad', async () => {
    const other = await createOlympiad(server.db, { varName: 'fonts-other' });
    expectError(await admin.get(`/olympiad/certificate-config/${other.id}/fonts/serif`), 404);
  });

  it('serves the very font file the PDF embeds', async () => {
    const res = await fetch(`${server.url}/olympiad/certificate-config/${demo.geoDemo}/fonts/script`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/ttf');
    const file = readFileSync(new URL('../../assets/fonts/GreatVibes-Regular.ttf', import.meta.url));
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
  });
});
