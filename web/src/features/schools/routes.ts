import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';

const staff = (sub: string, title: string, summary: string) =>
  staffPage(sections.all, { sub, title, summary, feature: 'schools', nav: 'Schools and people', access: staffAccess.staff });

const portal = (sub: string, title: string, summary: string): AppRoute => ({
  id: `portal.${sub}`, path: `/portal/:olympiadName/${sub}`, layout: 'portal', access: ['teacher'],
  feature: 'schools', nav: 'Olympiad', title, summary,
});

export const schoolsRoutes: AppRoute[] = [
  ...staff('eoi', 'Expressions of interest', 'Schools’ expressions of interest will be processed here: matched to a school, or declined.'),
  ...staff('edit/schools', 'Schools', 'The schools known to this olympiad will be searched and edited here.'),
  ...staff('edit/participating-schools', 'Participating schools', 'The schools entered in this olympiad, with their learners and orders, will be listed here.'),
  ...staff('edit/participating-countries', 'Participating countries', 'The countries whose teams are entered in this olympiad will be listed here.'),
  ...staff('edit/countries', 'Countries', 'The countries that may enter teams will be edited here.'),
  portal('school', 'School', 'Your school’s details and its entry in this olympiad will be managed here.'),
  portal('team', 'Team', 'Your country’s team for this olympiad will be managed here.'),
];
