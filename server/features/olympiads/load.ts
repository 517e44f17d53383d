import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { defineLoader } from '../../http/load.js';
import { type Reach, reachFor } from '../../http/reach.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { olympiadsPolicy, projectsPolicy } from './policy.js';
import * as queries from './queries.js';

/**
 * One olympiad, by id or url name: one the actor may not see answers 404 (as if it did not exist); one
 * they see but may not act on answers 403.
 */
export const olympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: olympiadsPolicy,
  see: 'see',
  find: (q: Queryable, key: number | string) => findOlympiad(q, key),
});

/** The olympiads a list shows the actor: every one (overlord), or those of their grants. */
export const olympiadsReach = (actor: Actor): Reach =>
  reachFor(actor, olympiadsPolicy.access.see) ?? { olympiads: [], schoolId: null };

export const projectLoader = defineLoader({
  what: 'This project',
  policy: projectsPolicy,
  find: (q: Queryable, id: number) => queries.findProject(q, id),
});

export const subProjectLoader = defineLoader({
  what: 'This sub-project',
  policy: projectsPolicy,
  find: (q: Queryable, id: number) => queries.findSubProject(q, id),
});
