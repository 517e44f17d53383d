import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerUnmatched, isApiPath, wantsJson } from '../../http/api-paths.js';
import { errorBody } from '../../http/errors.js';
import { isServerLocale, type ServerLocale } from '../../platform/i18n.js';
import { type Precompressed, precompress, sendPrecompressed } from '../../platform/precompressed.js';
import { findProject, listProjects, olympiadsOf } from '../public/queries.js';
import { robotsTxt, sitemapXml } from './crawl.js';
import { loadPublicRenderer } from './render.js';
import {
  alternatesOf,
  extraProjectPages,
  localeUrl,
  olympiadEvent,
  type PageMeta,
  platformMeta,
  platformPages,
  type ProjectPage,
  projectMeta,
  projectPages,
  renderHead,
  SHARE_IMAGE,
} from './seo.js';

/**
 * How long a public page's render is kept per process. An editor's change clears every process's at once
 * (platform/public-pages.ts); this bounds how long one lasts should that announcement be missed.
 */
export const PAGE_CACHE_MS = 10_000;
const HEAD_CACHE_ENTRIES = 2_000;
const publicProjectPages: readonly string[] = [...projectPages, ...extraProjectPages];

/**
 * The learner's sitting pages, /{olympiadName}/olympiad/…: they get learner.html, the learner's own
 * light entry (web/src/learner, decision 016), instead of the whole app.
 */
export const LEARNER_PATH = /^\/[^/]+\/olympiad\//;

/**
 * Serves the built web app: files from dist/web, and for any other GET that asks for HTML the app's
 * index.html (learner.html for the learner's sitting pages) with that page's metadata in its <head>.
 * A path under an API prefix, or a request that asks for JSON, never gets HTML: it gets the API's own
 * 404 (or 405 when the path takes other methods) in the one error shape.
 */
export async function spaRoutes(app: FastifyInstance, options: { root?: string | undefined }): Promise<void> {
  const base = app.config.publicUrl;
  app.get('/robots.txt', { config: { access: 'public' } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(base)),
  );
  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_req, reply) => {
    const projects = await listProjects(app.db);
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(base, projects));
  });

  const webRoot = path.resolve(options.root ?? 'dist/web');
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`${indexFile} is missing: run \`npm run build\` to serve the web app`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const learnerFile = path.join(webRoot, 'learner.html');
  // Without it (an older build) the learner's pages load the whole app, as they did before.
  const learnerHtml = existsSync(learnerFile) ? readFileSync(learnerFile, 'utf8') : indexHtml;
  // The public site's own light entry (decision 043); without it (an older build) the public pages load the app.
  const publicFile = path.join(webRoot, 'public.html');
  const publicHtml = existsSync(publicFile) ? readFileSync(publicFile, 'utf8') : indexHtml;
  // The public pages' bodies rendered here too (decision 047), when the build has its SSR bundle.
  const renderer = existsSync(publicFile) ? await loadPublicRenderer(app, webRoot) : null;

  // Files are sent from the one catch-all route below, so no route escapes the access declaration.
  // Cache headers are set below per file kind; the plugin's own (max-age=0) would replace them. The build writes
  // each text file also brotli- and gzip-compressed (vite.config.ts): the one the browser accepts is sent.
  await app.register(fastifyStatic, { root: webRoot, serve: false, cacheControl: false, preCompressed: true });

  /**
   * A page's metadata: the platform's own pages and each project's public pages carry their own; any other
   * address (sign-in, private areas, unknown pages) the platform's, marked noindex. `cacheable` says whether it
   * is a public page whose rendered head may be kept a few seconds.
   */
  async function metaFor(
    pathname: string,
    asked: ServerLocale | null,
  ): Promise<{ meta: PageMeta; cacheable: boolean; locale: ServerLocale }> {
    const image = `${base}${SHARE_IMAGE}`;
    const segments = pathname.split('/').filter(Boolean);
    const key = `/${segments.join('/')}`;
    const own = Object.hasOwn(platformPages, key) ? platformPages[key] : undefined;
    if (own) {
      // The platform's pages are English unless `?lang` asks for the other language.
      const locale = asked ?? 'en';
      const url = key === '/' ? `${base}/` : `${base}${key}`;
      const meta: PageMeta = {
        ...platformMeta(localeUrl(url, locale, 'en'), image, locale),
        title: own.title(locale),
        description: own.description(locale),
        ...(own.keywords ? { keywords: own.keywords } : {}),
        alternates: alternatesOf(url, 'en'),
      };
      if (key === '/') {
        // The Watch page: an Event for every olympiad still to come or open now.
        const projects = await listProjects(app.db);
        const olympiads = await olympiadsOf(
          app.db,
          projects.map((p) => p.id),
          true,
        );
        meta.structuredData = olympiads
          .filter((o) => o.startsAt != null)
          .map((o) =>
            olympiadEvent(
              base,
              projects.find((p) => p.id === o.projectId)!,
              o,
              image,
            ),
          );
      }
      return { meta, cacheable: true, locale };
    }
    const [first, second] = segments;
    if (segments.length === 2 && first !== 'olympus' && publicProjectPages.includes(second!)) {
      const project = await findProject(app.db, first!);
      if (project) {
        const page = second as ProjectPage;
        // A project's pages are in the project's language unless `?lang` asks for the other.
        const own = isServerLocale(project.language) ? project.language : 'en';
        const locale = asked ?? own;
        const olympiads = page === 'home' ? await olympiadsOf(app.db, [project.id]) : [];
        const meta = projectMeta(base, project, page, olympiads, locale);
        const url = meta.url;
        return {
          meta: { ...meta, url: localeUrl(url, locale, own), alternates: alternatesOf(url, own) },
          cacheable: true,
          locale,
        };
      }
    }
    return {
      meta: { ...platformMeta(`${base}${pathname}`, image), noindex: true },
      cacheable: false,
      locale: 'en',
    };
  }

  /** A rendered page; a public page's compressed forms are made once and kept with it in the cache. */
  type Rendered = Precompressed & { at: number };
  const compressed = (html: string): Rendered => ({ ...precompress(html), at: Date.now() });

  /**
   * Rendered pages, a few seconds per process: a crawler or a crowd costs no query and no compression per view.
   * The learner's sitting pages get learner.html, the public pages public.html, any other page index.html.
   */
  const heads = new Map<string, Rendered>();
  /** Renders under way: a crowd arriving as a page expires waits for one render instead of starting its own. */
  const rendering = new Map<string, Promise<Rendered>>();
  // An editor's change shows on the next view in this process (platform/public-pages.ts); a render that began
  // before the change is neither kept nor shared.
  let generation = 0;
  app.publicPages.onChange(() => {
    generation++;
    heads.clear();
    rendering.clear();
  });

  /** A page's render, one per address and language asked for (`?lang`, or none: the page's own). */
  async function pageHtml(pathname: string, asked: ServerLocale | null): Promise<Rendered> {
    const key = `${pathname.toLowerCase().replace(/\/+$/, '')}?lang=${asked ?? ''}`;
    const hit = heads.get(key);
    if (hit && Date.now() - hit.at < PAGE_CACHE_MS) return hit;
    const running = rendering.get(key);
    if (running) return running;
    const render = renderPage(key, pathname, asked).finally(() => {
      if (rendering.get(key) === render) rendering.delete(key);
    });
    rendering.set(key, render);
    return render;
  }

  async function renderPage(key: string, pathname: string, asked: ServerLocale | null): Promise<Rendered> {
    const began = generation;
    const { meta, cacheable, locale } = await metaFor(pathname, asked);
    const shell = LEARNER_PATH.test(pathname) ? learnerHtml : cacheable ? publicHtml : indexHtml;
    const head = renderHead(shell, meta);
    if (!cacheable) return { plain: head, at: Date.now() };
    // A page whose render failed is sent as before (rendered in the browser) and not kept: the next view tries again.
    const address = `${base}${pathname}${asked ? `?lang=${asked}` : ''}`;
    const html = renderer ? await renderer.render(address, head, locale) : head;
    if (html === null) return { plain: head, at: Date.now() };
    const rendered = compressed(html);
    if (began !== generation) return rendered;
    if (heads.size >= HEAD_CACHE_ENTRIES) heads.delete(heads.keys().next().value!);
    heads.set(key, rendered);
    return rendered;
  }

  const serveApp = async (req: FastifyRequest, reply: FastifyReply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.url.split('?')[0]!);
    } catch {
      return reply.status(400).send(errorBody('bad_request', 'The address is not valid'));
    }
    const file = path.normalize(path.join(webRoot, pathname));
    if (path.extname(pathname) && file.startsWith(webRoot + path.sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = pathname.startsWith('/assets/');
      // The learner app's service worker (decision 086) is checked on every visit, so a new release is found at once.
      const worker = pathname === '/sw.js';
      return reply
        .header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600',
        )
        .sendFile(path.relative(webRoot, file));
    }
    const accept = req.headers.accept ?? '';
    const wantsHtml = accept.includes('text/html') || !path.extname(pathname);
    if (isApiPath(app, pathname) || wantsJson(accept) || !wantsHtml) return answerUnmatched(req, reply);
    const page = await pageHtml(pathname, askedLocale(req.query));
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendPrecompressed(req, reply, page);
  };

  /** The language `?lang=` asks for, when it is one Olympus speaks; any other value is ignored. */
  const askedLocale = (query: unknown): ServerLocale | null => {
    const lang = (query as { lang?: unknown } | undefined)?.lang;
    return isServerLocale(lang) ? lang : null;
  };

  app.get('/', { config: { access: 'public' } }, serveApp);
  app.get('/*', { config: { access: 'public' } }, serveApp);
}
