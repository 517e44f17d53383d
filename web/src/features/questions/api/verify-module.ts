import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { QuestionModuleRecord } from '#contract/authoring';
import type { PaperLanguage } from '#contract/questions';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

const ModuleBody = z.object({ success: z.literal(true), module: QuestionModuleRecord });

export interface VerifyModuleInput {
  id: number;
  language: PaperLanguage;
  verified: boolean;
}

/** POST question-module/v-rest/{id}/verify?verified&language: a section's title and intro in one other language. */
export const verifyModule = ({ id, language, verified }: VerifyModuleInput) =>
  api.post(`/question-module/v-rest/${id}/verify`, {
    query: { verified: String(verified), language },
    schema: ModuleBody,
  });

/** The page shows the new state, and a failure, in place. */
export const useVerifyModule = () =>
  useMutation({ mutationFn: verifyModule, meta: { error: false, invalidates: paperChanged } });
