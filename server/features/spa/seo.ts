import { escapeHtml } from '../../platform/html.js';

/** Search-engine metadata written into the HTML <head> before it leaves the server (crawlers run no JS). */
export interface PageMeta {
  title: string;
  shareTitle: string;
  description: string;
  keywords: string;
  url: string;
}

export function renderHead(html: string, meta: PageMeta): string {
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="keywords" content="${escapeHtml(meta.keywords)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.shareTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.shareTitle)}" />`,
  ].join('\n    ');
  // Replacer functions, not strings: in a replacement string `$&`, `` $` `` and `$'` are patterns, and a
  // page's address or an editor's title may contain them.
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const withTitle = /<title>[\s\S]*?<\/title>/.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/, () => title)
    : html.replace('</head>', () => `${title}\n</head>`);
  return withTitle.replace('</head>', () => `    ${tags}\n  </head>`);
}

export const platformMeta = (url: string): PageMeta => ({
  title: 'Olympus — online school olympiads',
  shareTitle: 'Olympus: geography, history and Afrikaans olympiads online',
  description:
    'Olympus runs online olympiads for South African schools: geography, history and Afrikaans, and the ' +
    'international geography olympiad. Schools register, learners write online, results and certificates follow.',
  keywords: 'olympiad, geography olympiad, history olympiad, Afrikaans olympiad, schools, learners, competition',
  url,
});

/** Public project pages (docs/spec.md §2), whose metadata comes from the project. */
export const projectPages = [
  'home',
  'about',
  'participation-and-rules',
  'past-olympiads',
  'past-winners',
  'contact',
  'faq',
] as const;
