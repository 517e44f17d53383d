import { useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { NotAvailableYetPage } from '../components/NotAvailableYet.js';
import { prepareLocale, storedLocale, useLocale } from '../lib/i18n/index.js';
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

/** The staff back office is English (decision 090): its few shared words must not turn Afrikaans around it. */
const englishLayouts: ReadonlySet<Layout> = new Set(['main', 'overlord']);

/**
 * The language of a layout's pages: English in the back office; the person's own choice, when they made one, in
 * the portal, the sign-in pages and the learner's pages. The public site's language is its address's (`?lang=`).
 */
function LayoutLanguage({ layout, children }: { layout: Layout; children: ReactNode }) {
  const { locale } = useLocale();
  const wanted = englishLayouts.has(layout) ? 'en' : layout === 'site' ? null : storedLocale();
  useEffect(() => {
    if (wanted && wanted !== locale) void prepareLocale(wanted);
  }, [wanted, locale]);
  return children;
}

function layoutRoute(layout: Layout): RouteObject {
  const Layout = layouts[layout];
  return {
    element: (
      <RouteGuard>
        <LayoutLanguage layout={layout}>
          <Layout />
        </LayoutLanguage>
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
