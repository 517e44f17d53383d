import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The public pages rendered on the server (decision 047), read as a crawler or a browser without JavaScript reads
 * them: the page's own content is in the HTML. Needs the real build with its SSR bundle (`npm run build` writes
 * dist/web and dist/ssr); skipped without it.
 */
const built = existsSync('dist/ssr/server.js') && existsSync('dist/web/.vite/manifest.json');

/** What is inside <div id="root">: the rendered page, without the head (where the title and description also are). */
const bodyOf = (html: string) =>
  /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];
/** Tags out, entities decoded enough for the assertions: the text a reader sees. */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe.skipIf(!built)('public pages rendered on the server', () => {
  let server: TestServer;
  let demo: DemoIds;
  let overlord: Client;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestServer({ serveWeb: true, webRoot: 'dist/web' });
    demo = await demoIds(server);
    [overlord, admin] = await Promise.all([server.as('overlord'), server.as('admin')]);
  });
  afterAll(() => server?.close());

  const page = async (p: string) => {
    const res = await server.api('GET', p, { headers: { accept: 'text/html' } });
    expect(res.status, p).toBe(200);
    const body = bodyOf(res.text);
    expect(body, `${p} is rendered`).toBeTruthy();
    return { html: res.text, body: body!, text: textOf(body!) };
  };

  it('every public page carries its own content in the HTML, whatever runs in the browser', async () => {
    // What an editor set, as the public calls give it.
    const visitor = server.anonymous();
    const copy = (await visitor.get('/website/api/copy/geography')).body.copy;
    const about = textOf(copy.about).trim().slice(0, 40);
    const faqs = (await visitor.get('/website/api/faqs/geography')).body.items;
    const testimonials = (await visitor.get('/testimonial/v-rest/')).body.items;
    const expected: Record<string, string[]> = {
      '/': ['Writing now', 'Geography Olympiad'],
      '/olympus/home': ['Online olympiads for South African schools', 'Geography Olympiad'],
      '/olympus/about': ['About Olympus'],
      '/olympus/our-partners': ['Our partners'],
      '/olympus/contact': ['Write to the Olympus team', 'Send message'],
      '/olympus/our-users': ['Our users', testimonials[0].name],
      '/olympus/terms': ['Terms and conditions', 'in force since', 'Learners’ information'],
      '/geography/home': ['Geography Olympiad', 'Olympiads', 'Geography Olympiad 2026 (demo)'],
      '/geography/about': [about],
      '/geography/participation-and-rules': ['Participation and rules'],
      '/geography/past-olympiads': ['Past olympiads', 'Geography Olympiad 2025 (demo, written and marked)'],
      '/geography/past-winners': ['Past winners'],
      '/geography/contact': ['Write to the organisers', 'Send message'],
      '/geography/faq': [faqs[0].question],
    };
    for (const [p, texts] of Object.entries(expected)) {
      const { body, text } = await page(p);
      for (const t of texts) expect(text, p).toContain(t);
      // Nothing left waiting for the browser: no placeholder, no "loading".
      expect(body, p).not.toMatch(/mantine-Skeleton|aria-busy="true"|not available yet/i);
    }
  });

  it('loads one small script, not the app; the app is named for when the visitor interacts', async () => {
    const { html } = await page('/geography/home');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    const files = scripts.flatMap((tag) => /\ssrc="([^"]+)"/.exec(tag)?.[1] ?? []);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\/assets\/islands-[\w-]+\.js$/);
    expect(html).not.toContain('rel="modulepreload"');
    // The other scripts are data (no inline code: the content security policy allows none).
    for (const tag of scripts.filter((t) => !/\ssrc=/.test(t))) expect(tag).toMatch(/type="application\/(ld\+)?json"/);
    const app = /<div id="root" data-app="([^"]+)"/.exec(html)?.[1];
    expect(app).toMatch(/^\/assets\/public-[\w-]+\.js$/);
    expect(existsSync(path.join('dist/web', app!))).toBe(true);
    expect(html).toContain('<html lang="en" data-mantine-color-scheme="light">');
  });

  it('an editor’s change is on the page at the next view, and nothing they write leaves the data element', async () => {
    expect((await page('/geography/about')).text).not.toContain('Rendered on the server');
    const body = '<p>Rendered on the server: <em>maps</em> &lt;/script&gt; and more.</p>';
    const saved = await admin.post('/website-copy/v-rest/', {
      body: { olympiadId: demo.geoDemo, section: 'about', body },
    });
    expect(saved.status).toBe(200);
    const after = await page('/geography/about');
    expect(after.text).toContain('Rendered on the server: maps');
    const data = /<script type="application\/json" id="olympus-page-data">([\s\S]*?)<\/script>/.exec(after.html)?.[1];
    expect(data).toBeTruthy();
    expect(data).not.toMatch(/<\//);
    expect(JSON.stringify(JSON.parse(data!))).toContain('Rendered on the server');

    const site = await overlord.post('/api/site-copy/', {
      body: { page: 'about', body: '<p>Olympus, said anew.</p>' },
    });
    expect(site.status).toBe(200);
    expect((await page('/olympus/about')).text).toContain('Olympus, said anew.');
  });

  it('the terms page shows a new version of the terms as soon as it is published', async () => {
    expect((await page('/olympus/terms')).text).not.toContain('Fees are due within 14 days');
    const published = await overlord.post('/api/terms-and-conditions/', {
      body: { body: '<p>Fees are due within 14 days.</p>', summary: 'Shorter payment terms.' },
    });
    expect(published.status).toBe(200);
    const after = (await page('/olympus/terms')).text;
    expect(after).toContain('Fees are due within 14 days');
    expect(after).toContain(`Version ${published.body.terms.version}`);
  });

  it('a public page is rendered once and then served from the cache, compressed', async () => {
    const first = await server.api('GET', '/geography/faq', {
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(first.headers.get('content-encoding')).toBe('br');
    const again = await server.api('GET', '/geography/faq', { headers: { accept: 'text/html' } });
    expect(bodyOf(again.text)).toBe(bodyOf(first.text));
  });
});
