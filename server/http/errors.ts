import type { ErrorBody, ErrorCode, FieldError } from '#contract/errors';
import { type GradeRange, inGradeRange, outsideGrades } from '#contract/grades';

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
export const invalid = (details: FieldError[], message = 'Some fields need attention') =>
  new HttpError(400, 'validation_failed', message, details);
export const unauthenticated = (message = 'Please sign in to continue') =>
  new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, 'forbidden', message);
export const notFound = (what = 'This record') => new HttpError(404, 'not_found', `${what} was not found`);
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
 * or in the feature's own `errors.ts` when only that feature uses it.
 */
export const olympiadNotFound = () => notFound('This olympiad');
export const schoolNotFound = () => notFound('This school');
export const projectNotFound = () => notFound('This project');
export const learnerNotFound = () => notFound('This learner');
export const teacherNotFound = () => notFound('This teacher');
/** A list call whose olympiad is required for everyone but the overlord. */
export const olympiadRequired = () => badRequest('Say which olympiad (olympiadId)');
/** Nothing is written in a learner's name while someone acts as them. */
export const notWhileActingAsLearner = () => forbidden('You cannot write on a learner’s behalf while acting as them');
/**
 * A grade the olympiad is not for (decision 045), on its field: 400. `checkGrade` throws it for a grade outside the
 * range; a missing grade (an unset filter) passes.
 */
export const gradeOutside = (range: GradeRange, path = 'body.grade') =>
  invalid([{ path, message: outsideGrades(range) }]);
export function checkGrade(range: GradeRange, grade: number | null | undefined, path = 'body.grade') {
  if (grade != null && !inGradeRange(grade, range)) throw gradeOutside(range, path);
}
