import { useMutation } from '@tanstack/react-query';
import type { PaperLanguage } from '#contract/questions';
import { languageName } from '#contract/questions';
import { OlympiadResultBody } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

export interface VerifyOlympiadTranslationInput {
  olympiadId: number;
  language: PaperLanguage;
  verified: boolean;
}

/**
 * POST olympiad/translations/{id}/verify?verified&language: one language's version of the instructions and
 * declaration checked (or cleared) by an admin (decision 094).
 */
export async function verifyOlympiadTranslation({ olympiadId, language, verified }: VerifyOlympiadTranslationInput) {
  const saved = await api.post(`/olympiad/translations/${olympiadId}/verify`, {
    query: { verified: String(verified), language },
    schema: OlympiadResultBody,
  });
  return {
    ...saved,
    message: `The ${languageName(language)} instructions and declaration are ${verified ? 'verified' : 'no longer verified'}`,
  };
}

/** The form shows a failure in place, beside the button. */
export const useVerifyOlympiadTranslation = () =>
  useMutation({
    mutationFn: verifyOlympiadTranslation,
    meta: { success: 'Saved', error: false, invalidates: [olympiadKeys.all] },
  });
