import { HttpError } from '../../http/errors.js';
import { say } from '../../http/request-language.js';

/** The errors of two-factor sign-in (decision 106), in the request's language: the sign-in page is everyone's. */
export const enrolmentRequired = () =>
  new HttpError(403, 'two_factor_enrolment_required', say('api-learner.twoFactor.enrolFirst'));

export const codeRequired = () => {
  const message = say('api-learner.twoFactor.codeRequired');
  return new HttpError(401, 'two_factor_required', message, [{ path: 'body.code', message }]);
};

/** A wrong, used or late code: 401 at sign-in (as a wrong password), 400 on a signed-in user's own form. */
export const codeInvalid = (status: 400 | 401 = 401) => {
  const message = say('api-learner.twoFactor.codeInvalid');
  return new HttpError(status, 'two_factor_invalid', message, [{ path: 'body.code', message }]);
};
