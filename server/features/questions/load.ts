import { defineLoader } from '../../http/load.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { questionsPolicy } from './policy.js';
import * as queries from './queries.js';

/**
 * Records outside the actor's olympiads answer 404, as if they did not exist; a 403 would leak them
 * (decision 005).
 */

/** An olympiad's paper (its modules and questions): the olympiad, as `{ olympiadId }`. */
export const paperLoader = defineLoader({
  what: 'This olympiad',
  policy: questionsPolicy,
  find: async (q, id: number) => {
    const olympiad = await findOlympiad(q, id);
    return olympiad && { olympiadId: olympiad.id };
  },
});

export const moduleLoader = defineLoader({
  what: 'This module',
  policy: questionsPolicy,
  find: (q, id: number) => queries.findModule(q, id),
});

export const questionLoader = defineLoader({
  what: 'This question',
  policy: questionsPolicy,
  find: (q, id: number) => queries.findQuestion(q, id),
});
