import type { MessageId } from '../../lib/i18n/index.js';

/**
 * The document title of each page a learner, teacher or visitor meets, in the page's language (a route's own
 * `title` is its English, which the staff back office shows). web/src/app/routes.test.ts fails on such a page
 * missing here.
 */
export const pageTitles: Readonly<Record<string, MessageId>> = {
  // The learner's steps, sign-in included, in the learner catalogue (the learner app's first load).
  'sitting.instructions': 'learner.title.instructions',
  'sitting.declaration': 'learner.title.declaration',
  'sitting.recovery-pin': 'learner.title.recoveryPin',
  'sitting.learner-details': 'learner.title.details',
  'sitting.summary': 'learner.title.summary',
  'sitting.moduleIndex.intro': 'learner.title.section',
  'sitting.moduleIndex.questionIndex': 'learner.title.question',
  'sitting.finished': 'learner.title.finished',
  'auth.login': 'learner.title.signIn',
  'auth.olympiad-login': 'learner.title.signIn',
  // The teacher portal, named as its menu names them.
  'portal.home': 'portal.nav.home',
  'portal.olympiad': 'portal.nav.olympiad',
  'portal.update-password': 'portal.nav.updatePassword',
  'portal.invoices': 'portal.nav.invoices',
  'portal.load-learners': 'portal.nav.loadLearners',
  'portal.team': 'portal.nav.team',
  'portal.school': 'portal.nav.school',
  'portal.my-profile': 'portal.nav.myProfile',
  'portal.faq': 'portal.nav.faq',
  'portal.olympiad.faq': 'portal.nav.olympiadFaq',
  'portal.certificates': 'portal.nav.certificates',
  'portal.load-learners.personal-data': 'portal.learners.personalData',
  'portal.team.personal-data': 'portal.learners.personalData',
  // The public pages and the pages an email link opens.
  'public.watch': 'public.pageTitle.publicWatch',
  'public.olympus.home': 'public.pageTitle.publicOlympusHome',
  'public.olympus.about': 'public.pageTitle.publicOlympusAbout',
  'public.olympus.our-partners': 'public.pageTitle.publicOlympusOurPartners',
  'public.olympus.our-users': 'public.pageTitle.publicOlympusOurUsers',
  'public.olympus.contact': 'public.pageTitle.publicOlympusContact',
  'public.olympus.terms': 'public.pageTitle.publicOlympusTerms',
  'public.privacy': 'public.pageTitle.publicPrivacy',
  'public.project.home': 'public.pageTitle.publicProjectHome',
  'public.project.about': 'public.pageTitle.publicProjectAbout',
  'public.project.participation-and-rules': 'public.pageTitle.publicProjectParticipationAndRules',
  'public.project.past-olympiads': 'public.pageTitle.publicProjectPastOlympiads',
  'public.project.past-winners': 'public.pageTitle.publicProjectPastWinners',
  'public.project.contact': 'public.pageTitle.publicProjectContact',
  'public.project.faq': 'public.pageTitle.publicProjectFaq',
  'public.project.expression-of-interest': 'public.pageTitle.publicProjectExpressionOfInterest',
  'public.not-found': 'public.pageTitle.publicNotFound',
  'auth.verify-email': 'public.pageTitle.authVerifyEmail',
  'auth.welcome': 'public.pageTitle.authWelcome',
  'auth.account': 'public.pageTitle.authAccount',
  'mail.unsubscribe': 'public.pageTitle.mailUnsubscribe',
  'mail.olympiad-unsubscribe': 'public.pageTitle.mailOlympiadUnsubscribe',
  'public.verify': 'public.pageTitle.publicVerify',
};
