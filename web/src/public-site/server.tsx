import '../lib/zod-config.js';
import { dehydrate, type Query, type QueryClient, skipToken } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client.js';
import { setApiTransport } from '../lib/api/index.js';
import { createI18n, prepareLocale, setActiveLocale, type Locale } from '../lib/i18n/index.js';
import { PublicSite } from './PublicSite.js';
import { publicRouteObjects } from './router.js';

/**
 * The server's render of a public page (decision 047), built by `vite build --ssr` into dist/ssr and called by
 * server/features/spa/routes.ts: the same routes, components and styles as the browser's public site, rendered
 * to HTML with the answers of the page's own public calls, so the visitor reads the page before any JavaScript
 * has run. main.tsx later hydrates this markup with the same answers (`data`).
 */
export interface RenderedPage {
  /** The markup that goes inside #root. */
  body: string;
  /** The answers the page was rendered from, as JSON safe inside a <script type="application/json"> element. */
  data: string;
}

/** Rounds of render, then fetch what the render asked for: a page whose calls depend on other answers needs two. */
const MAX_ROUNDS = 3;

const handler = createStaticHandler(publicRouteObjects);

/**
 * Renders `url` (an absolute address; only its path and query matter). `send` answers the page's calls (the
 * server passes one that asks its own routes); every call a public page makes is a public GET.
 */
export async function renderPublicPage(url: string, send: typeof fetch, locale: Locale = 'en'): Promise<RenderedPage> {
  setApiTransport(send);
  const i18n = createI18n();
  await prepareLocale(locale, ['common', 'public', 'validation'], i18n);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The public routes answered ${url} with a redirect`);
  const queryClient = createQueryClient();
  // Dates, numbers and the API's Accept-Language read the active language: this page's, for each render (one render
  // runs to its end before another starts).
  const render = () => {
    setActiveLocale(locale);
    return renderToString(
      <PublicSite queryClient={queryClient} i18n={i18n}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </PublicSite>,
    );
  };
  let body = render();
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const waiting = pendingQueries(queryClient);
    if (!waiting.length) break;
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    body = render();
  }
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
  queryClient.clear();
  return { body, data: scriptJson(state) };
}

/** The queries a render created and nothing has fetched yet (useQuery does not fetch on the server). */
function pendingQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query));
}

/** Whether the page would fetch the query (`enabled` and a query function); a query nobody observes yet counts. */
function enabled(query: Query): boolean {
  const { queryFn } = query.options;
  // The query keeps the options of the hook that built it, `enabled` among them (QueryOptions does not name it).
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  if (!queryFn || queryFn === skipToken) return false;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

/** JSON for inside a script element: nothing an editor wrote can close it. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
