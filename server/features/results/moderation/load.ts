import { defineLoader } from '../../../http/load.js';
import { findOlympiad } from '../../../platform/olympiad-lookup.js';
import { resultsPolicy } from '../policy.js';
import { findAttempt } from './attempt-queries.js';

/** An olympiad whose attempts the actor moderates (any other answers 404, like a missing one). */
export const olympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: resultsPolicy,
  find: async (q, id: number) => {
    const o = await findOlympiad(q, id);
    return o && { ...o, olympiadId: o.id };
  },
});

/** An attempt of an olympiad the actor moderates (any other answers 404). */
export const attemptLoader = defineLoader({
  what: 'This attempt',
  policy: resultsPolicy,
  find: (q, id: number) => findAttempt(q, id),
});
