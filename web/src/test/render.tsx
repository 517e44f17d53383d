import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type queries, render, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../app/query-client.js';
import { I18nRoot } from '../lib/i18n/index.js';
import { ApiEffects } from '../app/shell/ApiEffects.js';
import { cssVariablesResolver, theme } from '../app/theme.js';
import { person } from './user.js';

/**
 * A staff-app component as the app mounts it (web/src/app/App.tsx, Root.tsx): the Mantine theme and its colour
 * resolver, the notifications, the app's query client (its MutationCache raises the notifications of writes) and
 * the API effects, under a router at `path`. Mantine's `env="test"` only turns off its transitions and portals, so
 * that a modal is in the page at once. A query that fails is not asked again (the app asks twice more, with a
 * delay).
 */
export interface AppRender extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** Where the router is now (path and query), after a link or a navigate(). */
  location: () => string;
}

export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

export interface AppRenderOptions {
  /** The address the router starts at. */
  path?: string;
  /** The route's pattern (`/:olympiadName/admin/...`), for a page that reads its params. */
  route?: string;
  /**
   * The page's entry in the route table (`AppRoute`), kept as its route's handle as the app keeps it: a page that
   * reads it (`useCurrentRoute`) needs a data router, and is rendered under one with this.
   */
  handle?: unknown;
}

export function renderWithApp(ui: ReactElement, { path = '/', route, handle }: AppRenderOptions = {}): AppRender {
  const queryClient = testQueryClient();
  let current = path;
  function Where() {
    const location = useLocation();
    current = `${location.pathname}${location.search}`;
    return null;
  }
  function AppProviders({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env="test">
        <Notifications position="top-right" zIndex={1000} />
        <I18nRoot>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </I18nRoot>
      </MantineProvider>
    );
  }
  function Providers({ children }: { children: ReactNode }) {
    return (
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <ApiEffects />
          <Where />
          {route ? (
            <Routes>
              <Route path={route} element={children} />
            </Routes>
          ) : (
            children
          )}
        </MemoryRouter>
      </AppProviders>
    );
  }
  const page = (
    <>
      <ApiEffects />
      <Where />
      {ui}
    </>
  );
  const rendered =
    handle === undefined
      ? render<typeof queries>(ui, { wrapper: Providers })
      : render<typeof queries>(
          <RouterProvider
            router={createMemoryRouter([{ path: route ?? '*', handle, element: page }], { initialEntries: [path] })}
          />,
          { wrapper: AppProviders },
        );
  return {
    ...rendered,
    user: person(),
    queryClient,
    location: () => current,
  };
}
