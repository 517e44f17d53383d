import type { FastifyInstance } from 'fastify';

/**
 * Writes that change what a public page shows (decision 047): the copy, partners, testimonials, FAQs, projects,
 * olympiads (dates, opening) and published results. The server keeps its rendered public pages a few seconds
 * (features/spa/routes.ts); after such a write succeeds here, it forgets them at once, so an editor sees the change
 * on the next view. Other processes forget theirs within the cache's few seconds.
 */
const CHANGES_PUBLIC_PAGES = [
  '/api/site-copy/',
  '/website-copy/',
  '/copy/v-rest/',
  '/testimonial/',
  '/faq/v-rest/',
  '/olympus-project/',
  '/olympus-sub-project/',
  '/olympiad/v-rest/',
  '/olympiad/api/set-olympiad-open/',
  '/olympiad/results/',
];

export interface PublicPages {
  /** `forget` runs after each successful write that changes a public page. */
  onChange(forget: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicPages: PublicPages;
  }
}

export function registerPublicPages(app: FastifyInstance): void {
  const listeners: (() => void)[] = [];
  app.decorate('publicPages', { onChange: (forget) => void listeners.push(forget) } satisfies PublicPages);
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || reply.statusCode >= 400) return;
    if (!CHANGES_PUBLIC_PAGES.some((prefix) => req.url.startsWith(prefix))) return;
    for (const forget of listeners) forget();
  });
}
