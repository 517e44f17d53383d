import { escapeHtml } from '../../platform/html.js';

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
}

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
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.shareTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:locale" content="en_ZA" />`,
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
  return withTitle.replace('</head>', () => `    ${tags}\n  </head>`);
}

const platformDescription =
  'Olympus runs online olympiads for South African schools: geography, history and Afrikaans, and the ' +
  'international geography olympiad. Schools register, learners write online, results and certificates follow.';
const platformKeywords =
  'olympiad, geography olympiad, history olympiad, Afrikaans olympiad, schools, learners, competition';

export const platformMeta = (url: string, image?: string): PageMeta => ({
  title: 'Olympus — online school olympiads',
  shareTitle: 'Olympus: geography, history and Afrikaans olympiads online',
  description: platformDescription,
  keywords: platformKeywords,
  url,
  image,
  imageAlt: 'Olympus: online olympiads for schools',
});

/** The platform's own public pages (docs/spec.md §2), each with its own title and description. */
export const platformPages: Record<string, { title: string; description: string; keywords?: string }> = {
  '/': {
    title: 'Olympus — online school olympiads',
    description: platformDescription,
  },
  '/olympus/home': {
    title: 'Olympus — online school olympiads',
    description: platformDescription,
  },
  '/olympus/about': {
    title: 'About Olympus — online school olympiads',
    description:
      'Who runs Olympus and why: online subject olympiads for schools, from entering a school to writing, ' +
      'marking, results and certificates.',
    keywords: `about Olympus, ${platformKeywords}`,
  },
  '/olympus/our-partners': {
    title: 'Our partners — Olympus',
    description: 'The organisations and sponsors that make the Olympus olympiads possible.',
    keywords: `partners, sponsors, ${platformKeywords}`,
  },
  '/olympus/our-users': {
    title: 'Our users — Olympus',
    description: 'Schools, teachers and organisers who run and write olympiads on Olympus, in their own words.',
    keywords: `testimonials, schools, teachers, ${platformKeywords}`,
  },
  '/olympus/terms': {
    title: 'Terms and conditions — Olympus',
    description: 'The terms and conditions a teacher accepts before entering a school in an Olympus olympiad.',
    keywords: `terms and conditions, ${platformKeywords}`,
  },
  '/olympus/contact': {
    title: 'Contact — Olympus',
    description: 'Write to the Olympus team: questions about the platform, the olympiads, entering a school.',
    keywords: `contact, ${platformKeywords}`,
  },
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

const pageTitles: Record<ProjectPage | (typeof extraProjectPages)[number], string> = {
  home: 'Home',
  about: 'About',
  'participation-and-rules': 'Participation and rules',
  'past-olympiads': 'Past olympiads',
  'past-winners': 'Past winners',
  contact: 'Contact',
  faq: 'FAQ',
  'expression-of-interest': 'Enter your school',
};

/** Each page's own sentence, before the project's description (the home page has the description alone). */
const pageLeads: Record<Exclude<ProjectPage, 'home'> | (typeof extraProjectPages)[number], (t: string) => string> = {
  about: (t) => `About the ${t}: who runs it, who it is for and how it works.`,
  'participation-and-rules': (t) => `Who may enter the ${t}, how a school enters, and the rules of writing online.`,
  'past-olympiads': (t) => `The ${t} in earlier years: when it ran and how many schools and learners wrote.`,
  'past-winners': (t) =>
    `The winners of the ${t} in earlier years: the top learners, the best of each grade, their schools.`,
  contact: (t) => `Write to the organisers of the ${t}.`,
  faq: (t) => `Answers to common questions about the ${t}: entering, writing online, results and certificates.`,
  'expression-of-interest': (t) => `Enter your school in the ${t}: tell the organisers about your school.`,
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
  page: ProjectPage | (typeof extraProjectPages)[number],
  olympiads: OlympiadForMeta[],
): PageMeta {
  const name = pageTitles[page];
  const seoTitle = project.seoTitle || project.title;
  const shareTitle = project.shareTitle || project.title;
  const description =
    page === 'home' ? project.description : `${pageLeads[page](project.title)} ${project.description}`.trim();
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
    structuredData:
      page === 'home'
        ? olympiads.filter((o) => o.startsAt != null).map((o) => olympiadEvent(base, project, o, image))
        : undefined,
  };
}
