import '../lib/zod-config.js';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client.js';
import { isLocale, prepareLocale } from '../lib/i18n/index.js';
import { PAGE_DATA_ID, PublicSite } from './PublicSite.js';
import { publicRouteObjects } from './router.js';

/**
 * The public site's entry (web/public.html, decision 043): the server sends it for the public pages (the Watch
 * page, the platform's pages, each project's pages), so a visitor's phone loads those pages and nothing of the
 * staff app. Any other address is a full page load of the app (router.tsx).
 *
 * The server renders each public page into the HTML it sends (decision 047): then this hydrates that markup with
 * the answers it was rendered from, loaded by islands.ts when the visitor first interacts. Without a rendered page
 * (an older server, or a render that failed) it renders the page itself as before.
 */
const queryClient = createQueryClient();
const router = createBrowserRouter(publicRouteObjects);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/**
 * Once the page is live: tells islands.ts (which replays a press the visitor made meanwhile), and asks again for
 * the answers the server rendered the page from (they may be a few seconds old: its rendered pages are cached).
 */
function Live() {
  useEffect(() => {
    window.dispatchEvent(new Event('olympus-hydrated'));
    void queryClient.invalidateQueries();
  }, []);
  return null;
}

const data = document.getElementById(PAGE_DATA_ID);
const app = (
  <PublicSite queryClient={queryClient}>
    <RouterProvider router={router} />
    <Live />
  </PublicSite>
);
// The page's words in the language the server rendered it in (`<html lang>`), loaded before hydrating, so the
// markup matches.
const lang = document.documentElement.lang;
void prepareLocale(isLocale(lang) ? lang : 'en', ['common', 'public', 'validation']).then(() => {
  if (data?.textContent && root.firstElementChild) {
    hydrate(queryClient, JSON.parse(data.textContent) as DehydratedState);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
