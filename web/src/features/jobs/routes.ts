import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const JobsPage = pageChunk(() => import('./pages/JobsPage.js'), 'JobsPage');

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
