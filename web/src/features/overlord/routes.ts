import { pageChunk, type AppRoute, type Feature } from '../../lib/routing/index.js';

const OverviewRoute = pageChunk(() => import('./pages/OverviewRoute.js'), 'OverviewRoute');
const SearchPage = pageChunk(() => import('./pages/SearchPage.js'), 'SearchPage');
const SystemConfigPage = pageChunk(() => import('./pages/SystemConfigPage.js'), 'SystemConfigPage');

type OverlordPage = Pick<AppRoute, 'title' | 'feature' | 'summary' | 'nav' | 'page'> & { sub: string };

function overlord(
  sub: string,
  title: string,
  feature: Feature,
  nav: string,
  summary: string,
  page?: AppRoute['page'],
): OverlordPage {
  return { sub, title, feature, nav, summary, page };
}

/** Every overlord page (docs/spec.md §2), in sidebar order. */
const pages: OverlordPage[] = [
  overlord('overview', 'Overview', 'overlord', 'Platform', 'Figures across all olympiads.', OverviewRoute),
  overlord(
    'search',
    'Search',
    'overlord',
    'Platform',
    'Find users, schools and learners, and act as a user.',
    SearchPage,
  ),
  overlord(
    'system-config',
    'System config',
    'overlord',
    'Platform',
    'The support address, mail rate, sign-in limits and maintenance banner, and the environment’s settings.',
    SystemConfigPage,
  ),
  // Learner login activity, the app log viewer and the activity logs are the logs feature's (features/logs).
];

export const overlordRoutes: AppRoute[] = pages.map(({ sub, ...page }) => ({
  id: `overlord.${sub.replaceAll('/', '.')}`,
  path: `/overlord/${sub}`,
  layout: 'overlord',
  access: ['overlord'],
  ...page,
}));
