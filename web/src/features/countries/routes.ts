import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { CountriesPage } from './pages/CountriesPage.js';
import { ParticipatingCountriesPage } from './pages/ParticipatingCountriesPage.js';

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

/** The international olympiad's countries (decision 039); the team admins are teachers (features/teachers). */
export const countriesRoutes: AppRoute[] = [
  ...staff(
    'edit/participating-countries',
    'Participating countries',
    'The countries entered in this olympiad, with their team admins, teams and leaders.',
    ParticipatingCountriesPage,
  ),
  ...staff('edit/countries', 'Countries', 'The countries that may enter teams, with their time zones.', CountriesPage),
];
