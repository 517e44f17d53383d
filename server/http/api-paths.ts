import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webPageRoots } from '#contract/paths';
import { errorBody } from './errors.js';

/**
 * First path segments of calls the platform specification names that are not built yet, so that a
 * client calling one today gets a JSON 404, as it will get JSON once the call exists.
 */
export const plannedApiRoots = [
  'account',
  'certificates',
  'olympus-project',
  'olympus-sub-project',
  'participant',
  'school-participant',
  'useful-contact',
  'user',
] as const;

const webRoots = new Set<string>(webPageRoots);

/** A route's URL as a regular expression over a request path (`:param` is one segment, `*` the rest). */
function patternOf(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      if (seg.startsWith(':')) return '[^/]+';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

interface ApiMap {
  /** First segments that belong to the API alone. */
  roots: Set<string>;
  /** `first/second` prefixes of API routes whose first segment is also a web page. */
  shared: Set<string>;
  routes: Array<{ method: string; pattern: RegExp }>;
}

const maps = new WeakMap<FastifyInstance, { size: number; map: ApiMap }>();

/** What the API's paths are, derived from the routes registered through `route()` plus the planned ones. */
function apiMap(app: FastifyInstance): ApiMap {
  const cached = maps.get(app);
  if (cached && cached.size === app.apiRoutes.length) return cached.map;
  const map: ApiMap = { roots: new Set(plannedApiRoots), shared: new Set(), routes: [] };
  for (const r of app.apiRoutes) {
    const [first, second] = r.url.split('/').filter(Boolean);
    if (first && !first.startsWith(':')) {
      if (!webRoots.has(first)) map.roots.add(first);
      else if (second && !second.startsWith(':') && second !== '*') map.shared.add(`${first}/${second}`);
    }
    map.routes.push({ method: r.method, pattern: patternOf(r.url) });
  }
  for (const root of webRoots) map.roots.delete(root);
  maps.set(app, { size: app.apiRoutes.length, map });
  return map;
}

/** Is this path under an API prefix (and so never a page of the web app)? */
export function isApiPath(app: FastifyInstance, pathname: string): boolean {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (!first) return false;
  const map = apiMap(app);
  return map.roots.has(first) || (second !== undefined && map.shared.has(`${first}/${second}`));
}

/** Does the client ask for JSON rather than a page (`Accept: application/json` ahead of any text/html)? */
export function wantsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  const json = types.findIndex((t) => t === 'application/json' || t.endsWith('+json'));
  const html = types.findIndex((t) => t === 'text/html' || t === 'application/xhtml+xml');
  return json >= 0 && (html < 0 || json < html);
}

/** The methods the API answers on this path (empty when no route matches it). */
export function allowedMethods(app: FastifyInstance, pathname: string): string[] {
  const methods = new Set<string>();
  for (const r of apiMap(app).routes) if (r.pattern.test(pathname)) methods.add(r.method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * The answer to a request no route takes: 405 with `Allow` when the path exists for other methods,
 * otherwise 404; both in the one error shape.
 */
export function answerUnmatched(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = req.url.split('?')[0]!;
  const allow = allowedMethods(req.server, pathname);
  if (allow.length && !allow.includes(req.method)) {
    return reply
      .status(405)
      .header('allow', allow.join(', '))
      .send(errorBody('method_not_allowed', `${pathname} does not take ${req.method}; it takes ${allow.join(', ')}`));
  }
  return reply.status(404).send(errorBody('not_found', `There is no ${req.method} ${pathname} in the API`));
}
