import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { MyProfilePage } from './pages/MyProfilePage.js';
import { TeachersPage } from './pages/TeachersPage.js';
import { TeamAdminsPage } from './pages/TeamAdminsPage.js';

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
