import type { ErrorBody, ErrorCode, FieldError } from '#contract/errors';
import { type GradeRange, inGradeRange, outsideGrades } from '#contract/grades';
import type { ServerMessageId } from '../platform/i18n.js';
import { say } from './request-language.js';

/** An error that is the client's to fix, answered in the one error shape (decision 006). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: FieldError[]) =>
  new HttpError(400, 'bad_request', message, details);
export const invalid = (details: FieldError[], message = say('api-portal.error.fieldsNeedAttention')) =>
  new HttpError(400, 'validation_failed', message, details);
export const unauthenticated = (message = say('api-portal.error.signIn')) =>
  new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = say('api-portal.error.notAllowed')) => new HttpError(403, 'forbidden', message);
/** 404 with a worded message of the server's catalogues, in the request's language. */
export const notFoundSaid = (id: ServerMessageId) => new HttpError(404, 'not_found', say(id));
/** The records a teacher's pages name, worded in the request's language (the loaders name them in English). */
const namedRecords: Record<string, ServerMessageId> = {
  'This olympiad': 'api-portal.notFound.olympiad',
  'This school': 'api-portal.notFound.school',
  'This project': 'api-portal.notFound.project',
  'This learner': 'api-portal.notFound.learner',
  'This teacher': 'api-portal.notFound.teacher',
  'Your school': 'api-portal.notFound.yourSchool',
  'Your profile': 'api-portal.notFound.profile',
  'One of these learners': 'api-portal.notFound.someLearner',
  'This olympiad or school': 'api-portal.notFound.olympiadOrSchool',
  'This school participant': 'api-portal.notFound.participant',
};
export const notFound = (what = 'This record') => {
  const named = namedRecords[what];
  return new HttpError(404, 'not_found', named ? say(named) : `${what} was not found`);
};
export const conflict = (message: string, details?: FieldError[]) => new HttpError(409, 'conflict', message, details);
export const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    'rate_limited',
    message,
    undefined,
    retryAfterSeconds == null ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

export function errorBody(code: ErrorCode, message: string, details?: FieldError[]): ErrorBody {
  return { success: false, message, error: message, code, ...(details?.length ? { details } : {}) };
}

/**
 * Named errors used by more than one feature (decision 029): a message written twice becomes a factory here,
 * or in the feature's own `errors.ts` when only that feature uses it. Worded in the request's language (decision
 * 097; locales/{en,af}/api-portal.json).
 */
export const olympiadNotFound = () => notFoundSaid('api-portal.notFound.olympiad');
export const schoolNotFound = () => notFoundSaid('api-portal.notFound.school');
export const projectNotFound = () => notFoundSaid('api-portal.notFound.project');
export const learnerNotFound = () => notFoundSaid('api-portal.notFound.learner');
export const teacherNotFound = () => notFoundSaid('api-portal.notFound.teacher');
/** A list call whose olympiad is required for everyone but the overlord. */
export const olympiadRequired = () => badRequest(say('api-portal.olympiadRequired'));
/** Nothing is written in a learner's name while someone acts as them. */
export const notWhileActingAsLearner = () => forbidden(say('api-portal.notWhileActingAsLearner'));
/**
 * A grade the olympiad is not for (decision 045), on its field: 400. `checkGrade` throws it for a grade outside the
 * range; a missing grade (an unset filter) passes.
 */
export const gradeOutside = (range: GradeRange, path = 'body.grade') =>
  invalid([{ path, message: outsideGrades(range) }]);
export function checkGrade(range: GradeRange, grade: number | null | undefined, path = 'body.grade') {
  if (grade != null && !inGradeRange(grade, range)) throw gradeOutside(range, path);
}
