import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentRoute } from '../../lib/routing/index.js';

const PRODUCT = 'Olympus';

/** On every navigation: scroll to the top (docs/spec.md §2) and name the page in the document title. */
export function NavigationEffects() {
  const { pathname } = useLocation();
  const route = useCurrentRoute();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title =
      route && route.id !== 'public.watch' ? `${route.title} · ${PRODUCT}` : `${PRODUCT} · Online school olympiads`;
  }, [route]);

  return null;
}
