import type { Access, AppRoute, Feature, Section } from './types.js';

interface StaffPage {
  /** Path below the section, e.g. `edit/schools`. */
  sub: string;
  title: string;
  feature: Feature;
  summary: string;
  nav: string;
  access: Access;
  page?: AppRoute['page'];
  kinds?: AppRoute['kinds'];
}

/**
 * One page of an olympiad's staff area in each of the given sections. Our reading of docs/spec.md §2: the
 * area under /{olympiadName}/ has three sections, admin/, finance/ and funding/, and a page listed with
 * "aliases under finance and funding" exists at the same sub-path in each of them.
 */
export function staffPage(sections: readonly Section[], page: StaffPage): AppRoute[] {
  return sections.map((section) => ({
    id: `${section}.${page.sub.replaceAll('/', '.')}`,
    path: `/:olympiadName/${section}/${page.sub}`,
    layout: 'main',
    section,
    olympiadScoped: true,
    access: page.access,
    title: page.title,
    feature: page.feature,
    summary: page.summary,
    nav: page.nav,
    page: page.page,
    ...(page.kinds ? { kinds: page.kinds } : {}),
  }));
}

/** Fills `:name` and `:name?` segments from params; unknown optional ones are dropped. */
export function fillPath(path: string, params: Readonly<Record<string, string | undefined>>): string {
  return path
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      return value ? [encodeURIComponent(value)] : optional ? [] : [segment];
    })
    .join('/');
}

/** The sections of the staff area a page appears in. */
export const sections = {
  all: ['admin', 'finance', 'funding'],
  admin: ['admin'],
  adminFunding: ['admin', 'funding'],
  financeFunding: ['finance', 'funding'],
} as const satisfies Record<string, readonly Section[]>;

/** Who may open a staff page (docs/spec.md §6). */
export const staffAccess = {
  admin: ['admin'],
  adminFunding: ['admin', 'funding'],
  staff: ['admin', 'accountant', 'funding'],
  payments: ['accountant', 'funding'],
} as const satisfies Record<string, Access>;
