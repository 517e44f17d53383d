import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { FaqPage } from './pages/FaqPage.js';
import { OlympiadFaqsPage } from './pages/OlympiadFaqsPage.js';
import { OverlordFaqsPage } from './pages/OverlordFaqsPage.js';

const admin = (sub: string, title: string, summary: string, page?: AppRoute['page']) =>
  staffPage(sections.admin, {
    sub,
    title,
    summary,
    feature: 'content',
    nav: 'Copy and files',
    access: staffAccess.admin,
    page,
  });

export const contentRoutes: AppRoute[] = [
  ...admin(
    'edit/general-copy',
    'General copy',
    'The olympiad’s wording for its teachers: the questions and answers they read in the portal.',
    OlympiadFaqsPage,
  ),
  ...admin('edit/website-copy', 'Website copy', 'The text of this olympiad’s public pages will be edited here.'),
  {
    id: 'overlord.edit.faqs',
    path: '/overlord/edit/faqs',
    layout: 'overlord',
    access: ['overlord'],
    feature: 'content',
    nav: 'Content',
    title: 'FAQs',
    summary: 'Questions and answers for the teacher portal and the public FAQ pages.',
    page: OverlordFaqsPage,
  },
  {
    id: 'portal.faq',
    path: '/portal/faq',
    layout: 'portal',
    access: ['teacher'],
    feature: 'content',
    nav: 'My account',
    title: 'FAQ',
    summary: 'Answers to teachers’ common questions.',
    page: FaqPage,
  },
  {
    id: 'portal.olympiad.faq',
    path: '/portal/:olympiadName/faq',
    layout: 'portal',
    access: ['teacher'],
    feature: 'content',
    nav: 'Olympiad',
    title: 'FAQ',
    summary: 'Answers to common questions about this olympiad.',
    page: FaqPage,
  },
];
