import { conflict } from '../../http/errors.js';
import { say } from '../../http/request-language.js';

/** Another teacher has the address a teacher account is being given. */
export const emailTaken = () =>
  conflict(say('api-portal.teacher.emailTaken'), [
    { path: 'body.email', message: say('api-portal.teacher.emailTakenField') },
  ]);
