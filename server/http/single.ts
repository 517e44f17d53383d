import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, IdText } from '#contract/ids';
import { type Access, type RouteSpec, route } from './route.js';

type Params = { id: number };

/** A read of one record by its id: the route's spec without its url and params (both are made here). */
export type OneSpec<A extends Access, R> = Omit<
  RouteSpec<Params, undefined, undefined, A, R>,
  'url' | 'params' | 'method' | 'query' | 'body' | 'fastPath' | 'heavy'
>;

/**
 * One record read two ways, with the same scoped load and the same answer: `GET {base}:id` and its docs/spec.md §7
 * twin `GET {base}single?{name}=id` ("/single variants", decision 046). `base` ends in `/` (`/school/v-rest/`).
 *
 *   readOne(app, '/school/v-rest/', 'schoolId', { summary: 'One school', access, response, load, handler });
 */
export function readOne<const A extends Access, R>(
  app: FastifyInstance,
  base: string,
  name: string,
  spec: OneSpec<A, R>,
  options: { byId?: boolean } = {},
): void {
  if (options.byId !== false) route(app, { ...spec, method: 'GET', url: `${base}:id`, params: IdParams });
  const Query = z.strictObject({ [name]: IdText }) as unknown as z.ZodType<Record<string, number>>;
  const asParams = (query: Record<string, number>): Params => ({ id: query[name]! });
  const { load, handler, ...rest } = spec;
  route<undefined, Record<string, number>, undefined, A, R>(app, {
    ...rest,
    method: 'GET',
    url: `${base}single`,
    summary: `${spec.summary} (by ${name})`,
    query: Query,
    ...(load ? { load: (ctx) => load({ ...ctx, params: asParams(ctx.query), query: undefined }) } : {}),
    handler: (ctx) => handler({ ...ctx, params: asParams(ctx.query), query: undefined }),
  });
}
