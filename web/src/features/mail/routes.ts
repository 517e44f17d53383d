import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const BouncesPage = pageChunk(() => import('./pages/BouncesPage.js'), 'BouncesPage');
const ContactsPage = pageChunk(() => import('./pages/ContactsPage.js'), 'ContactsPage');
const EmailCopyPage = pageChunk(() => import('./pages/EmailCopyPage.js'), 'EmailCopyPage');
const EmailLogsPage = pageChunk(() => import('./pages/EmailLogsPage.js'), 'EmailLogsPage');
const FileAttachmentsPage = pageChunk(() => import('./pages/FilesPages.js'), 'FileAttachmentsPage');
const UploadsPage = pageChunk(() => import('./pages/FilesPages.js'), 'UploadsPage');
const MassMailQueuePage = pageChunk(() => import('./pages/MassMailQueuePage.js'), 'MassMailQueuePage');
const MassMailsPage = pageChunk(() => import('./pages/MassMailsPage.js'), 'MassMailsPage');
const UnsubscribePage = pageChunk(() => import('./pages/UnsubscribePage.js'), 'UnsubscribePage');
const UnsubscribesPage = pageChunk(() => import('./pages/UnsubscribesPage.js'), 'UnsubscribesPage');

const unsubscribeSummary = 'Stop receiving mass mail from Olympus, with one click from an email.';

/** An overlord page of the mail feature (same ids and paths as the overlord route table). */
const overlord = (sub: string, title: string, nav: string, summary: string, page: AppRoute['page']): AppRoute => ({
  id: `overlord.${sub.replaceAll('/', '.')}`,
  path: `/overlord/${sub}`,
  layout: 'overlord',
  access: ['overlord'],
  feature: 'mail',
  title,
  nav,
  summary,
  page,
});

export const mailRoutes: AppRoute[] = [
  ...staffPage(sections.adminFunding, {
    sub: 'edit/interested-and-affected-parties',
    title: 'Interested and affected parties',
    feature: 'mail',
    nav: 'Mail',
    access: staffAccess.adminFunding,
    summary: 'Useful contacts (sponsors, officials, partners) of this olympiad, who can be sent its news.',
    page: ContactsPage,
  }),
  ...staffPage(sections.adminFunding, {
    sub: 'edit/mass-mailers',
    title: 'Mass mailers',
    feature: 'mail',
    nav: 'Mail',
    access: staffAccess.adminFunding,
    summary: 'Mailings to teachers, schools and contacts of this olympiad: compose, count, preview and queue.',
    page: MassMailsPage,
  }),
  ...staffPage(sections.admin, {
    sub: 'edit/system-emails',
    title: 'System emails',
    feature: 'mail',
    nav: 'Copy and files',
    access: staffAccess.admin,
    summary: 'The wording of the messages this olympiad sends by itself.',
    page: EmailCopyPage,
  }),
  ...staffPage(sections.admin, {
    sub: 'file-attachments',
    title: 'File attachments',
    feature: 'mail',
    nav: 'Copy and files',
    access: staffAccess.admin,
    summary: 'Files to attach to this olympiad’s mass mail.',
    page: FileAttachmentsPage,
  }),
  ...staffPage(sections.admin, {
    sub: 'reports/email-logs',
    title: 'Email logs',
    feature: 'mail',
    nav: 'Reports',
    access: staffAccess.admin,
    summary: 'Every email this olympiad sent, with its delivery outcome.',
    page: EmailLogsPage,
  }),
  ...staffPage(sections.adminFunding, {
    sub: 'reports/unsubscribes',
    title: 'Unsubscribes',
    feature: 'mail',
    nav: 'Reports',
    access: staffAccess.adminFunding,
    summary: 'Addresses that unsubscribed from this olympiad’s mass mail.',
    page: UnsubscribesPage,
  }),
  overlord(
    'edit/mass-mails',
    'Mass Mails',
    'Mail',
    'Mass mailings, composed and addressed to their audiences.',
    MassMailsPage,
  ),
  overlord(
    'mass-mail-queue',
    'Mass mail queue',
    'Mail',
    'Queued mass mail, held and released in batches.',
    MassMailQueuePage,
  ),
  overlord('email-logs', 'Email logs', 'Mail', 'Every email sent, with its delivery outcome.', EmailLogsPage),
  overlord('unsubscribes', 'Unsubscribes', 'Mail', 'Addresses that unsubscribed from mass mail.', UnsubscribesPage),
  overlord('bounces', 'Bounces', 'Mail', 'Addresses whose mail bounced.', BouncesPage),
  overlord('edit/email-copy', 'Email copy', 'Content', 'The wording of the platform’s system emails.', EmailCopyPage),
  overlord('file-attachments', 'File attachments', 'Content', 'Files attached to mass mail.', FileAttachmentsPage),
  overlord('uploads', 'Uploads', 'Content', 'Every stored file.', UploadsPage),
  {
    id: 'mail.unsubscribe',
    path: '/unsubscribe/:ref?',
    layout: 'site',
    access: 'public',
    feature: 'mail',
    title: 'Unsubscribe',
    summary: unsubscribeSummary,
    page: UnsubscribePage,
  },
  {
    id: 'mail.olympiad-unsubscribe',
    path: '/:olympiadName/unsubscribe/:ref?',
    layout: 'site',
    access: 'public',
    feature: 'mail',
    title: 'Unsubscribe',
    summary: unsubscribeSummary,
    page: UnsubscribePage,
  },
];
