import type { Blocker, VerifyResult } from '../../../contract/olympiads.js';
import type { Queryable } from '../../db/client.js';
import type { OlympiadRow } from './queries.js';

/**
 * What blocks opening an olympiad (GET /olympiad/verify/{id}): its window and duration, and, once the
 * question tables exist, its modules and questions.
 */
export async function blockersOf(_q: Queryable, olympiad: OlympiadRow): Promise<VerifyResult> {
  const blockers: Blocker[] = [];
  const add = (kind: Blocker['kind'], message: string, moduleId: number | null = null, questionId: number | null = null) =>
    blockers.push({ kind, message, moduleId, questionId });
  if (!olympiad.startsAt || !olympiad.endsAt) add('no_window', 'The writing window (start and end) is not set');
  else if (olympiad.endsAt.getTime() <= Date.now()) add('window_over', 'The writing window has already ended');
  if (!olympiad.durationMinutes) add('no_duration', 'The writing duration is not set');
  const counts = { modules: 0, questions: 0, verified: 0 };
  return { success: true, olympiadId: olympiad.id, ready: blockers.length === 0, blockers, counts };
}
