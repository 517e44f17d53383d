import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const FaqPage = pageChunk(() => import('./pages/FaqPage.js'), 'FaqPage');
const GeneralCopyPage = pageChunk(() => import('./pages/GeneralCopyPage.js'), 'GeneralCopyPage');
const OverlordFaqsPage = pageChunk(() => import('./pages/OverlordFaqsPage.js'), 'OverlordFaqsPage');
const SiteCopyPage = pageChunk(() => import('./pages/SiteCopyPage.js'), 'SiteCopyPage');
const TermsPage = pageChunk(() => import('./pages/TermsPage.js'), 'TermsPage');
const TestimonialsPage = pageChunk(() => import('./pages/TestimonialsPage.js'), 'TestimonialsPage');
const WebsiteCopyPage = pageChunk(() => import('./pages/WebsiteCopyPage.js'), 'WebsiteCopyPage');

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

/** A content page of the overlord's, under /overlord/edit/. */
const overlord = (sub: string, title: string, summary: string, page: AppRoute['page']): AppRoute => ({
  id: `overlord.edit.${sub}`,
  path: `/overlord/edit/${sub}`,
  layout: 'overlord',
  access: ['overlord'],
  feature: 'content',
  nav: 'Content',
  title,
  summary,
  page,
});

export const contentRoutes: AppRoute[] = [
  ...admin(
    'edit/general-copy',
    'General copy',
    'What the olympiad’s teachers and learners read: the portal’s and the learner’s texts, and the teachers’ questions and answers.',
    GeneralCopyPage,
  ),
  ...admin(
    'edit/website-copy',
    'Website copy',
    'The text of the public pages of this olympiad’s project: home, about, participation and rules, contact.',
    WebsiteCopyPage,
  ),
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
  overlord(
    'site-copy',
    'Site copy',
    'The platform’s own pages: home, about, partners with their logos, our users, contact.',
    SiteCopyPage,
  ),
  overlord('testimonials', 'Testimonials', 'What the platform’s users say, on the Our users page.', TestimonialsPage),
  overlord(
    'terms-and-conditions',
    'Terms and conditions',
    'The terms teachers accept, versioned: a new version asks every teacher to accept it again.',
    TermsPage,
  ),
  {
    id: 'portal.faq',
    path: '/portal/faq',
    layout: 'portal',
    access: ['teacher'],
    feature: 'content',
    nav: 'My account',
    title: 'Questions teachers ask',
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
    title: 'Questions and answers',
    summary: 'Answers to common questions about this olympiad.',
    page: FaqPage,
  },
];
