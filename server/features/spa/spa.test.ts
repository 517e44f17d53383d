import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createProject } from '../../seed/factories.js';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { builtIndexHtml, builtWebFiles } from '../../test/web-root.js';
import { platformMeta, renderHead } from './seo.js';

const indexHtml = builtIndexHtml;

/** The learner's own entry (decision 016), built next to index.html. */
const learnerHtml = indexHtml.replace('/assets/index-abc123.js', '/assets/learner-def456.js');

/** The public site's own entry (decision 043), built next to index.html. */
const publicHtml = indexHtml.replace('/assets/index-abc123.js', '/assets/public-fed789.js');

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
        'public.html': publicHtml,
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
    const res = await page('/escaping/home');
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(metaContent(res.text, 'name', 'description')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(metaContent(res.text, 'name', 'keywords')).toBe('a &quot;quoted&quot; &lt;word&gt;');
  });

  /** Every public page: [path, its title]. */
  const publicPages: Array<[string, string]> = [
    ['/', 'Olympus — online school olympiads'],
    ['/olympus/home', 'Olympus — online school olympiads'],
    ['/olympus/about', 'About Olympus — online school olympiads'],
    ['/olympus/our-partners', 'Our partners — Olympus'],
    ['/olympus/our-users', 'Our users — Olympus'],
    ['/olympus/contact', 'Contact — Olympus'],
    ['/olympus/terms', 'Terms and conditions — Olympus'],
    ['/geography/home', 'Geography Olympiad — South Africa — Home'],
    ['/geography/about', 'Geography Olympiad — South Africa — About'],
    ['/geography/participation-and-rules', 'Geography Olympiad — South Africa — Participation and rules'],
    ['/geography/past-olympiads', 'Geography Olympiad — South Africa — Past olympiads'],
    ['/geography/past-winners', 'Geography Olympiad — South Africa — Past winners'],
    ['/geography/contact', 'Geography Olympiad — South Africa — Contact'],
    ['/geography/faq', 'Geography Olympiad — South Africa — FAQ'],
    ['/history/past-winners', 'History Olympiad — South Africa — Past winners'],
  ];

  it('gives every public page its own head: title, description, keywords, canonical, share card and image', async () => {
    const descriptions = new Set<string>();
    for (const [p, title] of publicPages) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      const head = headOf(res.text);
      expect(head, p).toContain(`<title>${title}</title>`);
      const description = metaContent(res.text, 'name', 'description')!;
      expect(description.length, p).toBeGreaterThan(40);
      if (p !== '/olympus/home') descriptions.add(description);
      expect(metaContent(res.text, 'name', 'keywords'), p).toBeTruthy();
      const canonical = `http://olympus.test${p}`;
      expect(head, p).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(metaContent(res.text, 'property', 'og:url'), p).toBe(canonical);
      expect(metaContent(res.text, 'property', 'og:title'), p).toBeTruthy();
      expect(metaContent(res.text, 'property', 'og:description'), p).toBe(description);
      expect(metaContent(res.text, 'property', 'og:image'), p).toBe('http://olympus.test/share.jpg');
      expect(metaContent(res.text, 'name', 'twitter:card'), p).toBe('summary_large_image');
      expect(metaContent(res.text, 'name', 'twitter:image'), p).toBe('http://olympus.test/share.jpg');
      expect(head, p).not.toContain('noindex');
    }
    // Each page says what it is: no two pages share a description.
    expect(descriptions.size).toBe(publicPages.length - 1);
  });

  it('a project page’s share title and description are the project’s own', async () => {
    const res = await page('/geography/past-winners');
    const [project] = await server.query<{ description: string; share_title: string }>`
      select description, share_title from projects where project_name = 'geography'`;
    expect(metaContent(res.text, 'property', 'og:title')).toBe(`Past winners — ${project!.share_title}`);
    expect(metaContent(res.text, 'name', 'description')).toMatch(
      /^The winners of the Geography Olympiad in earlier years/,
    );
    expect(metaContent(res.text, 'name', 'description')).toContain(project!.description);
    expect(metaContent(res.text, 'name', 'keywords')).toMatch(/past winners/);
  });

  /** The JSON-LD graph in a page's head. */
  const structuredData = (html: string) => {
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(headOf(html))?.[1];
    return json ? (JSON.parse(json) as { '@context': string; '@graph': Array<Record<string, unknown>> }) : null;
  };

  it('describes each olympiad as an Event: name, dates, organiser, online', async () => {
    const res = await page('/geography/home');
    const data = structuredData(res.text)!;
    expect(data['@context']).toBe('https://schema.org');
    const [geoDemo] = await server.query<{ title: string; starts_at: Date; ends_at: Date }>`
      select title, starts_at, ends_at from olympiads where var_name = 'geo-demo'`;
    const event = data['@graph'].find((e) => e.name === geoDemo!.title)!;
    expect(event).toMatchObject({
      '@type': 'Event',
      startDate: new Date(geoDemo!.starts_at).toISOString(),
      endDate: new Date(geoDemo!.ends_at).toISOString(),
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      organizer: { '@type': 'Organization', name: 'Geography Olympiad', url: 'http://olympus.test/geography/home' },
      location: { '@type': 'VirtualLocation' },
    });
    // The Watch page lists every olympiad still to come or open, across projects.
    const watch = structuredData((await page('/')).text)!;
    const names = watch['@graph'].map((e) => e.name);
    expect(names).toContain(geoDemo!.title);
    expect(names.some((n) => String(n).startsWith('History Olympiad'))).toBe(true);
    expect(structuredData((await page('/geography/faq')).text)).toBeNull();
  });

  it('keeps an editor’s title inside the structured data (no way out of the script element)', async () => {
    const project = await createProject(server.db, {
      projectName: 'ld-escape',
      title: 'LD </script><script>alert(1)</script>',
    });
    await createOlympiad(server.db, {
      projectId: project.id,
      title: '</script><img src=x onerror=alert(2)> & more',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000),
    });
    const res = await page('/ld-escape/home');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('<img src=x');
    const data = structuredData(res.text)!;
    expect(data['@graph'][0]!.name).toBe('</script><img src=x onerror=alert(2)> & more');
  });

  it('asks search engines not to list sign-in, private and unknown pages', async () => {
    for (const p of ['/login', '/overlord/overview', '/geo-demo/admin/edit/questions', '/no-such-project/home']) {
      expect(headOf((await page(p)).text), p).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('serves robots.txt: public pages allowed, the API and private areas not, the sitemap named', async () => {
    const res = await server.api('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /overlord/', 'Disallow: /*/admin/'])
      expect(res.text).toContain(line);
    expect(res.text).toContain('Sitemap: http://olympus.test/sitemap.xml');
  });

  it('serves sitemap.xml listing every public page of the platform and of every project', async () => {
    const res = await server.api('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const [p] of publicPages) expect(locs, p).toContain(`http://olympus.test${p}`);
    const projects = await server.query<{ project_name: string }>`select project_name from projects`;
    for (const { project_name } of projects) {
      for (const sub of [
        'home',
        'about',
        'participation-and-rules',
        'past-olympiads',
        'past-winners',
        'contact',
        'faq',
      ])
        expect(locs).toContain(`http://olympus.test/${project_name}/${sub}`);
    }
    expect(locs).not.toContain('http://olympus.test/login');
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
      expect(res.text, p).not.toContain('/assets/public-fed789.js');
    }
  });

  it('serves public.html for the public pages and only for them (decision 043)', async () => {
    for (const p of [
      '/',
      '/olympus/home',
      '/olympus/our-users',
      '/geography/home',
      '/geography/faq',
      '/Geography/About/',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('/assets/public-fed789.js');
      expect(res.text, p).not.toContain('/assets/index-abc123.js');
    }
    for (const p of [
      '/login',
      '/no-such-project/home',
      '/geography/admin',
      '/olympus/nothing',
      '/geo-demo/olympiad/0/1',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).not.toContain('/assets/public-fed789.js');
    }
  });

  it('sends a public page compressed as the browser accepts, made once and kept with the head', async () => {
    const raw = (encoding: string) =>
      fetch(`${server.url}/geography/home`, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
    const br = await raw('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toContain('/assets/public-fed789.js');
    const gz = await raw('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('/assets/public-fed789.js');
    const plain = await raw('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('/assets/public-fed789.js');
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
        for (const file of ['index.html', 'learner.html', 'public.html']) {
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
