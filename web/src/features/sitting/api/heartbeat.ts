import { api } from '../../../lib/api/index.js';
import type { Position } from './save-answer.js';

/**
 * POST /api/participant-tracker/?olympiadId (spec §7): "still writing, here", so admins see who is
 * active now. Best effort: a lost heartbeat is never shown to the learner.
 */
export async function sendHeartbeat(olympiadId: number, position: Position | null, answered: number) {
  try {
    await api.post('/api/participant-tracker/', {
      query: { olympiadId },
      body: { moduleIndex: position?.moduleIndex ?? null, questionIndex: position?.questionIndex ?? null, answered },
      on401: 'ignore',
    });
  } catch {
    // Ignored: the next beat will try again.
  }
}
