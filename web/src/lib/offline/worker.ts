/**
 * The page's side of the learner app's service worker (web/src/learner/service-worker.ts, decision 086). It is
 * registered by the learner entry only, after the page has loaded (the question page's first load stays as it
 * was), and only in a build: the development server has no /sw.js.
 */
export const WORKER_URL = '/sw.js';

/** The message a waiting release's worker takes as "you may take over now" (it still refuses while a paper is open). */
export const TAKE_OVER = 'olympus:take-over';

export function registerLearnerWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (a private window, a refused registration): the page works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
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
