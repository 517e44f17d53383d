import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { FeedbackRoute, ReportsOverviewRoute } from './pages/ReportsOverviewRoute.js';
import { StartTimesPage } from './pages/StartTimesPage.js';

const admin = (sub: string, title: string, summary: string, page?: AppRoute['page']) =>
  staffPage(sections.admin, {
    sub,
    title,
    summary,
    page,
    feature: 'reports',
    nav: 'Reports',
    access: staffAccess.admin,
  });

export const reportsRoutes: AppRoute[] = [
  ...staffPage(sections.admin, {
    sub: 'reports/overview',
    title: 'Overview',
    feature: 'reports',
    nav: 'Overview',
    access: staffAccess.admin,
    page: ReportsOverviewRoute,
    summary: 'The olympiad at a glance: schools, learners, sittings, payments and mail, with charts.',
  }),
  ...admin(
    'reports/feedback',
    'Feedback',
    'What learners said about the olympiad when they finished: ratings and comments.',
    FeedbackRoute,
  ),
  ...admin(
    'reports/start-times',
    'Start times',
    'When each learner started writing, who is writing and who has finished.',
    StartTimesPage,
  ),
];
