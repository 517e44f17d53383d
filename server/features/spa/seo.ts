import { escapeHtml } from '../../platform/html.js';
import { type ServerLocale, type ServerMessageId, serverLocales, translate } from '../../platform/i18n.js';

/**
 * Search-engine and sharing metadata written into the HTML <head> before it leaves the server (crawlers and
 * link previews run no JavaScript): title, description, keywords, the canonical address, Open Graph and
 * Twitter cards with the share image, and JSON-LD structured data (an Event for each olympiad).
 */
export interface PageMeta {
  title: string;
  shareTitle: string;
  description: string;
  keywords: string;
  /** The canonical address of the page (no query string). */
  url: string;
  /** The share image, an absolute address (Open Graph and Twitter cards). */
  image?: string | undefined;
  imageAlt?: string | undefined;
  /** A page search engines should not list (sign-in, private areas, unknown addresses). */
  noindex?: boolean | undefined;
  /** JSON-LD objects (schema.org), written as one `@graph`. */
  structuredData?: object[] | undefined;
  /** The language the page is in (`<html lang>`, og:locale); English when absent. */
  locale?: ServerLocale | undefined;
  /** The page in each language and the page without `?lang` (x-default), as `<link rel="alternate">`. */
  alternates?: Alternate[] | undefined;
}

/** One language version of a page: `hreflang` is `en`, `af` or `x-default`. */
export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * A public page's address in `locale`: the page's default language (the project's, or English on the platform's
 * pages) is the address as it is; the other has `?lang=`.
 */
export function localeUrl(url: string, locale: ServerLocale, defaultLocale: ServerLocale): string {
  return locale === defaultLocale ? url : `${url}?lang=${locale}`;
}

/** Every language version of a page, then x-default: the address without `?lang` (the default language's). */
export function alternatesOf(url: string, defaultLocale: ServerLocale): Alternate[] {
  return [
    ...serverLocales.map((locale) => ({ hreflang: locale, href: localeUrl(url, locale, defaultLocale) })),
    { hreflang: 'x-default', href: url },
  ];
}

/** og:locale of each language. */
const ogLocale: Record<ServerLocale, string> = { en: 'en_ZA', af: 'af_ZA' };

/** The platform's name in every share card (spec §1: the default project for search metadata is Olympus). */
export const SITE_NAME = 'Olympus';

/** The share image in the web build (web/public/share.jpg, 1200 × 630). */
export const SHARE_IMAGE = '/share.jpg';

/**
 * JSON for inside a <script> element: `<`, `>` and `&` as \u escapes, so no text an editor stored can close the
 * element or open a comment; U+2028/2029 escaped for older parsers.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function renderHead(html: string, meta: PageMeta): string {
  const card = meta.image ? 'summary_large_image' : 'summary';
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="keywords" content="${escapeHtml(meta.keywords)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...(meta.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`,
    ),
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.shareTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:locale" content="${ogLocale[meta.locale ?? 'en']}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
          `<meta property="og:image:width" content="1200" />`,
          `<meta property="og:image:height" content="630" />`,
          `<meta property="og:image:alt" content="${escapeHtml(meta.imageAlt ?? meta.shareTitle)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${card}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.shareTitle)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.image ? [`<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.structuredData?.length
      ? [
          `<script type="application/ld+json">${scriptJson({
            '@context': 'https://schema.org',
            '@graph': meta.structuredData,
          })}</script>`,
        ]
      : []),
  ].join('\n    ');
  // Replacer functions, not strings: in a replacement string `$&`, `` $` `` and `$'` are patterns, and a
  // page's address or an editor's title may contain them.
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const withTitle = /<title>[\s\S]*?<\/title>/.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/, () => title)
    : html.replace('</head>', () => `${title}\n</head>`);
  const withLang = withTitle.replace(/<html lang="[^"]*"/, () => `<html lang="${meta.locale ?? 'en'}"`);
  return withLang.replace('</head>', () => `    ${tags}\n  </head>`);
}

const platformKeywords =
  'olympiad, geography olympiad, history olympiad, Afrikaans olympiad, schools, learners, competition';

/** The platform's metadata in `locale` (English unless asked). */
export const platformMeta = (url: string, image?: string, locale: ServerLocale = 'en'): PageMeta => ({
  title: translate(locale, 'api-public.meta.platform.title'),
  shareTitle: translate(locale, 'api-public.meta.platform.shareTitle'),
  description: translate(locale, 'api-public.meta.platform.description'),
  keywords: platformKeywords,
  url,
  image,
  imageAlt: translate(locale, 'api-public.meta.platform.imageAlt'),
  locale,
});

/** A platform page's title and description in `locale`, from the public API's catalogue. */
type PlatformPage = { title: (locale: ServerLocale) => string; description: (locale: ServerLocale) => string };
const platformPage = (name: 'about' | 'ourPartners' | 'ourUsers' | 'terms' | 'contact' | 'privacy'): PlatformPage => ({
  title: (locale) => translate(locale, `api-public.meta.${name}.title`),
  description: (locale) => translate(locale, `api-public.meta.${name}.description`),
});
const platformHome: PlatformPage = {
  title: (locale) => translate(locale, 'api-public.meta.platform.title'),
  description: (locale) => translate(locale, 'api-public.meta.platform.description'),
};

/** The platform's own public pages (docs/spec.md §2), each with its own title and description. */
export const platformPages: Record<string, PlatformPage & { keywords?: string }> = {
  '/': platformHome,
  '/olympus/home': platformHome,
  '/olympus/about': { ...platformPage('about'), keywords: `about Olympus, ${platformKeywords}` },
  '/olympus/our-partners': { ...platformPage('ourPartners'), keywords: `partners, sponsors, ${platformKeywords}` },
  '/olympus/our-users': {
    ...platformPage('ourUsers'),
    keywords: `testimonials, schools, teachers, ${platformKeywords}`,
  },
  '/olympus/terms': { ...platformPage('terms'), keywords: `terms and conditions, ${platformKeywords}` },
  '/olympus/contact': { ...platformPage('contact'), keywords: `contact, ${platformKeywords}` },
  '/privacy': { ...platformPage('privacy'), keywords: `privacy, POPIA, personal information, ${platformKeywords}` },
};

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
export type ProjectPage = (typeof projectPages)[number];

/** Pages of a project that are public but not in the spec's list (still listed in the sitemap). */
export const extraProjectPages = ['expression-of-interest'] as const;

/** What the metadata of a project page is built from. */
export interface ProjectForMeta {
  projectName: string;
  title: string;
  seoTitle: string;
  shareTitle: string;
  description: string;
  keywords: string;
}

/** An olympiad for its Event in structured data. */
export interface OlympiadForMeta {
  varName: string;
  title: string;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
}

type AnyProjectPage = ProjectPage | (typeof extraProjectPages)[number];

/** Each page's name, in the public API's catalogue. */
const pageNames: Record<AnyProjectPage, ServerMessageId> = {
  home: 'api-public.meta.page.home',
  about: 'api-public.meta.page.about',
  'participation-and-rules': 'api-public.meta.page.rules',
  'past-olympiads': 'api-public.meta.page.pastOlympiads',
  'past-winners': 'api-public.meta.page.pastWinners',
  contact: 'api-public.meta.page.contact',
  faq: 'api-public.meta.page.faq',
  'expression-of-interest': 'api-public.meta.page.eoi',
};

/** Each page's own sentence, before the project's description (the home page has the description alone). */
const pageLeads: Record<Exclude<AnyProjectPage, 'home'>, ServerMessageId> = {
  about: 'api-public.meta.lead.about',
  'participation-and-rules': 'api-public.meta.lead.rules',
  'past-olympiads': 'api-public.meta.lead.pastOlympiads',
  'past-winners': 'api-public.meta.lead.pastWinners',
  contact: 'api-public.meta.lead.contact',
  faq: 'api-public.meta.lead.faq',
  'expression-of-interest': 'api-public.meta.lead.eoi',
};

const pageKeywords: Partial<Record<ProjectPage, string>> = {
  'participation-and-rules': 'rules, how to enter',
  'past-olympiads': 'past olympiads, previous years',
  'past-winners': 'past winners, results, awards',
  contact: 'contact',
  faq: 'FAQ, questions',
};

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** One olympiad as a schema.org Event: online, organised by the project, with its writing window. */
export function olympiadEvent(base: string, project: ProjectForMeta, o: OlympiadForMeta, image?: string): object {
  const home = `${base}/${project.projectName}/home`;
  const startDate = iso(o.startsAt);
  const endDate = iso(o.endsAt);
  return {
    '@type': 'Event',
    '@id': `${home}#${o.varName}`,
    name: o.title,
    description: project.description || undefined,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: home },
    organizer: { '@type': 'Organization', name: project.title, url: home },
    ...(image ? { image: [image] } : {}),
    url: home,
  };
}

/**
 * A project page's metadata: its own title ("Geography Olympiad — South Africa — Past winners"), share title,
 * description (the page's sentence, then the project's description) and keywords; on the home page an Event
 * for each of the project's olympiads that has dates.
 */
export function projectMeta(
  base: string,
  project: ProjectForMeta,
  page: AnyProjectPage,
  olympiads: OlympiadForMeta[],
  locale: ServerLocale = 'en',
): PageMeta {
  const name = translate(locale, pageNames[page]);
  const seoTitle = project.seoTitle || project.title;
  const shareTitle = project.shareTitle || project.title;
  const description =
    page === 'home'
      ? project.description
      : `${translate(locale, pageLeads[page], { title: project.title })} ${project.description}`.trim();
  const extra = pageKeywords[page as ProjectPage];
  const image = `${base}${SHARE_IMAGE}`;
  return {
    title: `${seoTitle} — ${name}`,
    shareTitle: page === 'home' ? shareTitle : `${name} — ${shareTitle}`,
    description,
    keywords: [project.keywords, extra].filter(Boolean).join(', '),
    url: `${base}/${project.projectName}/${page}`,
    image,
    imageAlt: project.title,
    locale,
    structuredData:
      page === 'home'
        ? olympiads.filter((o) => o.startsAt != null).map((o) => olympiadEvent(base, project, o, image))
        : undefined,
  };
}
