import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { QuestionRecord, QuestionUpdate } from '#contract/authoring';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

export const QuestionBody = z.object({ success: z.literal(true), question: QuestionRecord });

/** A question's fields as the server takes them. */
export type QuestionFields = Omit<z.input<typeof QuestionUpdate>, 'confirmKeyChange'>;

export interface SaveQuestionInput {
  id: number | null;
  moduleId: number;
  fields: QuestionFields;
  /** Once learners answered, changing the key must be confirmed (and re-marks, see fix-answer-key). */
  confirmKeyChange?: boolean;
}

/** POST question/v-rest/ or PUT question/v-rest/{id} */
export function putQuestion({ id, moduleId, fields, confirmKeyChange }: SaveQuestionInput) {
  return id == null
    ? api.post('/question/v-rest/', { body: { questionModuleId: moduleId, ...fields }, schema: QuestionBody })
    : api.put(`/question/v-rest/${id}`, {
        body: { ...fields, confirmKeyChange: confirmKeyChange ?? false },
        schema: QuestionBody,
      });
}

export async function saveQuestion(input: SaveQuestionInput) {
  const saved = await putQuestion(input);
  return { ...saved, message: input.id == null ? 'The question was added' : 'The question was saved' };
}

/** The editor shows a failure in place (its alert, or the key-change question on a 409). */
export const useSaveQuestion = () =>
  useMutation({
    mutationFn: saveQuestion,
    meta: { success: 'The question was saved', error: false, invalidates: paperChanged },
  });
