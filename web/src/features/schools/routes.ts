import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const EoiPage = pageChunk(() => import('./pages/EoiPage.js'), 'EoiPage');
const ParticipantsPage = pageChunk(() => import('./pages/ParticipantsPage.js'), 'ParticipantsPage');
const PortalSchoolPage = pageChunk(() => import('./pages/PortalSchoolPage.js'), 'PortalSchoolPage');
const SchoolsPage = pageChunk(() => import('./pages/SchoolsPage.js'), 'SchoolsPage');

/**
 * The schools' staff pages belong to school olympiads: a country olympiad's sidebar offers its countries, team
 * admins and participating countries instead (decision 039).
 */
const staff = (sub: string, title: string, summary: string, page?: AppRoute['page']) =>
  staffPage(sections.all, {
    sub,
    title,
    summary,
    feature: 'schools',
    nav: 'Schools and people',
    access: staffAccess.staff,
    page,
    kinds: ['school'],
  });

const portal = (sub: string, title: string, summary: string, page?: AppRoute['page']): AppRoute => ({
  id: `portal.${sub}`,
  path: `/portal/:olympiadName/${sub}`,
  layout: 'portal',
  access: ['teacher'],
  feature: 'schools',
  nav: 'Olympiad',
  title,
  summary,
  page,
});

export const schoolsRoutes: AppRoute[] = [
  {
    id: 'overlord.edit.schools',
    path: '/overlord/edit/schools',
    layout: 'overlord',
    access: ['overlord'],
    feature: 'schools',
    nav: 'Projects and olympiads',
    title: 'Schools',
    summary: 'Every school on the platform: search, edit, merge duplicates.',
    page: SchoolsPage,
  },
  ...staff(
    'eoi',
    'Expressions of interest',
    'Schools’ expressions of interest, matched to a school or declined.',
    EoiPage,
  ),
  ...staff('edit/schools', 'Schools', 'The schools entered in this olympiad.', SchoolsPage),
  ...staff(
    'edit/participating-schools',
    'Participating schools',
    'The schools entered in this olympiad, with their learners and status.',
    ParticipantsPage,
  ),
  { ...portal('school', 'School', 'Your school’s details.', PortalSchoolPage), kinds: ['school'] },
];
