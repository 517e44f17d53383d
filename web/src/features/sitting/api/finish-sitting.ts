import type { z } from 'zod';
import type { FinishResult } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingPath } from './keys.js';

/**
 * POST /api/sitting/{o}/finish: called by the hand-in, which shows its own outcome (no mutation, no notification),
 * and by the outbox for a hand-in given offline. `givenAt` (the server's clock) says when the learner handed in.
 */
export function finishSitting(olympiadName: string, givenAt: string, background = false) {
  return api.post<z.infer<typeof FinishResult>>(sittingPath(olympiadName, 'finish'), { body: { givenAt }, background });
}
