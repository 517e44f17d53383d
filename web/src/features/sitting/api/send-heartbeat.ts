import type { z } from 'zod';
import type { TrackerResult } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import type { Position } from './save-answer.js';

/**
 * POST /api/participant-tracker/?olympiadId (docs/spec.md §7): "still writing, here", so admins see who is
 * active now; the answer carries the deadline (extra time) and whether the attempt is over. Best effort:
 * a lost heartbeat is never shown to the learner.
 */
export async function sendHeartbeat(
  olympiadId: number,
  position: Position | null,
): Promise<z.infer<typeof TrackerResult> | null> {
  try {
    return await api.post<z.infer<typeof TrackerResult>>('/api/participant-tracker/', {
      query: { olympiadId },
      body: position ? { position } : {},
      on401: 'ignore',
      background: true,
    });
  } catch {
    return null;
  }
}
