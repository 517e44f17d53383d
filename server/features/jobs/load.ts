import { defineLoader } from '../../http/load.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { jobsPolicy } from './policy.js';

/** An olympiad whose jobs the actor reads (another olympiad answers 404, like a missing one). */
export const olympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: jobsPolicy,
  find: async (q, id: number) => {
    const o = await findOlympiad(q, id);
    return o && { ...o, olympiadId: o.id };
  },
});
