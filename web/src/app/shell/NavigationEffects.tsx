import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../lib/i18n/index.js';
import { useCurrentRoute } from '../../lib/routing/index.js';
import { pageTitles } from './page-titles.js';

const PRODUCT = 'Olympus';

/** On every navigation: scroll to the top (docs/spec.md §2) and name the page in the document title. */
export function NavigationEffects() {
  const t = useT();
  const { pathname } = useLocation();
  const route = useCurrentRoute();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const own = route ? pageTitles[route.id] : undefined;
    const title = own ? t(own) : route?.title;
    document.title =
      route && route.id !== 'public.watch' ? `${title} · ${PRODUCT}` : `${PRODUCT} · ${t('learner.title.product')}`;
  }, [route, t]);

  return null;
}
