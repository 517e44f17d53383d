import { defineLoader } from '../../http/load.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { reportsPolicy } from './policy.js';

/** An olympiad whose reports the actor reads: any other (or none) answers 404. */
export const reportOlympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: reportsPolicy,
  find: async (q, id: number) => {
    const o = await findOlympiad(q, id);
    return o && { ...o, olympiadId: o.id };
  },
});
