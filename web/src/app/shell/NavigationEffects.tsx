import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useT, type MessageId } from '../../lib/i18n/index.js';
import { useCurrentRoute } from '../../lib/routing/index.js';

const PRODUCT = 'Olympus';

/** The learner's pages named in the page's language (the routes' `title` is their English). */
const learnerTitles: Record<string, MessageId> = {
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
};

/** On every navigation: scroll to the top (docs/spec.md §2) and name the page in the document title. */
export function NavigationEffects() {
  const t = useT();
  const { pathname } = useLocation();
  const route = useCurrentRoute();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const own = route ? learnerTitles[route.id] : undefined;
    const title = own ? t(own) : route?.title;
    document.title =
      route && route.id !== 'public.watch' ? `${title} · ${PRODUCT}` : `${PRODUCT} · ${t('learner.title.product')}`;
  }, [route, t]);

  return null;
}
