import type { ComponentType } from 'react';
import type { Role } from '#contract/index';

/** The layouts of the app shell. */
export type Layout = 'site' | 'plain' | 'overlord' | 'main' | 'portal' | 'learner';

/** Feature folders: the same words as the server's features, so a feature has one name everywhere. */
export type Feature =
  | 'auth'
  | 'jobs'
  | 'public'
  | 'overlord'
  | 'olympiads'
  | 'questions'
  | 'sitting'
  | 'schools'
  | 'countries'
  | 'learners'
  | 'finance'
  | 'results'
  | 'certificates'
  | 'mail'
  | 'content'
  | 'reports'
  | 'logs'
  | 'users'
  | 'teachers'
  | 'portal';

/** Who may open a route: anyone, any signed-in user, or the listed roles (docs/spec.md §6). */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** The three parts of an olympiad's staff area: /{olympiadName}/admin|finance|funding/… */
export type Section = 'admin' | 'finance' | 'funding';

/** One page of the product, as data: enumerable by tests and the sidebars. */
export interface AppRoute {
  /** Unique, e.g. `admin.edit.schools`. */
  id: string;
  /** A React Router path, e.g. `/:olympiadName/admin/edit/schools`. */
  path: string;
  layout: Layout;
  access: Access;
  /** The page's heading and document title. */
  title: string;
  feature: Feature;
  /** One sentence on what the page is for (shown while the page is not built yet). */
  summary: string;
  /** Sidebar group; routes without one stay out of the sidebars. */
  nav?: string;
  /** For the olympiad staff area. */
  section?: Section;
  /** `/:olympiadName/…` pages that admin, accountant and funding users may open only with a grant. */
  olympiadScoped?: boolean;
  /**
   * Pages of olympiads of these kinds only (decision 039: schools' pages, countries' pages): the sidebars leave them
   * out of an olympiad of the other kind. Without it, a page belongs to every olympiad.
   */
  kinds?: readonly ('school' | 'country')[];
  /** The built page; neither this nor `lazyPage` means "not available yet". */
  page?: ComponentType;
  /** A page in its own bundle (the learner's flow). */
  lazyPage?: () => Promise<{ default: ComponentType }>;
}

export function isPublic(route: AppRoute): boolean {
  return route.access === 'public';
}

export function allowsRole(route: AppRoute, role: Role): boolean {
  if (route.access === 'public' || route.access === 'signed-in') return true;
  return route.access.includes(role);
}
