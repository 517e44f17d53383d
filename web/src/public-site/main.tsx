import '../lib/zod-config.js';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client.js';
import { cssVariablesResolver, theme } from '../app/theme.js';
import { publicRouter } from './router.js';

/**
 * The public site's entry (web/public.html, decision 043): the server sends it for the public pages (the Watch
 * page, the platform's pages, each project's pages), so a visitor's phone loads those pages and nothing of the
 * staff app. Any other address is a full page load of the app (router.tsx).
 */
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={publicRouter} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
