import { useEffect } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { SiteLayout } from '../app/layouts/SiteLayout.js';
import { RouteError } from '../app/shell/RouteError.js';
import { RouteGuard } from '../app/shell/RouteGuard.js';
import { FirstLoad, Root } from '../app/shell/Root.js';
import { publicRoutes } from '../features/public/routes.js';
import type { AppRoute } from '../lib/routing/index.js';

function toRouteObject(route: AppRoute): RouteObject {
  const base = { path: route.path, handle: route };
  if (route.page) return { ...base, Component: route.page };
  const load = route.lazyPage;
  if (load) return { ...base, lazy: async () => ({ Component: (await load()).default }) };
  throw new Error(`Public route ${route.id} has no page`);
}

/**
 * Any address that is not a public page (sign-in, the portals, the staff area) belongs to the main app: a full
 * page load, so the server sends index.html. The server sends public.html only for addresses these routes match
 * (server/features/spa/routes.ts), so this never reloads the same address twice.
 */
function ElsewhereInTheApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <FirstLoad />;
}

/**
 * The public site's own routes: the site layout's pages of the app's route table and nothing else; its not-found
 * page is the app's (a full page load). The browser's router (main.tsx) and the server's render (server.tsx) use
 * the same, so the page the server sends is the page the browser hydrates.
 */
export const publicRouteObjects: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: FirstLoad,
    children: [
      {
        element: (
          <RouteGuard>
            <SiteLayout />
          </RouteGuard>
        ),
        children: publicRoutes.filter((r) => r.layout === 'site' && r.path !== '*').map(toRouteObject),
      },
      { path: '*', Component: ElsewhereInTheApp },
    ],
  },
];
