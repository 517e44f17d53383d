import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { type OlympiadAction, olympiadsPolicy } from './policy.js';
import * as queries from './queries.js';

/**
 * Loads an olympiad scoped to the actor: one they may not see answers 404 (as if it did not exist);
 * one they see but may not act on answers 403.
 */
export async function olympiadFor(q: Queryable, actor: Actor, id: number, action: OlympiadAction) {
  const olympiad = await queries.findOlympiad(q, { id });
  if (!olympiad || !olympiadsPolicy.can(actor, 'see', olympiad)) throw notFound('This olympiad');
  if (!olympiadsPolicy.can(actor, action, olympiad)) throw forbidden();
  return olympiad;
}
