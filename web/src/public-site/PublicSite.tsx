import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { type ReactNode, StrictMode } from 'react';
import { I18nRoot } from '../lib/i18n/index.js';
import { cssVariablesResolver, theme } from '../app/theme.js';

/**
 * The providers around every public page, the same on the server (server.tsx renders the page into the HTML it
 * sends) and in the browser (main.tsx hydrates that HTML), so that both render the same markup.
 */
export function PublicSite({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  /** The server's render passes the instance of its one page; the browser uses its own. */
  i18n?: I18n;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="top-right" zIndex={1000} />
        <I18nRoot instance={i18n}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </I18nRoot>
      </MantineProvider>
    </StrictMode>
  );
}

/** The element holding the server's answers that the page was rendered from (JSON, read before hydrating). */
export const PAGE_DATA_ID = 'olympus-page-data';
