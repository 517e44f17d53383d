import { afterFirstView } from '../after-first-view.js';

/**
 * The page's side of the learner app's service worker (web/src/learner/service-worker.ts, decision 086). It is
 * registered by the learner entry only, after the page has loaded (the question page's first load stays as it
 * was), and only in a build: the development server has no /sw.js.
 */
export const WORKER_URL = '/sw.js';

/** The paper's pages (a question, a section's introduction, the summary): they say when their first view is shown. */
const PAPER_PAGE = /^\/[^/]+\/olympiad\/(\d+\/(\d+|intro)|summary)\/?$/;
/** A paper page that never says so (it could not load the paper) registers the worker after this anyway. */
const AT_THE_LATEST_MS = 15_000;

/** The message a waiting release's worker takes as "you may take over now" (it still refuses while a paper is open). */
export const TAKE_OVER = 'olympus:take-over';

export function registerLearnerWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (a private window, a refused registration): the page works online as before.
    });
  };
  // Opened at a question, the worker's first install (the whole learner app, some 300 KB) waits until the question
  // and its pictures are on screen, as the page's other fetches ahead do: on slow 4G it would share the line with them.
  const loaded = () => {
    if (!PAPER_PAGE.test(window.location.pathname)) return register();
    afterFirstView(register);
    setTimeout(register, AT_THE_LATEST_MS);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

/**
 * Nothing of a paper is open or waiting on this device (the finish reached the server): a new release waiting to
 * take over may do so now, instead of when every tab of the old one has closed.
 */
export function letNewReleaseIn(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.getRegistration().then((registration) => {
    registration?.waiting?.postMessage({ type: TAKE_OVER });
  });
}
