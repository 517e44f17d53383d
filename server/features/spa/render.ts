import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerLocale } from '../../platform/i18n.js';

/**
 * The public pages rendered on the server (decision 047). The web build's SSR bundle (`vite build --ssr
 * src/public-site/server.tsx`, written to dist/ssr beside dist/web) renders a public page with the public site's own
 * routes and components; its calls are answered by this server's own routes (`app.inject`: the same handlers,
 * presenters and access rules as a browser's request, without a socket). The page then loads one small script
 * (islands.ts) instead of the app, which it loads when the visitor first interacts.
 */
export interface PublicRenderer {
  /** The page's HTML from the public shell whose head is already rendered; null when the render failed. */
  render(url: string, shell: string, locale: ServerLocale): Promise<string | null>;
}

interface SsrModule {
  renderPublicPage(url: string, send: typeof fetch, locale: ServerLocale): Promise<{ body: string; data: string }>;
}

/** The ids and attributes the browser's side reads (web/src/public-site/PublicSite.tsx and islands.ts). */
const PAGE_DATA_ID = 'olympus-page-data';

/**
 * Loads the SSR bundle and the islands script's name from the build; null when the build has neither (an older
 * build, or a test's hand-written web root): the public pages are then rendered in the browser as before.
 */
export async function loadPublicRenderer(app: FastifyInstance, webRoot: string): Promise<PublicRenderer | null> {
  const ssrFile = path.join(webRoot, '..', 'ssr', 'server.js');
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(ssrFile) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string } | undefined>;
  const islands = manifest['src/public-site/islands.ts']?.file;
  if (!islands) return null;
  const ssr = (await import(pathToFileURL(ssrFile).href)) as SsrModule;

  /** A call of the page, answered by this server's routes. */
  const send: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(init?.headers as Record<string, string> | undefined) },
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };

  return {
    async render(url, shell, locale) {
      const appScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(shell);
      if (!appScript || !shell.includes('<div id="root"></div>')) return null;
      let page: { body: string; data: string };
      try {
        page = await ssr.renderPublicPage(url, send, locale);
      } catch (err) {
        app.log.error({ err, url }, 'a public page could not be rendered on the server');
        return null;
      }
      // Only the islands script at first; the app (and what it imports) when the visitor interacts.
      const head = shell
        .replace(appScript[0], () => `<script type="module" crossorigin src="/${islands}"></script>\n    `)
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        // What Mantine's colour-scheme script would set: its light scheme's variables apply before any script runs.
        .replace(
          /<html lang="([a-z]+)">/,
          (_, lang: string) => `<html lang="${lang}" data-mantine-color-scheme="light">`,
        );
      return head.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" data-app="${appScript[1]}">${page.body}</div>\n    ` +
          `<script type="application/json" id="${PAGE_DATA_ID}">${page.data}</script>`,
      );
    },
  };
}
