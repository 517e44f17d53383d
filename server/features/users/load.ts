import { defineLoader } from '../../http/load.js';
import { usersPolicy } from './policy.js';
import * as queries from './queries.js';

/** One staff account: a teacher's, a learner's or a missing id is a 404 ("This user was not found"). */
export const userLoader = defineLoader({
  what: 'This user',
  policy: usersPolicy,
  see: 'see',
  find: (q, id: number) => queries.findAccount(q, id),
});
