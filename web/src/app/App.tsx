import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nRoot } from '../lib/i18n/index.js';
import { createQueryClient } from './query-client.js';
import { router } from './router.js';
import { cssVariablesResolver, theme } from './theme.js';

const queryClient = createQueryClient();

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <I18nRoot>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nRoot>
    </MantineProvider>
  );
}
