import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { builtIndexHtml, builtWebFiles } from '../../test/web-root.js';

/** The public site's own entry (decision 043), built next to index.html. */
const publicHtml = builtIndexHtml.replace('/assets/index-abc123.js', '/assets/public-fed789.js');

const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(headOf(html))?.[1];
/** The page's `<link rel="alternate" hreflang>` links, hreflang → address. */
const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...headOf(html).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );

/**
 * A public page's language (decision 092): `?lang=en|af` chooses, else the project's language (the platform's pages:
 * English). The server says so in `<html lang>`, links every language version (hreflang) and lists them in the
 * sitemap.
 */
describe('public pages in English and Afrikaans', () => {
  let server: TestServer;
  const base = 'http://olympus.test';
  const afPages = [
    'home',
    'about',
    'participation-and-rules',
    'past-olympiads',
    'past-winners',
    'contact',
    'faq',
    'expression-of-interest',
  ];

  beforeAll(async () => {
    server = await startTestServer({ serveWeb: true, webRoot: { ...builtWebFiles, 'public.html': publicHtml } });
  });
  afterAll(() => server?.close());

  const page = async (p: string) => {
    const res = await server.api('GET', p, { headers: { accept: 'text/html' } });
    expect(res.status, p).toBe(200);
    return res.text;
  };

  it('the demo’s Afrikaans project is `af`, and the public API says so', async () => {
    const [row] = await server.query<{
      language: string;
    }>`select language from projects where project_name = 'afrikaans'`;
    expect(row?.language).toBe('af');
    const visitor = server.anonymous();
    const one = await visitor.get('/olympus-suite/api/project/afrikaans');
    expect(one.status).toBe(200);
    expect(one.body.project.language).toBe('af');
    const all = await visitor.get('/olympus-suite/api/projects/');
    const languages = Object.fromEntries(
      (all.body.items as { projectName: string; language: string }[]).map((p) => [p.projectName, p.language]),
    );
    expect(languages).toMatchObject({ afrikaans: 'af', geography: 'en', history: 'en' });
  });

  it('every page of the Afrikaans project is `af`, titled in Afrikaans, and links its English version', async () => {
    for (const sub of afPages) {
      const html = await page(`/afrikaans/${sub}`);
      expect(langOf(html), sub).toBe('af');
      expect(headOf(html)).toContain('<meta property="og:locale" content="af_ZA" />');
      expect(canonicalOf(html), sub).toBe(`${base}/afrikaans/${sub}`);
      expect(alternatesOf(html), sub).toEqual({
        en: `${base}/afrikaans/${sub}?lang=en`,
        af: `${base}/afrikaans/${sub}`,
        'x-default': `${base}/afrikaans/${sub}`,
      });
    }
    expect(titleOf(await page('/afrikaans/home'))).toBe('Afrikaans Olimpiade — Tuis');
    expect(titleOf(await page('/afrikaans/past-winners'))).toBe('Afrikaans Olimpiade — Vorige wenners');
  });

  it('?lang=en shows the Afrikaans project’s page in English, its own canonical address, the same alternates', async () => {
    const html = await page('/afrikaans/past-winners?lang=en');
    expect(langOf(html)).toBe('en');
    expect(titleOf(html)).toBe('Afrikaans Olimpiade — Past winners');
    expect(canonicalOf(html)).toBe(`${base}/afrikaans/past-winners?lang=en`);
    expect(alternatesOf(html)).toEqual({
      en: `${base}/afrikaans/past-winners?lang=en`,
      af: `${base}/afrikaans/past-winners`,
      'x-default': `${base}/afrikaans/past-winners`,
    });
    // ?lang=af is the page's own language: the same page as without it.
    expect(langOf(await page('/afrikaans/home?lang=af'))).toBe('af');
  });

  it('an English project and the platform are `en`, with `?lang=af` their Afrikaans version', async () => {
    const home = await page('/geography/home');
    expect(langOf(home)).toBe('en');
    expect(titleOf(home)).toBe('Geography Olympiad — South Africa — Home');
    expect(alternatesOf(home)).toEqual({
      en: `${base}/geography/home`,
      af: `${base}/geography/home?lang=af`,
      'x-default': `${base}/geography/home`,
    });
    const af = await page('/geography/faq?lang=af');
    expect(langOf(af)).toBe('af');
    expect(titleOf(af)).toBe('Geography Olympiad — South Africa — Vrae');
    const watch = await page('/?lang=af');
    expect(langOf(watch)).toBe('af');
    expect(titleOf(watch)).toBe('Olympus — aanlyn skoololimpiades');
    expect(canonicalOf(watch)).toBe(`${base}/?lang=af`);
    expect(alternatesOf(watch)).toEqual({ en: `${base}/`, af: `${base}/?lang=af`, 'x-default': `${base}/` });
    const about = await page('/olympus/about');
    expect(langOf(about)).toBe('en');
    expect(titleOf(about)).toBe('About Olympus — online school olympiads');
  });

  it('a language Olympus does not speak is ignored: the page’s own language', async () => {
    expect(langOf(await page('/afrikaans/home?lang=fr'))).toBe('af');
    expect(langOf(await page('/geography/home?lang=AF%22'))).toBe('en');
  });

  it('keeps each language’s page apart: English after Afrikaans is still English', async () => {
    expect(langOf(await page('/afrikaans/faq'))).toBe('af');
    expect(langOf(await page('/afrikaans/faq?lang=en'))).toBe('en');
    expect(langOf(await page('/afrikaans/faq'))).toBe('af');
  });

  it('the sitemap lists each page once with its language versions as xhtml:link alternates', async () => {
    const res = await server.api('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = (loc: string) => {
      const all = [...res.text.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
      const found = all.filter((u) => u.includes(`<loc>${loc}</loc>`));
      expect(found, loc).toHaveLength(1);
      return Object.fromEntries(
        [...found[0]!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
    };
    expect(entry(`${base}/afrikaans/home`)).toEqual({
      en: `${base}/afrikaans/home?lang=en`,
      af: `${base}/afrikaans/home`,
      'x-default': `${base}/afrikaans/home`,
    });
    expect(entry(`${base}/geography/faq`)).toEqual({
      en: `${base}/geography/faq`,
      af: `${base}/geography/faq?lang=af`,
      'x-default': `${base}/geography/faq`,
    });
    expect(entry(`${base}/olympus/about`)).toEqual({
      en: `${base}/olympus/about`,
      af: `${base}/olympus/about?lang=af`,
      'x-default': `${base}/olympus/about`,
    });
    expect(res.text).not.toMatch(/<loc>[^<]*lang=/);
  });
});
