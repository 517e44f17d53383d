import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const ModerationPage = pageChunk(() => import('./pages/ModerationPage.js'), 'ModerationPage');
const ResultsRoute = pageChunk(() => import('./pages/ResultsRoute.js'), 'ResultsRoute');

export const resultsRoutes: AppRoute[] = [
  ...staffPage(sections.admin, {
    sub: 'results/moderation',
    title: 'Moderation',
    feature: 'results',
    nav: 'Results',
    access: staffAccess.admin,
    summary:
      'Flagged attempts (identical answers, too fast, many address changes) with their evidence: clear, adjust, disqualify or reset.',
    page: ModerationPage,
  }),
  ...staffPage(sections.admin, {
    sub: 'results/awards',
    title: 'Results and awards',
    feature: 'results',
    nav: 'Results',
    access: staffAccess.admin,
    summary: 'The award rule and its distribution, publishing, the ranked learners, the top schools and downloads.',
    page: ResultsRoute,
  }),
];
