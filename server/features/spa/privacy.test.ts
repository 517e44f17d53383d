import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRowsUnchanged, forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import { type Client, type TestServer, startTestServer } from '../../test/harness.js';

/**
 * The public privacy page (decision 109): rendered on the server in English and Afrikaans from its site copy, which
 * the migration seeds (an information officer's placeholder included) and the overlord edits like any other page.
 * The rendered-page half needs the build with its SSR bundle (`npm run build`).
 */
const built = existsSync('dist/ssr/server.js') && existsSync('dist/web/.vite/manifest.json');

let server: TestServer;
let overlord: Client;

beforeAll(async () => {
  server = await startTestServer(built ? { serveWeb: true, webRoot: 'dist/web' } : {});
  overlord = await server.as('overlord');
});
afterAll(() => server?.close());

const copyRows = 'select page, body from site_copy order by page';

describe('the privacy notice as site copy', () => {
  it('is seeded in both languages with the information officer’s placeholder', async () => {
    const res = await server.anonymous().get('/api/site-copy/');
    expect(res.status).toBe(200);
    expect(res.body.pages.privacy.body).toContain('Information officer');
    expect(res.body.pages.privacy.body).toContain('POPIA');
    expect(res.body.pages['privacy-af'].body).toContain('Inligtingsbeampte');
  });

  it('only the overlord edits it: 401 without a token, 403 for other staff, rows unchanged', async () => {
    const edit = (c: Client) => c.post('/api/site-copy/', { body: { page: 'privacy', body: '<p>Changed</p>' } });
    await expectRowsUnchanged(server, copyRows, async () => {
      await unauthenticated(server, edit);
      await forbiddenFor(server, ['admin', 'teacher', 'accountant'], edit);
    });
    const saved = await overlord.post('/api/site-copy/', {
      body: { page: 'privacy-af', body: '<p>Inligtingsbeampte: Mev. T. Nkosi, privaat@example.org</p>' },
    });
    expect(saved.status).toBe(200);
    const [row] = await server.query<{ body: string }>`select body from site_copy where page = 'privacy-af'`;
    expect(row!.body).toContain('Mev. T. Nkosi');
  });
});

describe.skipIf(!built)('the privacy page rendered on the server', () => {
  const html = async (path: string) => {
    const res = await server.api('GET', path, { headers: { accept: 'text/html' } });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    return res.text;
  };

  it('answers 200 HTML in English and in Afrikaans, with the copy in each', async () => {
    await overlord.post('/api/site-copy/', {
      body: { page: 'privacy', body: '<p>Information officer: Ms T. Nkosi, privacy@example.org</p>' },
    });
    const en = await html('/privacy');
    expect(en).toContain('<html lang="en"');
    expect(en).toContain('Ms T. Nkosi');
    expect(en).toContain('Privacy — Olympus');
    const af = await html('/privacy?lang=af');
    expect(af).toContain('<html lang="af"');
    expect(af).toContain('Mev. T. Nkosi');
    expect(af).toContain('Privaatheid — Olympus');
  });

  it('is linked from the public footer', async () => {
    expect(await html('/olympus/about')).toMatch(/href="\/privacy"/);
  });
});
