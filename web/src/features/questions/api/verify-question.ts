import { useMutation } from '@tanstack/react-query';
import type { PaperLanguage } from '#contract/questions';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';
import { QuestionBody } from './save-question.js';

export interface VerifyQuestionInput {
  id: number;
  verified: boolean;
  /** Another language's version (decision 094); left out, the default language's. */
  language?: PaperLanguage;
}

/** POST question/v-rest/{id}/verify?verified[&language]: a second admin confirms the question and its key. */
export const verifyQuestion = ({ id, verified, language }: VerifyQuestionInput) =>
  api.post(`/question/v-rest/${id}/verify`, {
    query: { verified: String(verified), ...(language ? { language } : {}) },
    schema: QuestionBody,
  });

/** The page shows the new state itself. */
export const useVerifyQuestion = () => useMutation({ mutationFn: verifyQuestion, meta: { invalidates: paperChanged } });

/** The editor shows the new state, and a failure, in place. */
export const useVerifyQuestionInPlace = () =>
  useMutation({ mutationFn: verifyQuestion, meta: { error: false, invalidates: paperChanged } });
