import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { NotAvailableYetPage } from '../components/NotAvailableYet.js';
import type { AppRoute, Layout } from '../lib/routing/index.js';
import { LearnerLayout } from './layouts/LearnerLayout.js';
import { MainLayout } from './layouts/MainLayout.js';
import { OverlordLayout } from './layouts/OverlordLayout.js';
import { PlainLayout } from './layouts/PlainLayout.js';
import { PortalLayout } from './layouts/PortalLayout.js';
import { SiteLayout } from './layouts/SiteLayout.js';
import { routesOfLayout, staffAreaRedirects } from './routes.js';
import { RouteError } from './shell/RouteError.js';
import { RouteGuard } from './shell/RouteGuard.js';
import { PageBoundary } from './shell/PageBoundary.js';
import { FirstLoad, Root } from './shell/Root.js';

const layouts: Record<Layout, ComponentType> = {
  site: SiteLayout,
  plain: PlainLayout,
  overlord: OverlordLayout,
  main: MainLayout,
  portal: PortalLayout,
  learner: LearnerLayout,
};

function toRouteObject(route: AppRoute): RouteObject {
  const base = { path: route.path, handle: route };
  const Page = route.page;
  if (Page)
    return {
      ...base,
      element: (
        <PageBoundary>
          <Page />
        </PageBoundary>
      ),
    };
  const load = route.lazyPage;
  if (load) return { ...base, lazy: async () => ({ Component: (await load()).default }) };
  return { ...base, Component: NotAvailableYetPage };
}

function layoutRoute(layout: Layout): RouteObject {
  const Layout = layouts[layout];
  return {
    element: (
      <RouteGuard>
        <Layout />
      </RouteGuard>
    ),
    children: routesOfLayout(layout).map(toRouteObject),
  };
}

/** /{o}/admin/finance/… → /{o}/finance/… (and the same for funding). */
function SectionRedirect({ section }: { section: string }) {
  const { olympiadName = '', '*': rest = '' } = useParams();
  return <Navigate to={`/${olympiadName}/${section}/${rest}`} replace />;
}

export const router = createBrowserRouter(
  [
    {
      Component: Root,
      ErrorBoundary: RouteError,
      HydrateFallback: FirstLoad,
      children: [
        ...(Object.keys(layouts) as Layout[]).map(layoutRoute),
        ...staffAreaRedirects.map(({ path, to }) => ({ path, element: <SectionRedirect section={to} /> })),
      ],
    },
  ],
  { basename: '/' },
);
