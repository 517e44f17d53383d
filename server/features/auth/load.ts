import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { schoolWithEntries } from '../../platform/teacher-accounts.js';
import { authPolicy } from './policy.js';
import * as queries from './queries.js';

/**
 * The user an actor asks to act as, by email (several accounts may share one): the first the auth policy lets
 * them act as within the olympiad named; none answers 404.
 */
export async function impersonationTarget(q: Queryable, actor: Actor, email: string, olympiadId: number | null) {
  for (const user of await queries.findUserByEmail(q, email)) {
    const school = user.role === 'teacher' && user.schoolId != null ? await schoolWithEntries(q, user.schoolId) : null;
    if (authPolicy.can(actor, 'impersonate', { ...user, school, inOlympiad: olympiadId })) return user;
  }
  throw notFound('A user with that email whom you may act as');
}
