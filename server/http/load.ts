import type { Queryable } from '../db/client.js';
import type { Actor } from './actor.js';
import { forbidden, notFound } from './errors.js';
import type { Policy } from './policy.js';

/**
 * The one scoped loader (decision 029): find a record, then ask the feature's policy. A record that does not
 * exist, or that the actor may not see, answers 404 ("This school was not found"), so other schools and
 * olympiads look like nothing; a record the actor sees but may not act on answers 403 when the loader names
 * a `see` action, else 404 as well.
 *
 *   export const schoolLoader = defineLoader({ what: 'This school', policy: schoolsPolicy, see: 'see',
 *     find: (q, id: number) => queries.findSchool(q, id) });
 *   const school = await schoolLoader.load(tx, actor, params.id, 'update');
 */
export interface Loader<A extends string, T, K> {
  readonly what: string;
  load(q: Queryable, actor: Actor, key: K, action: A): Promise<T>;
}

export interface LoaderDefinition<A extends string, R, T extends R, K> {
  /** How the record is named in a 404 ("This school"). */
  what: string;
  /** The feature's policy; `find` answers a row that carries at least what its rule reads. */
  policy: Policy<A, R>;
  /** Reads the record; `actor` is there for records whose rule needs the actor's own context (a portal's olympiads). */
  find: (q: Queryable, key: K, actor: Actor) => Promise<T | null | undefined>;
  /** The action that decides visibility; without it every refusal is a 404. */
  see?: A;
}

export function defineLoader<A extends string, R, T extends R, K = number>(
  definition: LoaderDefinition<A, R, T, K>,
): Loader<A, T, K> {
  const { what, policy, find, see } = definition;
  return {
    what,
    async load(q, actor, key, action) {
      const record = await find(q, key, actor);
      if (record == null) throw notFound(what);
      if (see != null && !policy.can(actor, see, record)) throw notFound(what);
      if (!policy.can(actor, action, record)) throw see != null ? forbidden() : notFound(what);
      return record;
    },
  };
}
