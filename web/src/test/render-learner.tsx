import { QueryClientProvider } from '@tanstack/react-query';
import { I18nRoot } from '../lib/i18n/index.js';
import { type queries, render, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient } from '../app/query-client.js';
import { person } from './user.js';

/**
 * A component of the learner's question page as web/src/learner/main.tsx mounts it: the app's query client under a
 * router, and no Mantine (the question page never loads it, decision 016).
 */
export interface LearnerRender extends RenderResult {
  user: UserEvent;
  /** Where the router is now (path and query), after a link was followed. */
  location: () => string;
}

export function renderInLearnerPage(ui: ReactElement, { path = '/' }: { path?: string } = {}): LearnerRender {
  const queryClient = createQueryClient();
  let current = path;
  function Where() {
    const location = useLocation();
    current = `${location.pathname}${location.search}`;
    return null;
  }
  function Providers({ children }: { children: ReactNode }) {
    return (
      <I18nRoot>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Where />
            {children}
          </MemoryRouter>
        </QueryClientProvider>
      </I18nRoot>
    );
  }
  return { ...render<typeof queries>(ui, { wrapper: Providers }), user: person(), location: () => current };
}
