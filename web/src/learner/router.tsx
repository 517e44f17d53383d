import { useEffect } from 'react';
import { createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { sittingRoutes } from '../features/sitting/routes.js';
import { afterFirstView } from '../lib/after-first-view.js';
import { activeLocale, prepareLocale } from '../lib/i18n/index.js';
import type { AppRoute } from '../lib/routing/index.js';
import { FirstLoad, LearnerError, LearnerGuard, LearnerRoot, LearnerShell } from './LearnerShell.js';

/** The paths the server answers with learner.html (server/features/spa/routes.ts says the same). */
export const LEARNER_PATH = /^\/[^/]+\/olympiad\//;

/** The question page's routes (PaperPage): plain elements, no Mantine. The other sitting pages load it with them. */
const PLAIN_PAGES = new Set(['sitting.summary', 'sitting.moduleIndex.intro', 'sitting.moduleIndex.questionIndex']);

function toRouteObject(route: AppRoute): RouteObject {
  const load = route.lazyPage;
  if (!load) throw new Error(`Learner route ${route.id} has no lazy page`);
  const plain = PLAIN_PAGES.has(route.id);
  return {
    path: route.path,
    handle: route,
    lazy: async () => {
      if (plain) {
        const page = await load();
        // The question page fetches the finished page ahead (it must open offline at time-up); that page
        // needs Mantine too. Fetched once the question and its pictures are shown, never part of its first load.
        afterFirstView(() => void import('./with-mantine.js'));
        afterFirstView(() => void prepareLocale(activeLocale(), ['sitting', 'validation']));
        return { Component: page.default };
      }
      // The steps before and after the paper: their own words (`sitting`) and the words for a refused value load with
      // them; the question page's first load carries only what it shows (main.tsx, decision 090).
      const [page, { withMantine }] = await Promise.all([
        load(),
        import('./with-mantine.js'),
        prepareLocale(activeLocale(), ['sitting', 'validation']),
      ]);
      return { Component: withMantine(page.default) };
    },
  };
}

/**
 * Any other address (/login after signing out, a home page, the staff area) belongs to the main app:
 * a full page load, so the server sends index.html. A learner path this router does not know is a 404
 * here, never a reload (the server would send learner.html again).
 */
function ElsewhereInTheApp() {
  const { pathname, search, hash } = useLocation();
  const learnerPath = LEARNER_PATH.test(pathname);
  useEffect(() => {
    if (!learnerPath) window.location.replace(`${pathname}${search}${hash}`);
  }, [learnerPath, pathname, search, hash]);
  if (learnerPath) throw new Response('Not found', { status: 404, statusText: 'Not found' });
  return <FirstLoad />;
}

/** The learner's own router: only the sitting pages (docs/spec.md §2), none of the staff app (decision 016). */
export const learnerRouter = createBrowserRouter([
  {
    Component: LearnerRoot,
    ErrorBoundary: LearnerError,
    HydrateFallback: FirstLoad,
    children: [
      {
        element: (
          <LearnerGuard>
            <LearnerShell />
          </LearnerGuard>
        ),
        children: sittingRoutes.map(toRouteObject),
      },
      { path: '*', Component: ElsewhereInTheApp },
    ],
  },
]);
