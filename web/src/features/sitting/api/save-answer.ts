import type { z } from 'zod';
import type { AnswerValue, SaveAnswerResult } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingPath } from './keys.js';

export interface Position {
  moduleIndex: number;
  questionIndex: number;
}

/**
 * PUT /api/sitting/{o}/answers/{questionId}: acknowledged only once stored durably. `givenAt` (ISO, the server's
 * clock) is when the learner gave it, which may be long before it arrives.
 */
export function saveAnswer(
  olympiadName: string,
  questionId: number,
  body: { value: AnswerValue; flagged: boolean; position?: Position; givenAt?: string },
) {
  return api.put<z.infer<typeof SaveAnswerResult>>(sittingPath(olympiadName, `answers/${questionId}`), {
    body,
    // Saved in the background while the learner writes; the page shows its own save status.
    background: true,
  });
}
