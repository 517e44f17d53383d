import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { ResultsRoute } from './pages/ResultsRoute.js';

export const resultsRoutes: AppRoute[] = [
  ...staffPage(sections.admin, {
    sub: 'results/moderation',
    title: 'Moderation',
    feature: 'results',
    nav: 'Results',
    access: staffAccess.admin,
    summary: 'Suspicious attempts (too fast, identical answers, many address changes) will be reviewed here.',
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
