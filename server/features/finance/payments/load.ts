import { defineLoader } from '../../../http/load.js';
import { financePolicy } from '../policy.js';
import { findPayment } from './queries.js';
import { findLine } from './statement-queries.js';

/** One payment: seen by those who see its order (a teacher their school's). */
export const paymentLoader = defineLoader({
  what: 'This payment',
  policy: financePolicy,
  see: 'read',
  find: (q, id: number) => findPayment(q, id),
});

/** One imported statement line: seen by those who handle the olympiad's money. */
export const lineLoader = defineLoader({
  what: 'This statement line',
  policy: financePolicy,
  see: 'recordPayment',
  find: (q, id: number) => findLine(q, id),
});
