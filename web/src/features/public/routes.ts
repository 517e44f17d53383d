import type { AppRoute } from '../../lib/routing/index.js';
import { EoiFormPage } from './pages/EoiFormPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import {
  ProjectAboutPage,
  ProjectContactPage,
  ProjectFaqPage,
  ProjectHomePage,
  ProjectRulesPage,
} from './pages/ProjectPage.js';
import {
  AboutPage,
  OlympusContactPage,
  OlympusHomePage,
  OurPartnersPage,
  OurUsersPage,
  PrivacyPage,
  TermsPage,
} from './pages/SitePages.js';
import { PastOlympiadsPage } from './pages/PastOlympiadsPage.js';
import { PastWinnersPage } from './pages/PastWinnersPage.js';
import { WatchPage } from './pages/WatchPage.js';

const site = (id: string, path: string, title: string, summary: string, page: AppRoute['page']): AppRoute => ({
  id,
  path,
  title,
  summary,
  page,
  layout: 'site',
  access: 'public',
  feature: 'public',
});

export const publicRoutes: AppRoute[] = [
  site('public.watch', '/', 'Online school olympiads', 'Every olympiad on the platform.', WatchPage),
  site(
    'public.olympus.home',
    '/olympus/home',
    'Online school olympiads',
    'Every olympiad on the platform.',
    OlympusHomePage,
  ),
  site('public.olympus.about', '/olympus/about', 'About Olympus', 'What Olympus is and who it is for.', AboutPage),
  site(
    'public.olympus.our-partners',
    '/olympus/our-partners',
    'Our partners',
    'The organisations that make the olympiads possible.',
    OurPartnersPage,
  ),
  site(
    'public.olympus.our-users',
    '/olympus/our-users',
    'Our users',
    'What the schools, teachers and organisers who use Olympus say.',
    OurUsersPage,
  ),
  site('public.olympus.contact', '/olympus/contact', 'Contact', 'How to reach the Olympus team.', OlympusContactPage),
  site(
    'public.olympus.terms',
    '/olympus/terms',
    'Terms and conditions',
    'The terms a teacher accepts before entering a school.',
    TermsPage,
  ),
  site(
    'public.privacy',
    '/privacy',
    'Privacy',
    'What personal data Olympus keeps, why, and for how long.',
    PrivacyPage,
  ),
  site('public.project.home', '/:projectName/home', 'Home', 'The project’s olympiads.', ProjectHomePage),
  site(
    'public.project.about',
    '/:projectName/about',
    'About',
    'What this olympiad is about and who runs it.',
    ProjectAboutPage,
  ),
  site(
    'public.project.participation-and-rules',
    '/:projectName/participation-and-rules',
    'Participation and rules',
    'Who may enter, how to enter, and the rules of writing.',
    ProjectRulesPage,
  ),
  site(
    'public.project.past-olympiads',
    '/:projectName/past-olympiads',
    'Past olympiads',
    'Earlier olympiads of this project: when they ran and how many schools and learners wrote.',
    PastOlympiadsPage,
  ),
  site(
    'public.project.past-winners',
    '/:projectName/past-winners',
    'Past winners',
    'The winners of earlier olympiads, as each olympiad chose to name them.',
    PastWinnersPage,
  ),
  site(
    'public.project.contact',
    '/:projectName/contact',
    'Contact',
    'How to reach this olympiad’s organisers.',
    ProjectContactPage,
  ),
  site(
    'public.project.faq',
    '/:projectName/faq',
    'FAQ',
    'Answers to common questions about this olympiad.',
    ProjectFaqPage,
  ),
  site(
    'public.project.expression-of-interest',
    '/:projectName/expression-of-interest',
    'Enter your school',
    'Schools express interest in taking part.',
    EoiFormPage,
  ),
  site('public.not-found', '*', 'Page not found', 'There is no page at this address.', NotFoundPage),
];

/** The public header's language switcher and links (decision 092), for the site layout in the app shell. */
export { LanguageLinks, useFollowPageLanguage, useLangTo } from './language.js';
