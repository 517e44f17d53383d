import { HttpError, conflict } from '../../http/errors.js';

/** Exam day's errors used more than once. */
export const detailsLocked = () => conflict('Your details cannot be changed once you have started writing.');

/** A language the olympiad does not offer: 422, in the one error shape, naming the field. */
export const languageNotOffered = (language: string) => {
  const message = `This olympiad is not written in ${language}.`;
  return new HttpError(422, 'validation_failed', message, [{ path: 'body.language', message }]);
};
