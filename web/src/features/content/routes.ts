import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { FaqPage } from './pages/FaqPage.js';

const admin = (sub: string, title: string, summary: string) =>
  staffPage(sections.admin, {
    sub,
    title,
    summary,
    feature: 'content',
    nav: 'Copy and files',
    access: staffAccess.admin,
  });

export const contentRoutes: AppRoute[] = [
  ...admin(
    'edit/general-copy',
    'General copy',
    'The olympiad’s general wording (instructions, declaration, messages) will be edited here.',
  ),
  ...admin('edit/website-copy', 'Website copy', 'The text of this olympiad’s public pages will be edited here.'),
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
