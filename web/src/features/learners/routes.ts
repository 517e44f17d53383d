import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';

export const learnersRoutes: AppRoute[] = [
  ...staffPage(sections.admin, {
    sub: 'edit/learners', title: 'Learners', feature: 'learners', nav: 'Olympiad', access: staffAccess.admin,
    summary: 'Every learner of the olympiad will be searchable here, with their school, sitting and password reset.',
  }),
  {
    id: 'portal.load-learners', path: '/portal/:olympiadName/load-learners', layout: 'portal', access: ['teacher'],
    feature: 'learners', nav: 'Olympiad', title: 'Load learners',
    summary: 'Your learners will be loaded here from a spreadsheet (xlsx or csv), with a report on every row.',
  },
];
