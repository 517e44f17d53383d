import { pageChunk, type AppRoute } from '../../lib/routing/index.js';
import { sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const OlympiadsPage = pageChunk(() => import('./pages/OlympiadsPage.js'), 'OlympiadsPage');
const ProjectsPage = pageChunk(() => import('./pages/ProjectsPage.js'), 'ProjectsPage');
const SettingsAndActionsPage = pageChunk(() => import('./pages/SettingsAndActionsPage.js'), 'SettingsAndActionsPage');
const SubProjectsPage = pageChunk(() => import('./pages/SubProjectsPage.js'), 'SubProjectsPage');

const overlord = (sub: string, title: string, summary: string, page: AppRoute['page']): AppRoute => ({
  id: `overlord.${sub.replaceAll('/', '.')}`,
  path: `/overlord/${sub}`,
  layout: 'overlord',
  access: ['overlord'],
  feature: 'olympiads',
  nav: 'Projects and olympiads',
  title,
  summary,
  page,
});

export const olympiadsRoutes: AppRoute[] = [
  overlord(
    'edit/olympus-projects',
    'Olympus projects',
    'Projects: public sites with their own search-engine metadata.',
    ProjectsPage,
  ),
  overlord('edit/olympus-sub-projects', 'Olympus sub-projects', 'The sub-projects of each project.', SubProjectsPage),
  overlord('edit/olympiads', 'Olympiads', 'Olympiads with their dates, fees and granted admins.', OlympiadsPage),
  ...staffPage(sections.admin, {
    sub: 'settings-and-actions',
    title: 'Settings and actions',
    feature: 'olympiads',
    nav: 'Olympiad',
    access: staffAccess.admin,
    page: SettingsAndActionsPage,
    summary:
      'Open or close the olympiad, pin it, check what blocks opening, re-mark, reset a learner and act as a user.',
  }),
];
