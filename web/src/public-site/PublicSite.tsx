import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { cssVariablesResolver, theme } from '../app/theme.js';

/**
 * The providers around every public page, the same on the server (server.tsx renders the page into the HTML it
 * sends) and in the browser (main.tsx hydrates that HTML), so that both render the same markup.
 */
export function PublicSite({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="top-right" zIndex={1000} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}

/** The element holding the server's answers that the page was rendered from (JSON, read before hydrating). */
export const PAGE_DATA_ID = 'olympus-page-data';
