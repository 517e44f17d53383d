import type { AppRoute, Feature } from '../../lib/routing/index.js';
import { OverviewPage } from './pages/OverviewPage.js';
import { SearchPage } from './pages/SearchPage.js';
import { SystemConfigPage } from './pages/SystemConfigPage.js';

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
  overlord('overview', 'Overview', 'overlord', 'Platform', 'Figures across all olympiads.', OverviewPage),
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
  overlord(
    'learner-login-activity',
    'Learner login activity',
    'logs',
    'People',
    'Learner sign-ins across olympiads will be shown here, to spot problems on writing day.',
  ),
  overlord('app-log-viewer', 'App log viewer', 'logs', 'Logs', 'The server’s application log will be readable here.'),
  overlord(
    'activity-logs',
    'Activity logs',
    'logs',
    'Logs',
    'The audit trail of every change and impersonation will be searchable here.',
  ),
];

export const overlordRoutes: AppRoute[] = pages.map(({ sub, ...page }) => ({
  id: `overlord.${sub.replaceAll('/', '.')}`,
  path: `/overlord/${sub}`,
  layout: 'overlord',
  access: ['overlord'],
  ...page,
}));
