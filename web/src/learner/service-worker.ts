/**
 * The learner app's service worker (built to /sw.js by scripts/service-worker-plugin.ts; decision 086).
 *
 *  - It keeps the learner app on the device (precache): learner.html and every chunk, style sheet and asset the
 *    learner entry can load, with the demo's maps. Never the staff app, never an API answer.
 *  - A learner page (/{o}/olympiad/…) comes from the network first, so a new release is seen online; when the
 *    network fails (or a proxy answers for a server that is down), the kept learner.html opens it. Any other page
 *    is left to the browser: no staff page is ever answered from here.
 *  - A picture that fails on the network is answered from the copy the paper keeps in IndexedDB for that path
 *    (lib/offline/db.ts), whatever width or format the page asked for.
 *  - A new release waits (no skipWaiting on install) until the old one's pages are closed, or until a page where
 *    no paper is open says it may take over; it refuses while anything of a paper is on the device.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { paperOnDevice, pictureAt } from '../lib/offline/db.js';
import { TAKE_OVER } from '../lib/offline/worker.js';

/** The files to keep, written in by the build: `{ url, revision }`, revision null for a hashed name. */
declare const __LEARNER_PRECACHE__: { url: string; revision: string | null }[];

/** The little of the worker's global scope used here (the DOM library, which the whole tree is checked with, has none). */
interface WorkerScope {
  location: Location;
  clients: {
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'message' | 'activate',
    listener: (event: Event & { data?: unknown; waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
}
const worker = self as unknown as WorkerScope;

const LEARNER_HTML = '/learner.html';
/** The learner's pages (server/features/spa/routes.ts answers the same paths with learner.html). */
const LEARNER_PATH = /^\/[^/]+\/olympiad\//;
/** A server that is down behind its proxy: the kept copy is better than the proxy's error page. */
const serverDown = (status: number) => status === 502 || status === 503 || status === 504;

cleanupOutdatedCaches();
precacheAndRoute(__LEARNER_PRECACHE__);

const network = new NetworkOnly({ networkTimeoutSeconds: 6 });

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === worker.location.origin &&
    !url.pathname.startsWith('/api/') &&
    LEARNER_PATH.test(url.pathname),
  async (options) => {
    try {
      const response = await network.handle(options);
      if (!serverDown(response.status)) return response;
      return (await matchPrecache(LEARNER_HTML)) ?? response;
    } catch (error) {
      const kept = await matchPrecache(LEARNER_HTML);
      if (kept) return kept;
      throw error;
    }
  },
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === worker.location.origin,
  async ({ request, url }) => {
    let response: Response | null = null;
    try {
      response = await fetch(request);
      if (!serverDown(response.status)) return response;
    } catch {
      // Offline: the paper's copy below.
    }
    const blob = await pictureAt(url.pathname);
    if (blob) return new Response(blob, { headers: { 'content-type': blob.type || 'application/octet-stream' } });
    return response ?? Response.error();
  },
);

// A new release takes over only where nothing of a paper is on the device (the page asks once its finish reached the
// server): the device's own record says so, for every tab and learner at once.
worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null | undefined;
  if (data?.type !== TAKE_OVER) return;
  event.waitUntil(paperOnDevice().then((open) => (open ? undefined : worker.skipWaiting())));
});

// A worker that activates does so only when no older one serves a paper (above), so taking the open pages is safe:
// on the first visit it lets the page that registered it find its pictures offline without a reload.
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
