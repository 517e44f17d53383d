import { conflict } from '../../http/errors.js';

/** Another teacher has the address a teacher account is being given. */
export const emailTaken = () =>
  conflict('Another teacher uses this email address', [{ path: 'body.email', message: 'This address is taken' }]);
