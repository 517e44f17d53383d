import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const CountriesPage = pageChunk(() => import('./pages/CountriesPage.js'), 'CountriesPage');
const ParticipatingCountriesPage = pageChunk(
  () => import('./pages/ParticipatingCountriesPage.js'),
  'ParticipatingCountriesPage',
);

const staff = (sub: string, title: string, summary: string, page: AppRoute['page']) =>
  staffPage(sections.all, {
    sub,
    title,
    summary,
    feature: 'countries',
    nav: 'Schools and people',
    access: staffAccess.staff,
    page,
    kinds: ['country'],
  });

/**
 * The overlord keeps the shared country list (decision 069): its page in the overlord's area, the same page the
 * olympiad staff read (where only the overlord sees Add, Edit and Remove).
 */
const overlordCountries: AppRoute = {
  id: 'overlord.countries',
  path: '/overlord/countries',
  layout: 'overlord',
  access: ['overlord'],
  feature: 'countries',
  title: 'Countries',
  nav: 'Platform',
  summary: 'The countries that may enter teams in an international olympiad, with their time zones.',
  page: CountriesPage,
};

/** The international olympiad's countries (decision 039); the team admins are teachers (features/teachers). */
export const countriesRoutes: AppRoute[] = [
  overlordCountries,
  ...staff(
    'edit/participating-countries',
    'Participating countries',
    'The countries entered in this olympiad, with their team admins, teams and leaders.',
    ParticipatingCountriesPage,
  ),
  ...staff('edit/countries', 'Countries', 'The countries that may enter teams, with their time zones.', CountriesPage),
];
