import type { z } from 'zod';
import type { FinishResult } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingPath } from './keys.js';

/** POST /api/sitting/{o}/finish: called by the hand-in, which shows its own outcome (no mutation, no notification). */
export function finishSitting(olympiadName: string) {
  return api.post<z.infer<typeof FinishResult>>(sittingPath(olympiadName, 'finish'));
}
