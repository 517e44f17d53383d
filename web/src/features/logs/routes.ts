import { pageChunk, type AppRoute } from '../../lib/routing/index.js';

const ActivityLogPage = pageChunk(() => import('./pages/ActivityLogPage.js'), 'ActivityLogPage');
const AppLogPage = pageChunk(() => import('./pages/AppLogPage.js'), 'AppLogPage');
const LoginActivityPage = pageChunk(() => import('./pages/LoginActivityPage.js'), 'LoginActivityPage');

/** An overlord page of the logs feature (same ids and paths as the overlord route table). */
const overlord = (sub: string, title: string, nav: string, summary: string, page: AppRoute['page']): AppRoute => ({
  id: `overlord.${sub}`,
  path: `/overlord/${sub}`,
  layout: 'overlord',
  access: ['overlord'],
  feature: 'logs',
  title,
  nav,
  summary,
  page,
});

/** The overlord's logs (decision 037). */
export const logsRoutes: AppRoute[] = [
  overlord(
    'learner-login-activity',
    'Learner login activity',
    'People',
    'Learner sign-ins and failures over time, per olympiad and school.',
    LoginActivityPage,
  ),
  overlord(
    'app-log-viewer',
    'App log viewer',
    'Logs',
    'The server’s warnings and errors, by where they come from.',
    AppLogPage,
  ),
  overlord(
    'activity-logs',
    'Activity logs',
    'Logs',
    'Every change and impersonation, with before and after.',
    ActivityLogPage,
  ),
];
