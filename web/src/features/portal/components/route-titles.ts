import { translate, type MessageId } from '../../../lib/i18n/index.js';

/**
 * The portal's pages and sidebar groups in the page's language. The routes (each feature's routes.ts) keep their
 * English titles for the staff's route index and its tests; the portal's sidebar and document titles read these.
 */
const titles: Record<string, MessageId> = {
  'portal.home': 'portal.nav.home',
  'portal.my-profile': 'portal.nav.myProfile',
  'portal.update-password': 'portal.nav.updatePassword',
  'portal.faq': 'portal.nav.faq',
  'portal.olympiad': 'portal.nav.olympiad',
  'portal.school': 'portal.nav.school',
  'portal.load-learners': 'portal.nav.loadLearners',
  'portal.invoices': 'portal.nav.invoices',
  'portal.team': 'portal.nav.team',
  'portal.certificates': 'portal.nav.certificates',
  'portal.olympiad.faq': 'portal.nav.olympiadFaq',
};

const groups: Record<string, MessageId> = { 'My account': 'portal.nav.group.account' };

/** A portal page's title in the page's language; a route the portal does not know keeps its own. */
export function portalRouteTitle(route: { id: string; title: string }): string {
  const id = titles[route.id];
  return id ? translate(id) : route.title;
}

/** A sidebar group's heading in the page's language (the olympiad's group is headed by its title). */
export function portalGroupLabel(label: string): string {
  const id = groups[label];
  return id ? translate(id) : label;
}
