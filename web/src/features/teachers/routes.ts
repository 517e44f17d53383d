import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const MyProfilePage = pageChunk(() => import('./pages/MyProfilePage.js'), 'MyProfilePage');
const TeachersPage = pageChunk(() => import('./pages/TeachersPage.js'), 'TeachersPage');
const TeamAdminsPage = pageChunk(() => import('./pages/TeamAdminsPage.js'), 'TeamAdminsPage');

const staff = (sub: string, title: string, summary: string, page: AppRoute['page'], kinds: AppRoute['kinds']) =>
  staffPage(sections.all, {
    sub,
    title,
    summary,
    feature: 'teachers',
    nav: 'Schools and people',
    access: staffAccess.staff,
    page,
    kinds,
  });

export const teachersRoutes: AppRoute[] = [
  ...staff('edit/teachers', 'Teachers', 'The teachers of this olympiad’s schools.', TeachersPage, ['school']),
  ...staff(
    'edit/team-admins',
    'Team admins',
    'The people who register each country’s team: invited, verified, disabled.',
    TeamAdminsPage,
    ['country'],
  ),
  {
    id: 'portal.my-profile',
    path: '/portal/my-profile',
    layout: 'portal',
    access: ['teacher'],
    feature: 'teachers',
    nav: 'My account',
    title: 'My profile',
    summary: 'Your name, email address and phone number.',
    page: MyProfilePage,
  },
];
