import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';

export const resultsRoutes: AppRoute[] = staffPage(sections.admin, {
  sub: 'results/moderation',
  title: 'Moderation',
  feature: 'results',
  nav: 'Results',
  access: staffAccess.admin,
  summary: 'Suspicious attempts (too fast, identical answers, many address changes) will be reviewed here.',
});
