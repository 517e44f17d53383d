import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../seed/factories.js';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { builtIndexHtml, builtWebFiles } from '../../test/web-root.js';
import { platformMeta, renderHead } from './seo.js';

const indexHtml = builtIndexHtml;

/** The learner's own entry (decision 016), built next to index.html. */
const learnerHtml = indexHtml.replace('/assets/index-abc123.js', '/assets/learner-def456.js');

/** The <head> of an HTML page (crawlers read only what is there). */
const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(headOf(html))?.[1];

describe('renderHead', () => {
  const meta = {
    title: 'Geo <Olympiad> & "friends"',
    shareTitle: "Share 'this'",
    description: 'Maps & places <b>',
    keywords: 'geography, maps',
    url: 'https://olympus.example.org/geography/home',
  };

  it('puts the title, description, keywords and share tags in the head, escaped', () => {
    const html = renderHead(indexHtml, meta);
    const head = headOf(html);
    expect(head).toContain('<title>Geo &lt;Olympiad&gt; &amp; &quot;friends&quot;</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')).toBe('Maps &amp; places &lt;b&gt;');
    expect(metaContent(html, 'name', 'keywords')).toBe('geography, maps');
    expect(metaContent(html, 'property', 'og:title')).toBe('Share &#39;this&#39;');
    expect(metaContent(html, 'property', 'og:url')).toBe(meta.url);
    expect(html).toContain('<div id="root"></div>');
  });

  it('copies a page address or title holding $ patterns as it is', () => {
    const tricky = { ...meta, title: "Geo $& $' $$", url: 'http://x/geo/$`/$&/about' };
    const html = renderHead(indexHtml, tricky);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(headOf(html)).toContain('<title>Geo $&amp; $&#39; $$</title>');
    expect(metaContent(html, 'property', 'og:url')).toBe('http://x/geo/$`/$&amp;/about');
    const bare = renderHead('<html><head></head><body></body></html>', tricky);
    expect(bare).toContain('<title>Geo $&amp; $&#39; $$</title>');
    expect(bare.match(/<html>/g)).toHaveLength(1);
  });

  it('adds a title when the page has none', () => {
    const html = renderHead('<html><head></head><body></body></html>', meta);
    expect(headOf(html)).toContain('<title>Geo &lt;Olympiad&gt;');
  });

  it('describes the platform by default', () => {
    const m = platformMeta('http://x/');
    expect(m.description).toMatch(/olympiads/);
    expect(m.keywords).toMatch(/olympiad/);
    expect(m.url).toBe('http://x/');
  });
});

describe('serving the web app', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      serveWeb: true,
      webRoot: {
        ...builtWebFiles,
        'learner.html': learnerHtml,
        'robots.txt': 'User-agent: *\nAllow: /\n',
      },
    });
  });
  afterAll(() => server?.close());

  const page = (p: string) => server.api('GET', p, { headers: { accept: 'text/html,application/xhtml+xml' } });

  it('serves a project page with the project’s metadata in the head', async () => {
    const res = await page('/geography/home');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const [project] = await server.query<{ description: string; keywords: string; share_title: string }>`
      select description, keywords, share_title from projects where project_name = 'geography'`;
    expect(metaContent(res.text, 'name', 'description')).toBe(project!.description);
    expect(metaContent(res.text, 'name', 'keywords')).toBe(project!.keywords);
    expect(metaContent(res.text, 'property', 'og:title')).toBe(project!.share_title);
    expect(metaContent(res.text, 'property', 'og:url')).toBe('http://olympus.test/geography/home');
    expect(headOf(res.text)).toContain('<title>Geography Olympiad — South Africa — Home</title>');
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('uses the page name in the title', async () => {
    const res = await page('/geography/past-winners');
    expect(headOf(res.text)).toContain('<title>Geography Olympiad — South Africa — Past winners</title>');
  });

  it('escapes what an editor stored in the project', async () => {
    await createProject(server.db, {
      projectName: 'escaping',
      title: 'Escaping',
      description: '"><script>alert(1)</script>',
      keywords: 'a "quoted" <word>',
    });
    const res = await page('/escaping/about');
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(metaContent(res.text, 'name', 'description')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(metaContent(res.text, 'name', 'keywords')).toBe('a &quot;quoted&quot; &lt;word&gt;');
  });

  it('describes the platform on other pages', async () => {
    for (const p of ['/', '/login', '/no-such-project/home', '/geography/not-a-page']) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      const platform = platformMeta('');
      expect(metaContent(res.text, 'name', 'description'), p).toBe(platform.description);
      expect(metaContent(res.text, 'name', 'keywords'), p).toBe(platform.keywords);
    }
  });

  it('serves learner.html, with the same head, for the learner’s sitting pages and only for them', async () => {
    const platform = platformMeta('');
    for (const p of ['/geo-demo/olympiad/instructions', '/geo-demo/olympiad/0/1', '/geo-demo/olympiad/summary?x=1']) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(res.text, p).toContain('/assets/learner-def456.js');
      expect(res.text, p).not.toContain('/assets/index-abc123.js');
      expect(metaContent(res.text, 'name', 'description'), p).toBe(platform.description);
      expect(headOf(res.text), p).toMatch(/<title>[^<]+<\/title>/);
    }
    for (const p of [
      '/',
      '/login',
      '/geo-demo/home',
      '/geo-demo/olympiad',
      '/olympiads/olympiad-admin',
      '/geo-demo/x/olympiad/1',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('/assets/index-abc123.js');
      expect(res.text, p).not.toContain('/assets/learner-def456.js');
    }
  });

  it('serves built files with their cache headers', async () => {
    const asset = await server.api('GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toContain('olympus');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const robots = await server.api('GET', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('cache-control')).not.toContain('immutable');
  });

  it('answers JSON 404 to /api paths even when HTML is asked for', async () => {
    const res = await page('/api/anything');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ success: false, code: 'not_found' });
    expect(res.body.message).toBe(res.body.error);
  });

  it('answers 404, not the app, for a missing file that is not a page', async () => {
    const res = await server.api('GET', '/assets/missing-123.js');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('never serves a file outside the web root, nor answers 500', async () => {
    for (const p of [
      '/..%2f..%2fpackage.json',
      '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/package.json',
      '/%E0%A4%A',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBeLessThan(500);
      expect(res.text, p).not.toMatch(/"devDependencies"|root:x:0:0/);
    }
  });

  it.skipIf(!existsSync('dist/web/index.html'))(
    'the real build (dist/web, present only after `npm run build`) gets the metadata too',
    async () => {
      const built = await startTestServer({ serveWeb: true, webRoot: 'dist/web' });
      try {
        const res = await built.api('GET', '/geography/home', { headers: { accept: 'text/html' } });
        expect(res.status).toBe(200);
        expect(metaContent(res.text, 'name', 'keywords')).toBe(
          'geography olympiad, geography competition, school olympiad, maps, South Africa',
        );
        // The content security policy allows no inline script: every script of the build is a file.
        for (const file of ['index.html', 'learner.html']) {
          const built = readFileSync(path.join('dist/web', file), 'utf8');
          for (const tag of built.match(/<script\b[^>]*>/g) ?? []) expect(tag, file).toMatch(/\ssrc="/);
          expect(built, file).not.toMatch(/\son[a-z]+="/);
        }
      } finally {
        await built.close();
      }
    },
  );
});
