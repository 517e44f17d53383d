import type { z } from 'zod';
import type { LanguageResult, PaperLanguage } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingPath } from './keys.js';

/** PUT /api/sitting/{o}/language: the language the learner writes in, kept on their attempt (decision 091). */
export function sendLanguage(olympiadName: string, language: PaperLanguage) {
  return api.put<z.infer<typeof LanguageResult>>(sittingPath(olympiadName, 'language'), {
    body: { language },
    // A choice made in the background: the page already speaks it, and keeps it on the device when unsent.
    background: true,
  });
}
