import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { JobsPage } from './pages/JobsPage.js';

export const jobsRoutes: AppRoute[] = [
  ...staffPage(sections.admin, {
    sub: 'reports/jobs',
    title: 'Background jobs',
    feature: 'jobs',
    nav: 'Reports',
    access: staffAccess.admin,
    summary:
      'Every long job of the olympiad (certificates, moderation, invoices, learner imports): its state, progress and outcome.',
    page: JobsPage,
  }),
];
