import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const LoadLearnersPage = pageChunk(() => import('./pages/LoadLearnersPage.js'), 'LoadLearnersPage');
const TeamPage = pageChunk(() => import('./pages/TeamPage.js'), 'TeamPage');

export const learnersRoutes: AppRoute[] = [
  ...staffPage(sections.admin, {
    sub: 'edit/learners',
    title: 'Learners',
    feature: 'learners',
    nav: 'Olympiad',
    // The overlord opens it too: the overlord's search links every learner here (decision 037).
    access: [...staffAccess.admin, 'overlord'],
    page: LoadLearnersPage,
    summary: 'The learners of each school of the olympiad: load, correct, set passwords, print sign-in slips.',
  }),
  {
    id: 'portal.load-learners',
    path: '/portal/:olympiadName/load-learners',
    layout: 'portal',
    access: ['teacher'],
    feature: 'learners',
    nav: 'Olympiad',
    title: 'Load learners',
    kinds: ['school'],
    page: LoadLearnersPage,
    summary: 'Load your learners from a spreadsheet (xlsx or csv), with a report on every row.',
  },
  {
    id: 'portal.team',
    path: '/portal/:olympiadName/team',
    layout: 'portal',
    access: ['teacher'],
    feature: 'learners',
    nav: 'Olympiad',
    title: 'Team',
    kinds: ['country'],
    page: TeamPage,
    summary: 'Your country’s team (country olympiads): its members within the team size, slips, leaders.',
  },
];
