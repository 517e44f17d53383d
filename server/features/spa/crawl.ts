import { escapeHtml } from '../../platform/html.js';
import { extraProjectPages, platformPages, projectPages } from './seo.js';

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
}

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

export function sitemapXml(base: string, projects: SitemapProject[]): string {
  const entry = (path: string, lastmod?: string, priority?: string) =>
    `  <url><loc>${escapeHtml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}` +
    `${priority ? `<priority>${priority}</priority>` : ''}</url>`;
  const urls = [
    ...Object.keys(platformPages).map((p) => entry(p, undefined, p === '/' ? '1.0' : '0.5')),
    ...projects.flatMap((p) =>
      [...projectPages, ...extraProjectPages].map((page) =>
        entry(`/${encodeURIComponent(p.projectName)}/${page}`, day(p.updatedAt), page === 'home' ? '0.9' : '0.6'),
      ),
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
