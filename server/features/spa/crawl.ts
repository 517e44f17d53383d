import { escapeHtml } from '../../platform/html.js';
import { isServerLocale, type ServerLocale } from '../../platform/i18n.js';
import { alternatesOf, extraProjectPages, platformPages, projectPages } from './seo.js';

/**
 * What crawlers are told: robots.txt (the public pages may be crawled; the API, sign-in and every private area
 * may not) and sitemap.xml (every public page: the platform's, and each project's).
 */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /login',
    'Disallow: /overlord/',
    'Disallow: /portal',
    'Disallow: /verify-email/',
    'Disallow: /unsubscribe/',
    'Disallow: /*/admin/',
    'Disallow: /*/olympiad/',
    'Disallow: /*/unsubscribe/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SitemapProject {
  projectName: string;
  updatedAt: Date | string;
  /** The language its pages are in without `?lang` (the platform's pages: English). */
  language?: string | undefined;
}

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/**
 * Every public page once, at its address without `?lang` (in its default language), with its language versions
 * as `xhtml:link` alternates (en, af and x-default), as search engines read them.
 */
export function sitemapXml(base: string, projects: SitemapProject[]): string {
  const entry = (path: string, language: ServerLocale, lastmod?: string, priority?: string) => {
    const links = alternatesOf(`${base}${path}`, language)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}"/>`)
      .join('');
    return (
      `  <url><loc>${escapeHtml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}` +
      `${priority ? `<priority>${priority}</priority>` : ''}${links}</url>`
    );
  };
  const urls = [
    ...Object.keys(platformPages).map((p) => entry(p, 'en', undefined, p === '/' ? '1.0' : '0.5')),
    ...projects.flatMap((p) =>
      [...projectPages, ...extraProjectPages].map((page) =>
        entry(
          `/${encodeURIComponent(p.projectName)}/${page}`,
          isServerLocale(p.language) ? p.language : 'en',
          day(p.updatedAt),
          page === 'home' ? '0.9' : '0.6',
        ),
      ),
    ),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}
