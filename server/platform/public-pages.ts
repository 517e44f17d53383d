import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Writes that change what a public page shows (decision 047): the copy, partners, testimonials, FAQs, projects,
 * olympiads (dates, opening) and published results. The server keeps its rendered public pages a few seconds
 * (features/spa/routes.ts); after such a write succeeds, every process forgets them before the writer has its
 * answer: this one at once, the others when the database announces it (`olympus_public_pages`, change-feed.ts), so
 * an editor, and anyone they send, sees the change on the next view whichever process serves it. Each write is named
 * by its path's beginning, or by a pattern where a beginning would take in writes no page shows.
 */
const CHANGES_PUBLIC_PAGES: ReadonlyArray<string | RegExp> = [
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
  // Publishing a version, not a teacher accepting one (`/api/terms-and-conditions/accept`), which no page shows.
  /^\/api\/terms-and-conditions\/?(?:\?|$)/,
];

const changesPublicPages = (url: string) =>
  CHANGES_PUBLIC_PAGES.some((p) => (typeof p === 'string' ? url.startsWith(p) : p.test(url)));

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
  const forgetAll = () => {
    for (const forget of listeners) forget();
  };
  app.decorate('publicPages', { onChange: (forget) => void listeners.push(forget) } satisfies PublicPages);
  app.changes.on('olympus_public_pages', forgetAll);
  // Before the answer goes out, so that no view that follows it, on any process, is served an older page.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || reply.statusCode >= 400) {
      return payload;
    }
    if (!changesPublicPages(req.url)) return payload;
    forgetAll();
    try {
      await app.db.execute(sql`select pg_notify('olympus_public_pages', '')`);
    } catch (err) {
      // The other processes still forget theirs within their cache's few seconds.
      req.log.warn({ err }, 'the other server processes could not be told that a public page changed');
    }
    return payload;
  });
}
