import './learner.css';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client.js';
import { I18nRoot, pickLocale, prepareLocale } from '../lib/i18n/index.js';
import { onReconnect } from '../lib/offline/reconnect.js';
import { registerLearnerWorker } from '../lib/offline/worker.js';
import { learnerRouter } from './router.js';

/**
 * The learner's entry (web/learner.html): the server sends it for /{olympiadName}/olympiad/… so a
 * learner's phone loads the sitting pages and nothing of the staff app: no Mantine, no zod on the
 * question page's first load, which must stay small on a phone (decision 016).
 */
const queryClient = createQueryClient();

// The queries read again when the network returns, as the outbox sends: at this page's own moment, not in the same
// second as every other learner of the school (lib/offline/reconnect.ts).
onlineManager.setEventListener((setOnline) => {
  const offline = () => setOnline(false);
  const stop = onReconnect(() => setOnline(true));
  window.addEventListener('offline', offline);
  return () => {
    stop();
    window.removeEventListener('offline', offline);
  };
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The learner's words in their last chosen language (else the browser's), loaded before the first render; the
// sitting switches to the language kept on the attempt once it knows it. The words forms use for a refused value
// ('validation') come with the pages that have forms (router.tsx): the question page has none, and its first load
// stays within its budget (decision 091).
void prepareLocale(pickLocale(['en', 'af']), ['common', 'learner']).then(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nRoot>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={learnerRouter} />
        </QueryClientProvider>
      </I18nRoot>
    </StrictMode>,
  ),
);

// The paper survives a reload, a closed tab or a restarted browser without the network (decision 086).
registerLearnerWorker();
