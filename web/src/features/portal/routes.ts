import { pageChunk, type AppRoute } from '../../lib/routing/index.js';

const PortalHomePage = pageChunk(() => import('./pages/PortalHomePage.js'), 'PortalHomePage');
const PortalOlympiadPage = pageChunk(() => import('./pages/PortalOlympiadPage.js'), 'PortalOlympiadPage');

/** The portal frame's name (the app shell reads a feature only through its routes). */
export { usePortalName, usePortalRole } from './api/portal-name.js';
export { LanguageSwitcher } from './components/LanguageSwitcher.js';
export { portalGroupLabel, portalRouteTitle } from './components/route-titles.js';
export { usePortalLanguage } from './components/use-portal-language.js';

export const portalRoutes: AppRoute[] = [
  {
    id: 'portal.home',
    path: '/portal',
    layout: 'portal',
    access: ['teacher'],
    feature: 'portal',
    nav: 'My account',
    title: 'Home',
    page: PortalHomePage,
    summary: 'Your school’s olympiads.',
  },
  {
    id: 'portal.olympiad',
    path: '/portal/:olympiadName',
    layout: 'portal',
    access: ['teacher'],
    feature: 'portal',
    nav: 'Olympiad',
    title: 'Olympiad overview',
    page: PortalOlympiadPage,
    summary: 'Your school’s entry in this olympiad: status, learners and what to do next.',
  },
];
