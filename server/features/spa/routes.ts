import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerUnmatched, isApiPath, wantsJson } from '../../http/api-paths.js';
import { errorBody } from '../../http/errors.js';
import { findProject } from '../public/queries.js';
import { platformMeta, projectPages, renderHead, type PageMeta } from './seo.js';

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

  // Files are sent from the one catch-all route below, so no route escapes the access declaration.
  // Cache headers are set below per file kind; the plugin's own (max-age=0) would replace them.
  await app.register(fastifyStatic, { root: webRoot, serve: false, cacheControl: false });

  async function metaFor(req: FastifyRequest): Promise<PageMeta> {
    const pathname = req.url.split('?')[0]!;
    const url = `${app.config.publicUrl}${pathname}`;
    const [first, second] = pathname.split('/').filter(Boolean);
    if (first && first !== 'olympus' && second && (projectPages as readonly string[]).includes(second)) {
      const project = await findProject(app.db, first);
      if (project) {
        const page = second.replace(/-/g, ' ');
        return {
          title: `${project.seoTitle || project.title} — ${page[0]!.toUpperCase()}${page.slice(1)}`,
          shareTitle: project.shareTitle || project.title,
          description: project.description,
          keywords: project.keywords,
          url,
        };
      }
    }
    return platformMeta(url);
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
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .sendFile(path.relative(webRoot, file));
    }
    const accept = req.headers.accept ?? '';
    const wantsHtml = accept.includes('text/html') || !path.extname(pathname);
    if (isApiPath(app, pathname) || wantsJson(accept) || !wantsHtml) return answerUnmatched(req, reply);
    const html = renderHead(LEARNER_PATH.test(pathname) ? learnerHtml : indexHtml, await metaFor(req));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.get('/', { config: { access: 'public' } }, serveApp);
  app.get('/*', { config: { access: 'public' } }, serveApp);
}
