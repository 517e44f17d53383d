import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const LoadLearnersPage = pageChunk(() => import('./pages/LoadLearnersPage.js'), 'LoadLearnersPage');
const TeamPage = pageChunk(() => import('./pages/TeamPage.js'), 'TeamPage');
const PersonalDataPage = pageChunk(() => import('./pages/PersonalDataPage.js'), 'PersonalDataPage');
const RetentionReportPage = pageChunk(() => import('./pages/RetentionReportPage.js'), 'RetentionReportPage');

const personalDataSummary =
  'Everything held about one learner (an access request): readable, printable, as JSON; and forgetting them.';

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
  // A learner's personal data (decision 108), opened from their row in the lists above: no sidebar entry.
  {
    id: 'admin.edit.learners.personal-data',
    path: '/:olympiadName/admin/edit/learners/:learnerId/personal-data',
    layout: 'main',
    section: 'admin',
    olympiadScoped: true,
    access: [...staffAccess.admin, 'overlord'],
    title: 'Personal data',
    feature: 'learners',
    page: PersonalDataPage,
    summary: personalDataSummary,
  },
  ...(['load-learners', 'team'] as const).map((list): AppRoute => ({
    id: `portal.${list}.personal-data`,
    path: `/portal/:olympiadName/${list}/:learnerId/personal-data`,
    layout: 'portal',
    access: ['teacher'],
    feature: 'learners',
    title: 'Personal data',
    page: PersonalDataPage,
    summary: personalDataSummary,
  })),
  {
    id: 'overlord.retention',
    path: '/overlord/retention',
    layout: 'overlord',
    access: ['overlord'],
    feature: 'learners',
    nav: 'Platform',
    title: 'Retention',
    page: RetentionReportPage,
    summary: 'Which olympiads’ learners the retention schedule would anonymise, and when; confirm each one.',
  },
];
