import { conflict } from '../../http/errors.js';
import { say } from '../../http/request-language.js';

/** A school with this EMIS number exists already (the unique index answers the same: db/errors.ts). */
export const emisTaken = () =>
  conflict(say('api-portal.school.emisTaken'), [
    { path: 'body.emisNumber', message: say('api-portal.school.emisTakenField') },
  ]);

/** An expression already processed or declined. */
export const eoiHandled = (status: string) => conflict(`This expression was ${status} already`);
