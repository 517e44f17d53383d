import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { SettingsAndActionsPage } from './pages/SettingsAndActionsPage.js';

export const olympiadsRoutes: AppRoute[] = staffPage(sections.admin, {
  sub: 'settings-and-actions', title: 'Settings and actions', feature: 'olympiads', nav: 'Olympiad',
  access: staffAccess.admin, page: SettingsAndActionsPage,
  summary: 'Open or close the olympiad, pin it, check what blocks opening, and act as a user.',
});
