import type { SessionUser } from '#contract/index';
import { allowsRole, fillPath, type AppRoute, type Layout } from '../../lib/routing/index.js';
import { routesOfLayout, staffNavGroups } from '../routes.js';
import { portalGroupLabel, portalRouteTitle } from '../../features/portal/routes.js';

export interface NavItem {
  id: string;
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

type Params = Readonly<Record<string, string | undefined>>;

/** The teacher portal's own order (its pages come from several features). */
const portalOrder = [
  'portal.home',
  'portal.my-profile',
  'portal.update-password',
  'portal.faq',
  'portal.olympiad',
  'portal.school',
  'portal.load-learners',
  'portal.invoices',
  'portal.team',
  'portal.certificates',
  'portal.olympiad.faq',
];

function groupBy(
  routes: AppRoute[],
  params: Params,
  order?: readonly string[],
  title: (route: AppRoute) => string = (route) => route.title,
): NavGroup[] {
  const groups = new Map<string, NavItem[]>();
  for (const label of order ?? []) groups.set(label, []);
  for (const route of routes) {
    if (!route.nav) continue;
    const items = groups.get(route.nav) ?? [];
    items.push({ id: route.id, label: title(route), to: fillPath(route.path, params) });
    groups.set(route.nav, items);
  }
  return [...groups].filter(([, items]) => items.length > 0).map(([label, items]) => ({ label, items }));
}

/** The sidebar of a layout, filtered by the user's role (and, in the staff area, by section). */
export function sidebarFor(
  layout: Layout,
  user: SessionUser,
  current: AppRoute | null,
  params: Params,
  /** The portal's olympiad group is headed by the olympiad's title (its slug until the title is known). */
  olympiadTitle?: string,
  /** The kind of the olympiad in the URL, when known: pages of the other kind stay out (decision 039). */
  kind?: 'school' | 'country' | null,
): NavGroup[] {
  const allowed = routesOfLayout(layout).filter(
    (route) => allowsRole(route, user.role) && (kind == null || route.kinds == null || route.kinds.includes(kind)),
  );
  if (layout === 'main') {
    const section = current?.section ?? 'admin';
    return groupBy(
      allowed.filter((route) => route.section === section),
      params,
      staffNavGroups,
    );
  }
  if (layout === 'portal') {
    const rank = (route: AppRoute) => portalOrder.indexOf(route.id);
    const visible = allowed
      .filter((route) => params.olympiadName || !route.path.includes(':olympiadName'))
      .sort((a, b) => rank(a) - rank(b));
    // The portal's pages in the teacher's language (the back office's stay English).
    return groupBy(visible, params, undefined, portalRouteTitle).map((group) =>
      group.label === 'Olympiad' && params.olympiadName
        ? { ...group, label: olympiadTitle ?? params.olympiadName }
        : { ...group, label: portalGroupLabel(group.label) },
    );
  }
  return groupBy(allowed, params);
}
