import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';

const unsubscribeSummary = 'Here you will be able to stop receiving mass mail from Olympus, with one click from an email.';

export const mailRoutes: AppRoute[] = [
  ...staffPage(sections.adminFunding, {
    sub: 'edit/interested-and-affected-parties', title: 'Interested and affected parties', feature: 'mail', nav: 'Mail',
    access: staffAccess.adminFunding, summary: 'Useful contacts (sponsors, officials, partners) who receive the olympiad’s news will be kept here.',
  }),
  ...staffPage(sections.adminFunding, {
    sub: 'edit/mass-mailers', title: 'Mass mailers', feature: 'mail', nav: 'Mail', access: staffAccess.adminFunding,
    summary: 'Mailings to teachers, schools and contacts of this olympiad will be composed and queued here.',
  }),
  {
    id: 'mail.unsubscribe', path: '/unsubscribe/:ref?', layout: 'site', access: 'public', feature: 'mail',
    title: 'Unsubscribe', summary: unsubscribeSummary,
  },
  {
    id: 'mail.olympiad-unsubscribe', path: '/:olympiadName/unsubscribe/:ref?', layout: 'site', access: 'public',
    feature: 'mail', title: 'Unsubscribe', summary: unsubscribeSummary,
  },
];
