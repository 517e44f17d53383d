import { pageChunk, type AppRoute } from '../../lib/routing/index.js';

const UsersPage = pageChunk(() => import('./pages/UsersPage.js'), 'UsersPage');

/** /overlord/edit/users (docs/spec.md §2): staff users, their roles and olympiad grants. */
export const usersRoutes: AppRoute[] = [
  {
    id: 'overlord.edit.users',
    path: '/overlord/edit/users',
    layout: 'overlord',
    access: ['overlord'],
    feature: 'users',
    nav: 'People',
    title: 'Users',
    summary: 'Staff accounts of every role, their olympiad grants, passwords and sessions.',
    page: UsersPage,
  },
];
