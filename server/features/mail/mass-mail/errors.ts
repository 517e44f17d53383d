import { conflict, invalid } from '../../../http/errors.js';

/** A mailing that is queued can no longer change (answered the same way by each route that refuses it). */
export const alreadyQueued = (detail = '') => conflict(`This mailing is queued already${detail}`);

/** A schedule must lie ahead (a minute's grace for the time it takes to press the button). */
export function assertFuture(scheduledFor: string | null | undefined, path = 'scheduledFor') {
  if (scheduledFor && new Date(scheduledFor).getTime() <= Date.now() - 60_000) {
    throw invalid([{ path, message: 'This time has passed: choose a later one' }]);
  }
}
