import { conflict } from '../../http/errors.js';

/** A school with this EMIS number exists already (the unique index answers the same: db/errors.ts). */
export const emisTaken = () =>
  conflict('A school with this EMIS number exists already', [
    { path: 'body.emisNumber', message: 'This EMIS number is taken' },
  ]);

/** An expression already processed or declined. */
export const eoiHandled = (status: string) => conflict(`This expression was ${status} already`);
